/**
 * s12-prune: the lesson's agent with the student's worktrees-command.ts, in a temporary git
 * repository. A scripted model makes three worktrees (one clean, one a task is in progress in,
 * one the check leaves an uncommitted file in), as a session that crashed would leave them;
 * then the check types `/worktrees prune`.
 */
import { access, writeFile } from "node:fs/promises";
import path from "node:path";
import { expect } from "vitest";
import { defineChecks } from "@learn/exercises";
import type { Lesson } from "@learn/core/harness";
import { scriptedAgent, toolResultsOf } from "@learn/core/testing";

const use = (name: string, input: object) => ({ type: "tool_use", name, input });
const exists = (file: string) => access(file).then(() => true, () => false);

export default defineChecks([
  {
    name: "/worktrees prune removes a clean worktree, keeps one with uncommitted work and one a task is in progress in, and says why",
    async run(t) {
      const { lesson } = await t.lesson<{ lesson: Lesson }>("src/index.ts");
      const cwd = await t.workspace(); // a copy of the practice workspace
      await lesson.workspace!.prepare(cwd); // a repository of its own, one commit
      const turns = [
        { content: ["clean", "dirty", "busy"].map((name) => use("worktree_create", { name })) },
        { content: [use("task_create", { subject: "Write tax" })] },
        { content: [use("task_bind_worktree", { task_id: 1, name: "busy" }), use("task_update", { id: 1, status: "in_progress", owner: "alice" })] },
        { content: [{ type: "text", text: "Three worktrees." }] },
      ];
      const { agent, simulator } = await scriptedAgent(lesson, JSON.stringify({ turns }), cwd);
      let said: unknown;
      try {
        await agent.run("Make three worktrees.", new AbortController().signal);
        const failed = simulator.requests.slice(1).flatMap((r) => toolResultsOf(r.body)).filter((r) => r.isError);
        expect(failed.map((r) => r.content), "setting up: the scripted worktree and task calls should all succeed").toEqual([]);
        await writeFile(path.join(cwd, ".worktrees/dirty/notes.md"), "work in progress\n");
        const command = (agent.commands ?? []).find((c) => c.name === "worktrees")!;
        said = await command.run("prune");
      } finally {
        await agent.close?.();
      }
      // One line a worktree, in your words: it must name the worktree and say what happened and why.
      const lines = String(said).split("\n");
      const about = (name: string) => lines.find((line) => new RegExp(`\\b${name}\\b`).test(line)) ?? `(no line names ${name}; /worktrees prune said: ${String(said)})`;
      expect(about("clean"), "/worktrees prune: `clean` has nothing to lose and no task: a line that says it was removed").toMatch(/remov/i);
      expect(about("dirty"), "/worktrees prune: `dirty` has an uncommitted notes.md: a line that keeps it and says why (uncommitted, notes.md)").toMatch(/uncommitted[\s\S]*notes\.md|notes\.md[\s\S]*uncommitted/i);
      expect(about("busy"), "/worktrees prune: task #1 is in progress in `busy`: a line that keeps it and says why (task #1, in progress)").toMatch(/#1[\s\S]*in.progress|in.progress[\s\S]*#1/i);
      expect(about("dirty"), "…and the line about `dirty` must not say it was removed").not.toMatch(/^removed/i);
      expect(await exists(path.join(cwd, ".worktrees/clean")), "the folder .worktrees/clean after the prune").toBe(false);
      expect(await exists(path.join(cwd, ".worktrees/dirty/notes.md")), "the uncommitted file .worktrees/dirty/notes.md after the prune").toBe(true);
    },
  },
]);
