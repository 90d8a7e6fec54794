/**
 * Protected paths: what only a person may change. Some folders hold what decides how the agent
 * and git behave — `.claude/` (these very rules, hook scripts that run on every call), `.git/`
 * (its config can name a program git runs: `core.fsmonitor`, hooks, filters), editor and hook
 * folders — and some files are run by a shell at start-up. A call that changes one could widen
 * its own permissions or plant a command that runs later, outside any check. So a change there
 * is never approved by a rule, a grant or acceptEdits, and is asked even in bypassPermissions,
 * as Claude Code does: a person says yes.
 *
 * Reading them is fine (Claude Code agrees): `cat .git/config` changes nothing.
 */
import type { CallSubject, FileTarget } from "./matching.ts";

/** Folders, at any depth of the workspace (a worktree's `.git` too). */
export const PROTECTED_FOLDERS: readonly string[] = [".claude", ".git", ".vscode", ".idea", ".husky"];
/** Files, at any depth. */
export const PROTECTED_FILES: readonly string[] = [".gitconfig", ".gitmodules", ".bashrc", ".bash_profile", ".zshrc", ".profile", ".mcp.json"];

const FOLDERS = new Set(PROTECTED_FOLDERS);
const FILES = new Set(PROTECTED_FILES);

/** True when a workspace-relative path is in a protected folder or is a protected file. */
export function isProtectedPath(relativePath: string): boolean {
  const segments = relativePath.split("/");
  return segments.slice(0, -1).some((s) => FOLDERS.has(s)) || FOLDERS.has(segments.at(-1)!) || FILES.has(segments.at(-1)!);
}

/** The first part of the call that changes a protected path, and how a reason says so. */
export function protectedPart(subject: CallSubject): { target: string; reason: string } | undefined {
  const changed: FileTarget[] = [...subject.writes, ...subject.edits, ...subject.named.filter((f) => f.mayWrite)];
  const hit = changed.find((f) => [f.path, f.real].some((p) => p !== undefined && isProtectedPath(p)));
  return hit && { target: hit.target, reason: `it changes ${hit.target}, a protected path (${PROTECTED_FOLDERS.join(", ")} and shell start-up files): only a person may approve that` };
}
