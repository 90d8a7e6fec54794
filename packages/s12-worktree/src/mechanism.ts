/**
 * What lesson 12 adds: a git worktree per task, so agents working at once never touch the same
 * files, as two mechanisms (worktree-parts.ts):
 *
 *   worktrees      the lead: the worktree tools and `/worktrees`
 *   follow tasks   every child — a teammate, a subagent: a cwd that follows its bound task into that task's worktree
 *
 * Both use the session's one view of the worktrees, made by the lead.
 */
export { followTasks, worktrees } from "./worktree-parts.ts";
