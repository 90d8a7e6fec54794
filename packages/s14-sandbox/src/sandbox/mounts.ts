/**
 * What the sandbox opens and hides for one command, looked up just before it starts (a file
 * the model created a moment ago counts):
 *
 *   writable      the workspace, and the session's temp dir
 *   read-only     in it: .git/config and .git/hooks (git runs what they name), .claude/ (the
 *                 agent's own rules and hooks), .mcp.json, shell start-up files — wherever a
 *                 `.git` or `.claude` folder is, at any depth (a worktree's too)
 *   hidden        every file s03's policy may not read (`Read(...)` deny rules, judged as s03
 *                 judges them, symlinks followed), the env file the key came from, and what an
 *                 absolute `Read(//…)` or home `Read(~/…)` rule names
 *
 * Finding the denied files means walking the workspace: past MAX_WALK_ENTRIES entries the
 * command does not run (fail closed) rather than run with a file unchecked.
 */
import { lstatSync, mkdirSync, readdirSync, statSync } from "node:fs";
import { homedir } from "node:os";
import path from "node:path";
import type { SandboxMounts } from "./bwrap.ts";

/** How many files and folders the walk may look at before it gives up. */
export const MAX_WALK_ENTRIES = 50_000;

/** Folders whose whole content only a person may change. */
export const READ_ONLY_FOLDERS: readonly string[] = [".claude", ".git/hooks", ".vscode", ".idea", ".husky"];
/** Files only a person may change. */
export const READ_ONLY_FILES: readonly string[] = [".git/config", ".mcp.json", ".gitmodules", ".gitconfig", ".bashrc", ".bash_profile", ".zshrc", ".profile"];

export interface DenialInputs {
  /** The workspace: writable, and walked. */
  workspace: string;
  /** The session's temp dir: writable. */
  tmp: string;
  /** s03's judgement of a path (readableUnder): false for a file no tool may read. */
  readable: (absolutePath: string) => boolean;
  /** Files hidden whatever the rules say: the env file the key came from. */
  secretFiles: readonly string[];
  /** The specifiers of `Read(...)` deny rules, for the ones outside the workspace (`//etc/shadow`, `~/.ssh/**`). */
  readDenials: readonly string[];
  /** How many entries the walk may look at (default MAX_WALK_ENTRIES). */
  maxEntries?: number;
}

export class WalkTooLargeError extends Error {}

export function mountsFor(inputs: DenialInputs): SandboxMounts {
  const readOnly: string[] = [];
  const hiddenFiles = new Set<string>();
  const hiddenFolders = new Set<string>();
  const hide = (p: string) => {
    const kind = kindOf(p);
    if (kind === "folder") hiddenFolders.add(p);
    else if (kind === "file") hiddenFiles.add(p);
  };
  let seen = 0;
  const limit = inputs.maxEntries ?? MAX_WALK_ENTRIES;
  const walk = (dir: string) => {
    for (const name of READ_ONLY_FOLDERS.concat(READ_ONLY_FILES)) {
      const p = path.join(dir, name);
      if (kindOf(p) !== undefined) readOnly.push(p);
    }
    for (const entry of readdirSync(dir, { withFileTypes: true })) {
      if (++seen > limit) throw new WalkTooLargeError(`the workspace has more than ${limit} files and folders, too many to check each against the Read deny rules: the command did not run`);
      const p = path.join(dir, entry.name);
      if (!inputs.readable(p)) hide(p);
      else if (entry.isDirectory()) walk(p); // a symlink is judged where it leads, never walked into
    }
  };
  makeProtectedFolders(inputs.workspace);
  walk(inputs.workspace);
  for (const file of inputs.secretFiles) hide(file);
  for (const specifier of inputs.readDenials) {
    const fixed = fixedPartOf(specifier);
    if (fixed) hide(fixed);
  }
  // A hidden path inside a hidden folder is hidden already (and bwrap could not mount over it).
  const inHidden = (p: string) => [...hiddenFolders].some((dir) => p !== dir && p.startsWith(dir + path.sep));
  return {
    writable: [inputs.workspace, inputs.tmp],
    tmp: inputs.tmp,
    readOnly: readOnly.filter((p) => !inHidden(p)),
    hiddenFiles: [...hiddenFiles].filter((p) => !inHidden(p)),
    hiddenFolders: [...hiddenFolders].filter((p) => !inHidden(p)),
  };
}

/**
 * An absolute or home pattern's part before its first wildcard: `~/.ssh/**` → /root/.ssh,
 * `//etc/*.key` → /etc. Hiding all of it is stricter than the rule, never looser. A workspace
 * pattern gives undefined: the walk judged those files one by one.
 */
export function fixedPartOf(specifier: string, home: string = homedir()): string | undefined {
  const absolute = specifier.startsWith("//") ? specifier.slice(1) : specifier.startsWith("~/") ? path.join(home, specifier.slice(2)) : undefined;
  if (absolute === undefined) return undefined;
  const wild = absolute.search(/[*?[{]/);
  if (wild < 0) return path.normalize(absolute);
  const fixed = path.dirname(absolute.slice(0, wild) + "x");
  return fixed === "/" ? undefined : fixed; // `//**` would hide the whole machine: the policy keeps that one
}

/**
 * A folder that does not exist cannot be mounted read-only, and a command could create it:
 * `.claude/settings.json` with a hook in it runs in the next session. So the workspace's own
 * `.claude/` (and `.git/hooks/` of its repository) is created empty first: then it is protected.
 */
function makeProtectedFolders(workspace: string): void {
  mkdirSync(path.join(workspace, ".claude"), { recursive: true });
  if (kindOf(path.join(workspace, ".git")) === "folder") mkdirSync(path.join(workspace, ".git", "hooks"), { recursive: true });
}

function kindOf(p: string): "file" | "folder" | undefined {
  try {
    lstatSync(p);
    return statSync(p).isDirectory() ? "folder" : "file";
  } catch {
    return undefined; // missing, or a dangling link: nothing to read through it
  }
}
