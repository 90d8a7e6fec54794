/**
 * The harness's own git calls (s12's worktrees, the practice workspace's copy), safe from the
 * repository they run in.
 *
 * A repository's config can name programs for git to start by itself: `core.fsmonitor` on
 * nearly every command, hooks on a checkout or a branch deleted, a filter driver on every file
 * checked out. An agent that could write `.git/config` once (or a `.git` of its own inside the
 * workspace: a worktree's `.git` file, a submodule) would have the harness run its command —
 * in any mode, plan mode included, with no tool call that shows it. So every harness git call:
 *
 *   switches off what an option can switch off, by name (SAFE_GIT_OPTIONS, safeGitEnv):
 *     --no-pager                 core.pager, pager.<cmd>
 *     core.fsmonitor=false       the program git asks which files changed
 *     core.hooksPath=/dev/null   every hook: .git/hooks/* and a planted core.hooksPath alike
 *     commit/tag.gpgSign=false   gpg.program
 *     GIT_EDITOR=true            core.editor (our calls give their messages; nothing waits)
 *     GIT_ALLOW_PROTOCOL=""      every transport, so everything that only runs to reach another
 *                                repository never starts: core.sshCommand, core.gitProxy,
 *                                remote.<name>.uploadpack/receivepack/vcs, credential helpers,
 *                                core.askPass (our calls never fetch or push)
 *     no GIT_* from outside      GIT_DIR, GIT_EXEC_PATH, GIT_CONFIG_PARAMETERS… cannot send it
 *                                elsewhere or switch the options back on
 *
 *   refuses, before it runs, when the repository's own config (local or worktree scope, and
 *   the files those include) sets a key no option can switch off, because its name holds the
 *   driver's (PROGRAM_KEYS): filter, diff and merge drivers, and includes — a file pulled in
 *   from anywhere, changed by anyone, every time. Reading the config runs nothing. The check
 *   runs in the same folder as the call, just before it, so it reads what the call will read.
 *
 * The user's own global and system config are trusted (an agent cannot write outside the
 * workspace): a global git-lfs filter still works. Where this is stricter than git itself:
 * a repository with a local filter (git-crypt, `git lfs install --local`) is refused, not run.
 */
import { runProcess, type RunOptions, type RunResult } from "./process.ts";
import { withoutProcessWrapper } from "./process-wrapper.ts";
import { ToolError } from "./tool-error.ts";

export const SAFE_GIT_OPTIONS: readonly string[] = [
  "--no-pager",
  ...["core.fsmonitor=false", "core.hooksPath=/dev/null", "commit.gpgSign=false", "tag.gpgSign=false"].flatMap((setting) => ["-c", setting]),
];

/** Config keys that name a program git starts by itself, which no option switches off. */
export const PROGRAM_KEYS: readonly { key: RegExp; what: string }[] = [
  { key: /^filter\..+\.(clean|smudge|process)$/i, what: "a filter driver's program: git runs it on every file it checks out or reads" },
  { key: /^diff\..+\.(textconv|command)$|^diff\.external$/i, what: "a diff driver's program: git runs it to compare files" },
  { key: /^merge\..+\.driver$/i, what: "a merge driver's program: git runs it to merge files" },
  { key: /^include\.path$|^includeif\..+\.path$/i, what: "an include: it pulls in another file's settings, which could name any program" },
];

/** Scopes that are the user's own, not the repository's; "command" is our own -c. */
const TRUSTED_SCOPES = new Set(["system", "global", "command"]);

/** A config listing too big to read whole is refused, not half checked. */
const MAX_CONFIG_CHARS = 1_000_000;

/** A harness git call refused because the repository's config names a program for git to run. */
export class UnsafeGitConfigError extends ToolError {
  override name = "UnsafeGitConfigError";
}

/** This process's environment without any GIT_* variable, and with the safe ones; `extra` (a commit's dates) may not undo them. */
export function safeGitEnv(extra: NodeJS.ProcessEnv = {}, env: NodeJS.ProcessEnv = process.env): NodeJS.ProcessEnv {
  const clean: NodeJS.ProcessEnv = {};
  for (const [key, value] of Object.entries(env)) if (!key.startsWith("GIT_")) clean[key] = value;
  return { ...clean, ...extra, GIT_TERMINAL_PROMPT: "0", GIT_EDITOR: "true", GIT_ALLOW_PROTOCOL: "" };
}

/**
 * Run `git <args>` in `cwd` the safe way: the repository's config checked first (a refusal is
 * thrown as an UnsafeGitConfigError), then git with SAFE_GIT_OPTIONS and safeGitEnv. When the
 * config cannot be read (a broken file, no git at all), that failed run is the result: the
 * call would have failed the same way.
 */
export function runGit(cwd: string, args: readonly string[], options: Omit<RunOptions, "cwd">): Promise<RunResult> {
  // The harness's own git, never the agent's command: no process wrapper (s14's sandbox) applies.
  return withoutProcessWrapper(() => runSafeGit(cwd, args, options));
}

async function runSafeGit(cwd: string, args: readonly string[], options: Omit<RunOptions, "cwd">): Promise<RunResult> {
  const env = safeGitEnv(options.env);
  const listing = await runProcess("git", [...SAFE_GIT_OPTIONS, "config", "--list", "--show-scope", "--show-origin", "-z"], {
    ...options,
    cwd,
    env,
    maxChars: MAX_CONFIG_CHARS,
    maxStdoutChars: MAX_CONFIG_CHARS,
  });
  if (listing.exitCode !== 0) return listing;
  if (listing.droppedChars > 0) throw new UnsafeGitConfigError(`The git config read in ${cwd} is over ${MAX_CONFIG_CHARS} characters, too big to check for programs it names: nothing was run.`);
  const found = programKeysIn(listing.stdout);
  if (found.length > 0) throw new UnsafeGitConfigError(refusal(found));
  return runProcess("git", [...SAFE_GIT_OPTIONS, ...args], { ...options, cwd, env });
}

export interface ProgramKey {
  key: string;
  /** Where it is set, as git says: `file:.git/config`. */
  origin: string;
  what: string;
}

/** The program keys in `git config --list --show-scope --show-origin -z` output, outside the trusted scopes. */
export function programKeysIn(listing: string): ProgramKey[] {
  const fields = listing.split("\0");
  const found: ProgramKey[] = [];
  // Each entry is three fields: scope, origin, and "key\nvalue" (or "key" alone for a bare boolean).
  for (let i = 0; i + 2 < fields.length; i += 3) {
    const [scope, origin, entry] = [fields[i]!, fields[i + 1]!, fields[i + 2]!];
    if (TRUSTED_SCOPES.has(scope)) continue;
    const key = entry.split("\n", 1)[0]!;
    const match = PROGRAM_KEYS.find((p) => p.key.test(key));
    if (match) found.push({ key, origin, what: match.what });
  }
  return found;
}

function refusal(found: readonly ProgramKey[]): string {
  const first = found[0]!;
  const others = found.length > 1 ? ` (and ${found.slice(1).map((f) => f.key).join(", ")})` : "";
  return (
    `This repository's git config sets ${first.key} in ${first.origin.replace(/^file:/, "")}${others} — ${first.what}. ` +
    "The harness's own git calls run no program a repository's config names: nothing was run. " +
    `If you set it and trust it, remove it (git config --unset ${first.key}) or use a repository without it; if you did not, find out what wrote it.`
  );
}
