/**
 * Git, called the only safe way: the `git` program with an argument array (core's runProcess),
 * never a shell string. A worktree name or a ref the model chose is then one argument whatever
 * characters it holds — `a; rm -rf ~` is a (refused) name, never a command.
 *
 * The environment loses the variables that would point git somewhere else (GIT_DIR,
 * GIT_WORK_TREE… — set, for one, while a git hook runs), so every call acts on the repository
 * of the folder it is given and nothing else; and git never stops to ask for a password.
 */
import { runProcess, ToolError } from "@learn/core";

/** Long enough for a worktree checkout of a big project; a hung git is reported, not waited on. */
export const GIT_TIMEOUT_MS = 60_000;

/** A git call that failed: its message is git's own words, for the model or the user. */
export class GitError extends ToolError {
  override name = "GitError";
}

/** This process's environment without what would send git to another repository. */
export function gitEnv(env: NodeJS.ProcessEnv = process.env): NodeJS.ProcessEnv {
  const clean: NodeJS.ProcessEnv = { GIT_TERMINAL_PROMPT: "0" };
  for (const [key, value] of Object.entries(env)) if (!key.startsWith("GIT_")) clean[key] = value;
  return clean;
}

/** Run `git <args>` in `cwd`; its stdout, or a GitError with what git said. `env`: variables of our own (a commit's dates). */
export async function git(cwd: string, args: readonly string[], signal?: AbortSignal, env: NodeJS.ProcessEnv = {}): Promise<string> {
  const result = await runProcess("git", args, { cwd, timeoutMs: GIT_TIMEOUT_MS, signal, env: { ...gitEnv(), ...env } });
  if (result.startError) throw new GitError(`git could not be started (${result.startError}): is git installed?`);
  if (result.timedOut) throw new GitError(`git ${args[0]} did not finish within ${GIT_TIMEOUT_MS / 1000}s and was stopped`);
  if (result.aborted) throw new GitError(`git ${args[0]} was interrupted`);
  if (result.exitCode !== 0) throw new GitError(`git ${args[0]} failed: ${result.stderr.trim() || result.output.trim() || `exit ${result.exitCode}`}`);
  return result.stdout;
}

/** True when `git <args>` exits 0 (a question git answers with its exit code). */
export async function gitSays(cwd: string, args: readonly string[], signal?: AbortSignal): Promise<boolean> {
  const result = await runProcess("git", args, { cwd, timeoutMs: GIT_TIMEOUT_MS, signal, env: gitEnv() });
  return result.exitCode === 0;
}
