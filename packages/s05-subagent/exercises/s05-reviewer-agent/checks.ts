/**
 * s05-reviewer-agent: the student's agent file in a workspace's .claude/agents/, the lesson's
 * agent started there; a scripted lead hands reviewer a file, and the checks read what the
 * lead was offered and what the reviewer child was sent.
 */
import { readFile } from "node:fs/promises";
import { expect } from "vitest";
import { defineChecks, type CheckContext } from "@learn/exercises";
import type { Lesson } from "@learn/core/harness";
import type { Script } from "@learn/core/simulator";
import { scriptedAgent } from "@learn/core/testing";

interface Body {
  system?: string | { text: string }[];
  tools?: { name: string; description: string }[];
}

/** The lead hands `reviewer` a file to review; returns the lead's first request, the child's, and the screen's errors. */
async function review(t: CheckContext) {
  const { lesson } = await t.lesson<{ lesson: Lesson }>("src/index.ts");
  const agentFile = await readFile(t.file("reviewer.md"), "utf8");
  const cwd = await t.workspace({ ".claude/agents/reviewer.md": agentFile, "src/app.js": "export const add = (a, b) => a - b;\n" });
  const task = { type: "tool_use", name: "task", input: { description: "Review app.js", prompt: "Review src/app.js.", subagent_type: "reviewer" } };
  const script = {
    turns: [
      { content: [task] },
      { agent: "reviewer-1", content: [{ type: "text", text: "src/app.js:1 — add subtracts." }] },
      { content: [{ type: "text", text: "Reviewed." }] },
    ],
  } as Script;
  const { agent, simulator, renderer } = await scriptedAgent(lesson, script, cwd);
  await agent.run("Review my change.", new AbortController().signal);
  const errors = [...renderer.ofKind("error"), ...renderer.ofKind("notice")].map((e) => e.text).filter((e) => e.includes("reviewer"));
  const body = (who: string) => simulator.requests.find((r) => r.agent === who)?.body as Body | undefined;
  return { lead: body("lead")!, child: body("reviewer-1"), problems: errors.join(" | ") };
}

const systemText = (body: Body) => (typeof body.system === "string" ? body.system : (body.system ?? []).map((b) => b.text).join("\n"));

export default defineChecks([
  {
    name: "your agent file loads: the task tool offers `reviewer`, described as a reviewer, read-only",
    async run(t) {
      const { lead, problems } = await review(t);
      expect(problems, "what the lesson said on screen about .claude/agents/reviewer.md when it started").toBe("");
      const task = lead.tools?.find((tool) => tool.name === "task")?.description ?? "";
      const line = task.split("\n").find((l) => l.startsWith("- reviewer:"));
      expect(line, "the task tool's description should list the reviewer type (a line `- reviewer: …`)").toBeDefined();
      expect(line?.slice("- reviewer:".length), "the reviewer's description should say it reviews").toMatch(/review/i);
      expect(line, "a reviewer changes nothing: its tools should make it read-only").toContain("(read-only:");
    },
  },
  {
    name: "the reviewer child gets read_file, grep and glob only, and your prompt, which says how to report",
    async run(t) {
      const { child } = await review(t);
      expect(child, "the scripted lead called task with subagent_type reviewer: the child reviewer-1 should have made a request").toBeDefined();
      expect(child!.tools?.map((tool) => tool.name).sort(), "the tools offered to reviewer-1").toEqual(["glob", "grep", "read_file"]);
      const system = systemText(child!);
      expect(system, "reviewer-1's system prompt should include your file's body, which says to report a problem as path:line").toMatch(/path:line/);
      expect(system, "…and what to say when there is nothing wrong: exactly `No problems found.`").toContain("No problems found.");
    },
  },
]);
