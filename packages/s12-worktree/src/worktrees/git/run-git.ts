/**
 * Git, called the only safe way: the `git` program with an argument array, never a shell
 * string. A worktree name or a ref the model chose is then one argument whatever characters it
 * holds — `a; rm -rf ~` is a (refused) name, never a command.
 *
 * And through core's runGit, which keeps the repository from running anything through us: no
 * hook, no fsmonitor, no pager, no transport; a config that names a filter, diff or merge
 * driver, or includes another file, is refused before git starts (core/src/platform/safe-git.ts says
 * which keys and why). No GIT_* variable from outside reaches git, so every call acts on the
 * repository of the folder it is given; and git never stops to ask for a password.
 */
import { ToolError } from "@learn/core";
import { runGit } from "@learn/core/harness";

/** Long enough for a worktree checkout of a big project; a hung git is reported, not waited on. */
export const GIT_TIMEOUT_MS = 60_000;

/** A git call that failed: its message is git's own words, for the model or the user. */
export class GitError extends ToolError {
  override name = "GitError";
}

/** Run `git <args>` in `cwd`; its stdout, or a GitError with what git said. `env`: variables of our own (a commit's dates). */
export async function git(cwd: string, args: readonly string[], signal?: AbortSignal, env: NodeJS.ProcessEnv = {}): Promise<string> {
  const result = await runGit(cwd, args, { timeoutMs: GIT_TIMEOUT_MS, signal, env });
  if (result.startError) throw new GitError(`git could not be started (${result.startError}): is git installed?`);
  if (result.timedOut) throw new GitError(`git ${args[0]} did not finish within ${GIT_TIMEOUT_MS / 1000}s and was stopped`);
  if (result.aborted) throw new GitError(`git ${args[0]} was interrupted`);
  if (result.exitCode !== 0) throw new GitError(`git ${args[0]} failed: ${result.stderr.trim() || result.output.trim() || `exit ${result.exitCode}`}`);
  return result.stdout;
}

/** True when `git <args>` exits 0 (a question git answers with its exit code); a refused config throws. */
export async function gitSays(cwd: string, args: readonly string[], signal?: AbortSignal): Promise<boolean> {
  const result = await runGit(cwd, args, { timeoutMs: GIT_TIMEOUT_MS, signal });
  return result.exitCode === 0;
}
