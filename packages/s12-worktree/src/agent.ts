/**
 * Lesson 12's agent: the previous lesson's parts, with a git worktree per task, so agents
 * working in parallel never write into each other's files.
 *
 *   lead ── worktree_create discount { task_id: 1 } ──► .worktrees/discount on branch wt/discount
 *   alice claims #1 ──► her cwd moves into .worktrees/discount: edits, tests, commits there
 *   bob claims #2   ──► his into .worktrees/tax, at the same time
 *   lead ── git merge wt/discount wt/tax ──► worktree_remove { complete_task } ──► done
 *
 * Every git call is an argument array; the index and the event log live in .worktrees/.
 */
import { agentFrom, type Agent, type AgentOptions, type AgentParts } from "@learn/core";
import type { PartsOf } from "@learn/s05";
import { childParts as previousChildParts, lesson as previousLesson, parts as previousParts } from "@learn/s11";
import { following, withWorktrees, worktreesFor } from "./worktree-parts.ts";

export { previousLesson };

/** A subagent's parts, and a teammate's before its team tools: the previous lesson's. */
export const childParts: PartsOf = previousChildParts;

/** The lead's parts: the previous lesson's, with worktree tools; its children follow their tasks into worktrees. */
export async function parts(options: AgentOptions, children: PartsOf = childParts): Promise<AgentParts> {
  const setup = await worktreesFor(options);
  return withWorktrees(await previousParts(options, following(children, setup)), setup);
}

export async function createAgent(options: AgentOptions): Promise<Agent> {
  return agentFrom(await parts(options), options);
}
