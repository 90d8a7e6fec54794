/**
 * s12-status: the lesson's agent with the student's describe.ts, in a temporary git repository.
 * The scripted model makes a worktree and looks at it; the check then commits a file in it and
 * leaves another uncommitted (as a teammate would), and the model looks again. Its
 * worktree_status results are what the checks read.
 */
import { writeFile } from "node:fs/promises";
import path from "node:path";
import { expect } from "vitest";
import { defineChecks } from "@learn/exercises";
import type { Lesson } from "@learn/core/harness";
import { scriptedAgent, toolResultsOf } from "@learn/core/testing";

const use = (name: string, input: object) => ({ type: "tool_use", name, input });
const say = (text: string) => ({ content: [{ type: "text", text }] });

export default defineChecks([
  {
    name: "worktree_status: the index's line, the uncommitted changes, and whether the branch is merged",
    async run(t) {
      const { lesson } = await t.lesson<{ lesson: Lesson }>("src/index.ts");
      const { git } = await t.lesson<{ git: (cwd: string, args: string[]) => Promise<string> }>("src/worktrees/git/run-git.ts");
      const cwd = await t.workspace(); // a copy of the practice workspace
      await lesson.workspace!.prepare(cwd); // a repository of its own, one commit
      const look = { content: [use("worktree_status", { name: "tax" })] };
      const turns = [{ content: [use("worktree_create", { name: "tax" })] }, look, say("A worktree."), look, say("Looked.")];
      const { agent, simulator } = await scriptedAgent(lesson, JSON.stringify({ turns }), cwd);
      try {
        await agent.run("Make a worktree.", new AbortController().signal);
        // A teammate's work in tax: one commit, and one file not committed.
        const tax = path.join(cwd, ".worktrees/tax");
        await writeFile(path.join(tax, "tax.js"), "export const withTax = (c) => c;\n");
        await git(tax, ["add", "tax.js"]);
        await git(tax, ["-c", "user.name=check", "-c", "user.email=check@example.invalid", "commit", "--quiet", "-m", "Add withTax"]);
        await writeFile(path.join(tax, "notes.md"), "todo\n");
        await agent.run("How is it now?", new AbortController().signal);
      } finally {
        await agent.close?.();
      }
      const [fresh] = toolResultsOf(simulator.requests[2]!.body);
      const [worked] = toolResultsOf(simulator.requests.at(-1)!.body);
      expect(fresh?.content.split("\n")[0], "step 2, worktree_status { name: \"tax\" } just after worktree_create: first, its line from the index").toMatch(/^tax\s+active\s+\.worktrees\/tax\s+wt\/tax\s+no task$/);
      expect(fresh?.content, "step 2: nothing is uncommitted yet").toContain("\n  uncommitted: none");
      expect(fresh?.content, "step 2: wt/tax has nothing new yet: merged").toMatch(/\n {2}merged: yes/);
      expect(worked?.content, "step 4, worktree_status tax after a commit and a new file: one uncommitted file, notes.md").toContain("\n  uncommitted: 1 (?? notes.md)");
      expect(worked?.content, "step 4: one commit on wt/tax that the workspace's branch lacks").toContain("\n  not merged: 1 commit(s) on wt/tax");
    },
  },
]);
