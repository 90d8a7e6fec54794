/**
 * s06-explain-command: the student's command file in a workspace's .claude/commands/; the
 * lesson's agent runs `/explain-file …` as the REPL does (the command's prompt, then the turn),
 * and the checks read /help's line and the prompt the model was sent.
 */
import { readFile } from "node:fs/promises";
import { expect } from "vitest";
import { defineChecks, type CheckContext } from "@learn/exercises";
import type { Lesson } from "@learn/core/harness";
import { scriptedAgent } from "@learn/core/testing";

async function explain(t: CheckContext, args: string) {
  const { lesson } = await t.lesson<{ lesson: Lesson }>("src/index.ts");
  const file = await readFile(t.file("explain-file.md"), "utf8");
  const cwd = await t.workspace({ ".claude/commands/explain-file.md": file, "shop/src/cart.js": "export const total = (items) => items.length;\n" });
  const { agent, simulator, renderer } = await scriptedAgent(lesson, "turns: [ { content: [ { type: text, text: Explained. } ] } ]", cwd);
  const command = agent.commands?.find((c) => c.name === "explain-file");
  const problems = [...renderer.ofKind("error"), ...renderer.ofKind("notice")].map((e) => e.text).filter((e) => e.includes("explain-file"));
  if (!command) return { command, problems, sent: "" };
  const result = await command.run(args);
  const prompt = typeof result === "object" && result !== null && "prompt" in result ? String(result.prompt) : "";
  if (prompt) await agent.run(prompt, new AbortController().signal);
  const first = (simulator.requests[0]?.body as { messages: { content: string | { type: string; text?: string }[] }[] } | undefined)?.messages[0]?.content;
  const sent = typeof first === "string" ? first : (first ?? []).map((b) => b.text ?? "").join("\n");
  return { command, problems, sent };
}

export default defineChecks([
  {
    name: "/explain-file is offered, and /help shows its two arguments and a description",
    async run(t) {
      const { command, problems } = await explain(t, "");
      expect(problems, "what the lesson said on screen about your command file when it started").toEqual([]);
      expect(command?.name, "a command named explain-file (from .claude/commands/explain-file.md)").toBe("explain-file");
      const help = command!.description ?? "";
      expect(help, "/help's line: the argument hint should name the path").toMatch(/path/i);
      expect(help, "/help's line: the argument hint should name the audience").toMatch(/audience/i);
      expect(help, "/help's line: a description, not TODO").not.toMatch(/TODO/);
    },
  },
  {
    name: '/explain-file shop/src/cart.js "a new tester": the model gets the path and the audience, each in its place',
    async run(t) {
      const { sent } = await explain(t, 'shop/src/cart.js "a new tester"');
      expect(sent, "the prompt the model was sent should name the file").toContain("shop/src/cart.js");
      expect(sent, "…and the audience, without its quotes (it is the second argument, $1)").toMatch(/(?<!")a new tester(?!")/);
      expect(sent, "…with no argument appended at the end: a template without placeholders gets `ARGUMENTS: …`").not.toContain("ARGUMENTS:");
      expect(sent, "…and no placeholder left unfilled").not.toMatch(/\$(\d|ARGUMENTS)/);
    },
  },
]);
