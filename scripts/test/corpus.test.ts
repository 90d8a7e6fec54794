/**
 * The corpus runner's counting, on four files through a real lesson's --check-config (s09: it
 * reads the settings, the agent files and the scheduled tasks; s03, which reads no agent files,
 * for the "not checked" column): each verdict lands in the right column, and Claude Code's own
 * verdicts are the ones its rules give.
 */
import { readFile } from "node:fs/promises";
import { describe, expect, it } from "vitest";
import { lesson as s03 } from "@learn/s03";
import { lesson } from "@learn/s09";
import { claudeCodeVerdict } from "../corpus/claude-code-verdict.ts";
import { anyWrong, describeTallies, judge, kindOfIgnored, placeOf, tally, type CorpusFile } from "../corpus/corpus.ts";

const fixture = (file: string) => readFile(new URL(`../corpus/fixtures/${file}`, import.meta.url), "utf8");

describe("pnpm corpus", () => {
  it("tallies ignored entries by kind, not by the file's particulars", () => {
    expect(kindOfIgnored("version: 1.0.0")).toBe("version");
    expect(kindOfIgnored("permissions.allow[17] WebFetch(domain:x.com): no WebFetch tool here")).toBe("permissions.allow: WebFetch rules");
    expect(kindOfIgnored("permissions.deny[2] mcp__github__create_issue: no MCP tools here")).toBe("permissions.deny: MCP rules");
    expect(kindOfIgnored("hooks.preToolUse: the course has no such moment")).toBe("hooks.preToolUse");
    expect(kindOfIgnored("tasks[].createdByPid")).toBe("tasks[].createdByPid");
  });

  it("counts each file in its column: loaded, refused as Claude Code refuses, not read, not checked; the ignored fields by name", async () => {
    const files: CorpusFile[] = [
      { repository: "fixtures", path: "tasks/scheduled_tasks.json", format: "scheduledTasks", text: await fixture("tasks-claude-code/scheduled_tasks.json") },
      { repository: "fixtures", path: "list/scheduled_tasks.json", format: "scheduledTasks", text: await fixture("tasks-list-only/scheduled_tasks.json") },
      { repository: "fixtures", path: "local/settings.local.json", format: "settings.local", text: await fixture("settings-local/settings.local.json") },
      { repository: "fixtures", path: "agents/docs.writer.md", format: "agents", text: await fixture("agent-name-dots/agents/docs.writer.md") },
    ];
    const judged = await judge(files, lesson.checkConfig!.bind(lesson));
    expect(judged.map((j) => [j.place, j.claudeCode.verdict, j.course.status])).toEqual([
      [".claude/scheduled_tasks.json", "loads", "loaded"],
      [".claude/scheduled_tasks.json", "refuses", "refused"],
      [".claude/settings.local.json", "loads", "loaded"],
      [".claude/agents/docs.writer.md", "loads", "loaded"],
    ]);
    const tallies = tally(judged);
    expect(tallies.get("scheduledTasks")).toMatchObject({ files: 2, loaded: 1, refusedAsClaudeCode: 1, refusedWrongly: 0 });
    expect([...tallies.get("scheduledTasks")!.ignored]).toEqual([
      ["tasks[].createdBySessionId", 1],
      ["tasks[].createdByPid", 1],
      ["tasks[].createdByProcStart", 1],
    ]);
    expect(tallies.get("settings.local")).toMatchObject({ files: 1, loaded: 1, notRead: 0 });
    expect(anyWrong(tallies)).toBe(false);
    expect(describeTallies(tallies).split("\n")[2]).toMatch(/^agents +1 +1 +0 +0 +0 +0 +0 +0$/);
    // A lesson before s05 reads no agent files: the same file is not checked.
    const early = tally(await judge(files.slice(3), s03.checkConfig!.bind(s03)));
    expect(describeTallies(early).split("\n")[1]).toMatch(/^agents +1 +not checked +1$/);
  });

  it("places a file where Claude Code finds it: a command keeps its subfolder, a skill its folder", () => {
    expect(placeOf("commands", "plugins/x/commands/git/commit.md")).toBe(".claude/commands/git/commit.md");
    expect(placeOf("skills", "skills/pdf-tools/SKILL.md")).toBe(".claude/skills/pdf-tools/SKILL.md");
    expect(placeOf("agents", "plugins/x/agents/a.md")).toBe(".claude/agents/a.md");
  });

  it("Claude Code's verdicts: YAML that fails on \": \" is quoted and read again; no description, or a name with \":\", is refused", async () => {
    expect(claudeCodeVerdict("agents", await fixture("agent-colon/agents/release-checker.md"))).toEqual({ verdict: "loads" });
    expect(claudeCodeVerdict("agents", await fixture("agent-no-description/agents/unfinished.md"))).toEqual({ verdict: "refuses", why: "no description" });
    expect(claudeCodeVerdict("agents", await fixture("agent-name-colon/agents/ns-agent.md"))).toEqual({ verdict: "refuses", why: 'name contains ":"' });
    expect(claudeCodeVerdict("scheduledTasks", '{ "tasks": [], // by hand\n}')).toEqual({ verdict: "loads" }); // JSONC
    expect(claudeCodeVerdict("settings", await fixture("settings-not-json/settings.json"))).toEqual({ verdict: "refuses", why: "not a JSON object" });
  });
});
