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

/** Each bad name, what its reason must say (in words, for the message), and how that is checked. */
const quoted = (c: string) => new RegExp(`["'\`]${c.replace(/[.*+?^${}()|[\]\\/]/g, "\\$&")}["'\`]`);
const BAD: [name: string, says: string, ...must: RegExp[]][] = [
  ["", "the limit (40) and how long this name is (0)", /\b40\b/, /\b0\b/],
  ["x".repeat(41), "the limit (40) and how long this name is (41)", /\b40\b/, /\b41\b/],
  ["../escape", 'which character is not allowed, quoted: "/"', quoted("/")],
  ["fix bug/2", 'each character not allowed, quoted: " " and "/"', quoted(" "), quoted("/")],
  ["-rf", "that a name must not start with -", /start/i],
  ["..", "that .. is a step in a path, or that git refuses .. in a branch", /path|\.\./i],
  ["a..b", 'that git refuses ".." in a branch name', /\.\./, /branch/i],
  ["feature.", 'that a name must not end with "."', /end/i],
  ["main.lock", 'that a name must not end with ".lock"', /end/i, /\.lock/],
];

export default defineChecks([
  {
    name: "a bad name is refused before anything runs, with the reason",
    async run(t) {
      const results = await create(t, BAD.map(([name]) => name));
      for (const [[name, says, ...must], { result }] of BAD.map((bad, i) => [bad, results[i]!] as const)) {
        const call = `worktree_create { name: ${JSON.stringify(name)} }`;
        expect(result.isError, `${call} should be an error result`).toBe(true);
        for (const pattern of must) expect(result.content, `${call}: the reason should say ${says}`).toMatch(pattern);
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
