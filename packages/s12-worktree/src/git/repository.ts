/**
 * Worktrees belong to a repository, so the workspace must BE one: the root of a git repository
 * of its own. A workspace inside another repository (the course's practice workspace is inside
 * the course's repository) is refused — a worktree made there would be a worktree of that other
 * repository, with its branches and its history. The refusal says how to make a repository of
 * a copy instead.
 */
import { realpath } from "node:fs/promises";
import path from "node:path";
import { ToolError } from "@learn/core";
import { git, GitError, gitSays } from "./run-git.ts";

/** How to make a copy of `dir` a repository of its own: the commands, ready to paste. */
export function gitInitAdvice(dir: string): string {
  const copy = `/tmp/${path.basename(dir)}-repo`;
  return (
    `Make a copy of it a repository of its own, then start there:\n` +
    `  cp -r ${dir} ${copy} && cd ${copy} && git init && git add -A && git commit -m start\n` +
    `  … start -- --cwd ${copy}\n` +
    `(With no --cwd at all, this lesson starts in a fresh copy of the practice workspace made a repository for you.)`
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
