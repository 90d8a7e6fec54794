/**
 * Issue 27's rows for s06, through the lead's own parts (the mechanisms, as the agent is built):
 * a skill run as `/name args`, a user-only skill the model cannot load, a model-only skill that is
 * no slash command, the user's folder (a temp one: never this machine's ~/.claude), a `/commit`
 * whose inline git commands are read-only running with no rule and no terminal, and
 * --check-config's skills and commands.
 */
import { describe, expect, it } from "vitest";
import { isCommandTurn, partsFrom, type AgentOptions } from "@learn/core";
import { RecordingRenderer, scriptedModel, testContext, useTempWorkspace } from "@learn/core/testing";
import { lesson, mechanisms } from "../src/index.ts";
import { commandBody } from "./helpers.ts";

const ws = useTempWorkspace({
  ".claude/skills/fix-issue/SKILL.md": "---\nname: Fix an issue\nargument-hint: [number]\nmodel: sonnet\n---\nFix issue #$0 ($ARGUMENTS). Files: !`ls -1 notes`\n",
  ".claude/skills/deploy/SKILL.md": "---\ndescription: Ship it\ndisable-model-invocation: true\n---\nDeploy now.\n",
  ".claude/skills/background/SKILL.md": "---\ndescription: House style\nuser-invocable: false\n---\nWrite plainly.\n",
  ".claude/commands/commit.md": "Status: !`git status --short`\nDiff: !`git diff HEAD`\nMake a commit.\n",
  ".claude/commands/frontend/test.md": "Test the frontend: $ARGUMENTS\n",
  "home/.claude/skills/mine/SKILL.md": "My own skill.\n",
  "notes/a.md": "a\n",
});

async function lead() {
  const renderer = new RecordingRenderer();
  const { model } = scriptedModel("turns: [ { content: [ { type: text, text: hi } ] } ]");
  const options: AgentOptions = { model, cwd: ws.dir, renderer, interactive: false, ask: async () => "n", flags: {}, userDir: `${ws.dir}/home/.claude` };
  return { parts: await partsFrom(mechanisms, options), renderer };
}

describe("skills and commands, read as Claude Code reads them", () => {
  it("a skill runs as /name args: its folder named, arguments filled, its read-only inline command run", async () => {
    const { parts } = await lead();
    const out = await parts.commands.find((c) => c.name === "fix-issue")!.run("42 urgent");
    expect(isCommandTurn(out) && commandBody(out.prompt)).toBe(`Base directory for this skill: ${ws.dir}/.claude/skills/fix-issue\n\nFix issue #42 (42 urgent). Files: a.md`);
  });

  it("user-only: a slash command, but not loadable by the model; model-only: no slash command", async () => {
    const { parts } = await lead();
    const names = parts.commands.map((c) => c.name);
    expect(names).toEqual(expect.arrayContaining(["deploy", "fix-issue", "mine", "commit", "frontend:test"]));
    expect(names).not.toContain("background");
    const loadSkill = parts.tools.find((t) => t.name === "load_skill")!;
    expect(await loadSkill.execute({ name: "deploy" }, testContext(ws.dir))).toMatchObject({
      content: 'Error: the skill "deploy" can only be started by the user (/deploy); it is not offered to you.',
      isError: true,
    });
    expect((await loadSkill.execute({ name: "background" }, testContext(ws.dir))).content).toContain("Write plainly.");
  });

  it("start-up says once which fields were read and ignored", async () => {
    const { renderer } = await lead();
    expect(renderer.ofKind("notice").map((n) => n.text)).toContain(".claude/skills/fix-issue/SKILL.md: read, with no mechanism here, ignored: model: sonnet");
  });

  it("/commit's read-only git commands run with no allow rule and no terminal (as in --print)", async () => {
    const { runGit } = await import("@learn/core/harness");
    await runGit(ws.dir, ["init", "-q"], { timeoutMs: 10_000 });
    await runGit(ws.dir, ["-c", "user.email=t@example.com", "-c", "user.name=t", "commit", "-q", "--allow-empty", "-m", "start"], { timeoutMs: 10_000 });
    const { parts } = await lead();
    const out = await parts.commands.find((c) => c.name === "commit")!.run("");
    expect(isCommandTurn(out) && commandBody(out.prompt)).toMatch(/^Status: [\s\S]*\nDiff: [\s\S]*\nMake a commit\.$/);
  });

  it("--check-config lists every skill and command file of the workspace and the user's folder", async () => {
    const report = await lesson.checkConfig!({ cwd: ws.dir, userDir: `${ws.dir}/home/.claude` });
    expect(report.skills!.map((s) => [s.file, s.name, s.status, s.ignored])).toEqual([
      ["~/.claude/skills/mine/SKILL.md", "mine", "loaded", []],
      [".claude/skills/background/SKILL.md", "background", "loaded", []],
      [".claude/skills/deploy/SKILL.md", "deploy", "loaded", []],
      [".claude/skills/fix-issue/SKILL.md", "fix-issue", "loaded", ["model: sonnet"]],
    ]);
    expect(report.commands!.map((c) => [c.file, c.name, c.status])).toEqual([
      [".claude/commands/commit.md", "commit", "loaded"],
      [".claude/commands/frontend/test.md", "frontend:test", "loaded"],
    ]);
  });
});
