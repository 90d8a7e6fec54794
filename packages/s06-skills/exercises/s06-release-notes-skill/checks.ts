/**
 * s06-release-notes-skill: the student's SKILL.md and examples.md in a workspace's
 * .claude/skills/release-notes/; a scripted model loads the skill and its examples, and the
 * checks read the system prompt it was sent and the results it got.
 */
import { readFile } from "node:fs/promises";
import { expect } from "vitest";
import { defineChecks, type CheckContext } from "@learn/exercises";
import type { Lesson } from "@learn/core/harness";
import { scriptedAgent, toolResultsOf } from "@learn/core/testing";

const load = (input: object) => ({ type: "tool_use", name: "load_skill", input });

async function session(t: CheckContext) {
  const { lesson } = await t.lesson<{ lesson: Lesson }>("src/index.ts");
  const skill = await readFile(t.file("SKILL.md"), "utf8");
  const examples = await readFile(t.file("examples.md"), "utf8");
  const cwd = await t.workspace({ ".claude/skills/release-notes/SKILL.md": skill, ".claude/skills/release-notes/examples.md": examples });
  const turns = [{ content: [load({ name: "release-notes" })] }, { content: [load({ name: "release-notes", file: "examples.md" })] }, { content: [{ type: "text", text: "Notes written." }] }];
  const { agent, simulator, renderer } = await scriptedAgent(lesson, JSON.stringify({ turns }), cwd);
  await agent.run("Write the release notes for 1.3.0.", new AbortController().signal);
  const system = (simulator.requests[0]!.body as { system?: string | { text: string }[] }).system ?? "";
  const lines = (typeof system === "string" ? system : system.map((b) => b.text).join("\n")).split("\n");
  const line = lines.find((l) => l.startsWith("- release-notes: ")) ?? "";
  const problems = [...renderer.ofKind("error"), ...renderer.ofKind("notice")].map((e) => e.text).filter((e) => e.includes("release-notes"));
  const [skillResult] = toolResultsOf(simulator.requests[1]!.body);
  const [examplesResult] = toolResultsOf(simulator.requests[2]!.body);
  return { line, problems, skillResult, examplesResult, examples };
}

export default defineChecks([
  {
    name: "your skill is listed in the system prompt, its description saying what it does and when: release notes from git log",
    async run(t) {
      const { line, problems } = await session(t);
      expect(problems, "what the lesson said on screen about your skill when it started").toEqual([]);
      expect(line, "the skills section of the system prompt should list `- release-notes: <your description>`").not.toBe("");
      const description = line.slice("- release-notes: ".length);
      expect(description, "the description should say what it makes: release notes").toMatch(/release notes/i);
      expect(description, "…and from what, the words a user would ask with: git log (or commits)").toMatch(/git log|commits/i);
    },
  },
  {
    name: "load_skill returns your instructions, which send the model to examples.md; examples.md shows git log lines",
    async run(t) {
      const { skillResult, examplesResult, examples } = await session(t);
      expect(skillResult?.isError, `step 1, load_skill { name: "release-notes" }: ${skillResult?.content.slice(0, 200)}`).toBe(false);
      const body = skillResult!.content.split("</skill>")[0]!;
      expect(body, "step 1: your instructions (SKILL.md's body) should tell the model to read examples.md").toContain("examples.md");
      expect(body, "step 1: your instructions should say which git log command gets the commits").toMatch(/git log/);
      expect(examplesResult, 'step 2, load_skill { name: "release-notes", file: "examples.md" }: should return your examples').toMatchObject({ isError: false, content: examples });
      expect(examples, "examples.md should hold at least one `git log --oneline` line: a short hash, then the subject (`9f3c2a1 Add CSV export`)").toMatch(/^[0-9a-f]{7,40} \S/m);
    },
  },
]);
