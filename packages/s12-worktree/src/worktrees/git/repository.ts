/**
 * Worktrees belong to a repository, so the workspace must BE one: the root of a git repository
 * of its own. A workspace inside another repository (the course's practice workspace is inside
 * the course's repository) is refused — a worktree made there would be a worktree of that other
 * repository, with its branches and its history. The refusal says how to make a repository of
 * a copy instead.
 */
import { realpath } from "node:fs/promises";
import { ToolError } from "@learn/core";
import { git, GitError, gitSays } from "./run-git.ts";

/** What to do instead, in one line. */
export function gitInitAdvice(dir: string): string {
  return (
    "Start this lesson without --cwd (it then works in a fresh copy of the practice workspace made a repository of its own), " +
    "or make a project of yours a repository — `git init && git add -A && git commit -m start` in a folder inside no other repository — " +
    `and start with --cwd <that folder> (not ${dir}: a repository inside another one confuses both).`
  );
}

/** The workspace's repository root, or a ToolError that says why worktrees cannot be made here. */
export async function repositoryOf(workspace: string, signal?: AbortSignal): Promise<string> {
  const here = await realpath(workspace);
  let top: string;
  try {
    top = await realpath((await git(here, ["rev-parse", "--show-toplevel"], signal)).trim());
  } catch (err) {
    if (!(err instanceof GitError)) throw err;
    throw new ToolError(`Worktrees need a git repository, and ${workspace} is not one (${err.message}).\n${gitInitAdvice(workspace)}`);
  }
  if (top !== here) {
    throw new ToolError(
      `Worktrees need the workspace to be the root of a git repository of its own, but ${workspace} is inside the repository at ${top}: ` +
        `a worktree made here would belong to that repository. Nothing was changed.\n${gitInitAdvice(workspace)}`,
    );
  }
  if (!(await gitSays(here, ["rev-parse", "--verify", "--quiet", "HEAD"], signal))) {
    throw new ToolError(`The repository at ${workspace} has no commit yet, and a worktree starts from one: commit once (git add -A && git commit -m start).`);
  }
  return here;
}
