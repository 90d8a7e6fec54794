/**
 * s12-status: the lesson's agent with the student's describe.ts, in a temporary git repository.
 * The scripted model makes two worktrees; the check then commits a file in one and leaves an
 * uncommitted file in it (as a teammate would); the model's worktree_status calls are what the
 * checks read.
 */
import { writeFile } from "node:fs/promises";
import path from "node:path";
import { expect } from "vitest";
import { defineChecks } from "@learn/exercises";
import type { Lesson } from "@learn/core/harness";
import { scriptedAgent, toolResultsOf } from "@learn/core/testing";

const use = (name: string, input: object) => ({ type: "tool_use", name, input });

export default defineChecks([
  {
    name: "worktree_status: the index's line, the uncommitted changes, and whether the branch is merged",
    async run(t) {
      const { lesson } = await t.lesson<{ lesson: Lesson }>("src/index.ts");
      const { git } = await t.lesson<{ git: (cwd: string, args: string[]) => Promise<string> }>("src/git/run-git.ts");
      const cwd = await t.workspace(); // a copy of the practice workspace
      await lesson.workspace!.prepare(cwd); // a repository of its own, one commit
      const turns = [
        { content: [use("worktree_create", { name: "tax" }), use("worktree_create", { name: "fresh" })] },
        { content: [{ type: "text", text: "Two worktrees." }] },
        { content: [use("worktree_status", { name: "tax" }), use("worktree_status", { name: "fresh" })] },
        { content: [{ type: "text", text: "Looked." }] },
      ];
      const { agent, simulator } = await scriptedAgent(lesson, JSON.stringify({ turns }), cwd);
      try {
        await agent.run("Make two worktrees.", new AbortController().signal);
        // A teammate's work in tax: one commit, and one file not committed.
        const tax = path.join(cwd, ".worktrees/tax");
        await writeFile(path.join(tax, "tax.js"), "export const withTax = (c) => c;\n");
        await git(tax, ["add", "tax.js"]);
        await git(tax, ["-c", "user.name=check", "-c", "user.email=check@example.invalid", "commit", "--quiet", "-m", "Add withTax"]);
        await writeFile(path.join(tax, "notes.md"), "todo\n");
        await agent.run("How are they?", new AbortController().signal);
      } finally {
        await agent.close?.();
      }
      const [tax, fresh] = toolResultsOf(simulator.requests.at(-1)!.body);
      expect(tax!.content.split("\n")[0], "worktree_status { name: \"tax\" }: first, its line from the index").toMatch(/^tax\s+active\s+\.worktrees\/tax\s+wt\/tax\s+no task$/);
      expect(tax!.content, "worktree_status tax: one uncommitted file, notes.md").toContain("\n  uncommitted: 1 (?? notes.md)");
      expect(tax!.content, "worktree_status tax: one commit on wt/tax that the workspace's branch lacks").toContain("\n  not merged: 1 commit(s) on wt/tax");
      expect(fresh!.content, "worktree_status { name: \"fresh\" }: nothing uncommitted").toContain("\n  uncommitted: none");
      expect(fresh!.content, "worktree_status fresh: its branch has nothing new: merged").toMatch(/\n {2}merged: yes/);
    },
  },
]);
