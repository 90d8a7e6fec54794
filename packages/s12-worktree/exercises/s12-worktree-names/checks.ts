/**
 * s12-worktree-names: the lesson's agent with the student's names.ts; a scripted model asks for
 * worktrees with names a model might write, and the checks read the tool results. The workspace
 * is not a git repository, so a name that passes is refused for that instead: nothing is made.
 */
import { expect } from "vitest";
import { defineChecks, type CheckContext } from "@learn/exercises";
import type { Lesson } from "@learn/core/harness";
import { scriptedAgent, toolResultsOf } from "@learn/core/testing";

/** worktree_create with each name, one round each; the results. */
async function create(t: CheckContext, names: string[]) {
  const { lesson } = await t.lesson<{ lesson: Lesson }>("src/index.ts");
  const turns = names.map((name) => ({ content: [{ type: "tool_use", name: "worktree_create", input: { name } }] }));
  const { agent, simulator } = await scriptedAgent(lesson, JSON.stringify({ turns: [...turns, { content: [{ type: "text", text: "Done." }] }] }), await t.workspace({}));
  try {
    await agent.run("Make worktrees.", new AbortController().signal);
  } finally {
    await agent.close?.();
  }
  return names.map((name, i) => ({ name, result: toolResultsOf(simulator.requests[i + 1]!.body)[0]! }));
}

const BAD: Record<string, RegExp> = {
  "": /1 to 40 characters \(this one has 0\)/,
  ["x".repeat(41)]: /1 to 40 characters \(this one has 41\)/,
  "../escape": /letters, digits.*not "\/"/,
  "fix bug/2": /not " ", "\/"/,
  "-rf": /must not start with "-"/,
  "..": /step in a path|no "\.\."/,
  "a..b": /no "\.\."/,
  "feature.": /"\." or "\.lock" at the end/,
  "main.lock": /"\." or "\.lock" at the end/,
};

export default defineChecks([
  {
    name: "a bad name is refused before anything runs, with the reason",
    async run(t) {
      for (const { name, result } of await create(t, Object.keys(BAD))) {
        expect(result.isError, `worktree_create { name: ${JSON.stringify(name)} } should be an error result`).toBe(true);
        expect(result.content, `worktree_create { name: ${JSON.stringify(name)} }: the reason`).toMatch(BAD[name]!);
      }
    },
  },
  {
    name: "a good name passes the name check (the workspace, not a repository, is what stops it here)",
    async run(t) {
      for (const { name, result } of await create(t, ["feature-1", "v2.0_fix", "A".repeat(40)])) {
        expect(result.content, `worktree_create { name: ${JSON.stringify(name)} }: a good name; only the missing repository may refuse it`).toMatch(/git repository/);
        expect(result.content, `worktree_create { name: ${JSON.stringify(name)} }: not a name problem`).not.toMatch(/Invalid input/);
      }
    },
  },
]);
