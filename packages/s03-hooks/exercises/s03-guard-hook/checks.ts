/**
 * s03-guard-hook: the lesson's agent with a settings file that registers the student's hook for
 * Bash (as a student would in .claude/settings.json); a scripted model tries pushes. Default
 * mode without a terminal answers the permission question "no", so no push ever runs: the
 * checks tell the hook's block ("…blocked it: <reason>") from that question's no.
 */
import { expect } from "vitest";
import { defineChecks, type CheckContext } from "@learn/exercises";
import type { Lesson } from "@learn/core/harness";
import { scriptedAgent, toolResultsOf } from "@learn/core/testing";

async function resultsFor(t: CheckContext, commands: string[]) {
  const { lesson } = await t.lesson<{ lesson: Lesson }>("src/index.ts");
  const hook = { type: "command", command: `node ${JSON.stringify(t.file("block-push-main.mjs"))}` };
  const settings = { hooks: { PreToolUse: [{ matcher: "Bash", hooks: [hook] }] } };
  const cwd = await t.workspace({ ".claude/settings.json": JSON.stringify(settings) });
  const turns = commands.map((command) => `  - content: [ { type: tool_use, name: bash, input: { command: ${JSON.stringify(command)} } } ]`);
  const { agent, simulator, renderer } = await scriptedAgent(lesson, ["turns:", ...turns, "  - content: [ { type: text, text: 'Done.' } ]"].join("\n"), cwd);
  await agent.run("push my work", new AbortController().signal);
  // A hook that crashes (a syntax error, a bad JSON.parse) is reported on the screen: show the student.
  const said = [...renderer.ofKind("error"), ...renderer.ofKind("notice")].map((e) => e.text).filter((text) => text.includes("block-push-main"));
  const screen = said.length > 0 ? ` (the screen said: ${said.join(" | ").replace(/\s*\n\s*/g, " ").slice(0, 400)})` : "";
  return commands.map((command, i) => ({ command, result: toolResultsOf(simulator.requests[i + 1]!.body)[0], screen }));
}

export default defineChecks([
  {
    name: "git push to main is blocked by your hook, with a reason the model reads",
    async run(t) {
      for (const { command, result, screen } of await resultsFor(t, ["git push origin main", "git push --force origin main"])) {
        expect(result?.content, `\`${command}\`: the result should say your hook blocked it (exit 2)${screen}`).toContain("blocked it");
        expect(result?.content.split("blocked it:")[1]?.trim() ?? "", `\`${command}\`: your hook should write a reason on stderr`).not.toMatch(/^$|no reason given/);
      }
    },
  },
  {
    name: "other commands pass your hook: git push to a branch, git status",
    async run(t) {
      for (const { command, result } of await resultsFor(t, ["git push origin feature", "git status"])) {
        expect(result?.content, `\`${command}\` should not be blocked by your hook`).not.toContain("blocked it");
      }
    },
  },
]);
