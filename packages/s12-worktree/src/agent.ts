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
import { agentFromMechanisms, type AgentOptions, type Mechanism } from "@learn/core";
import { mechanisms as previous } from "@learn/s11";
import { worktrees } from "./worktrees/index.ts";
import { followTasks } from "./follow-tasks/index.ts";

export const mechanisms: readonly Mechanism[] = [...previous, worktrees, followTasks];

export const createAgent = (options: AgentOptions) => agentFromMechanisms(mechanisms, options);
