/**
 * Protected paths: what only a person may change. Some folders hold what decides how the agent
 * and git behave — `.claude/` (these very rules, hook scripts that run on every call), `.git/`
 * (its config can name a program git runs: `core.fsmonitor`, hooks, filters), editor and hook
 * folders — and some files are run by a shell at start-up. A call that changes one could widen
 * its own permissions or plant a command that runs later, outside any check. So a change there
 * is never approved by a rule, a grant or acceptEdits, and is asked even in bypassPermissions:
 * a person says yes. (Claude Code 2.1.328 asks for `.git/` and `.claude/` in the other modes but
 * wrote both in bypassPermissions; the course is stricter there on purpose.)
 *
 * The harness's own state is protected the same way from the model's file tools and from bash:
 * the files that decide where and on what the lessons' tools act — the task board, the team's
 * roster and inboxes, the worktree index, durable cron jobs, `pnpm reset`'s ledger. A model
 * that rewrote `.worktrees/index.json` could point `worktree_run` outside the workspace. The
 * lessons' own tools (task_update, worktree_create…) still write them: only a call that
 * changes files as such (write_file, edit_file, a command) is held here.
 *
 * Reading them is fine (Claude Code agrees): `cat .git/config` changes nothing.
 */
import { LEDGER_FILE } from "@learn/core/harness";
import type { CallSubject, FileTarget } from "./call-subject.ts";
import { familyOf } from "@learn/claude-code-files";

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

/** The harness's state folders, wherever they are: any path through one is state. */
const STATE_FOLDERS = new Set([".tasks", ".team"]);
/** `.worktrees/` holds the index and the worktrees: the index and a worktree's folder as a whole are state, the files agents work on inside a worktree are not. */
const WORKTREE_DIR = ".worktrees";

/** How /permissions names them. */
export const HARNESS_STATE_SHOWN = `.tasks/, .team/, .worktrees/index.json and each worktree's folder, .claude/scheduled_tasks.json, ../${LEDGER_FILE}`;

/** True when an absolute path is (or is in) the harness's own state: .tasks/, .team/, .worktrees/<entry>, durable cron jobs, the reset ledger. */
export function isHarnessStatePath(absolute: string): boolean {
  const segments = absolute.split("/");
  const last = segments.at(-1);
  if (last === LEDGER_FILE || (last === "scheduled_tasks.json" && segments.at(-2) === ".claude")) return true;
  return segments.some((s, i) => STATE_FOLDERS.has(s) || (s === WORKTREE_DIR && segments.length - i <= 2));
}

/** The model's own ways of changing a file: a command, or a file tool (write_file, edit_file: the rules' `Edit` family). */
const changesFilesAsSuch = (subject: CallSubject) => subject.commands.length > 0 || subject.names.some((name) => familyOf(name) === "writes");

/** The first part of the call that changes a protected path, and how a reason says so. */
export function protectedPart(subject: CallSubject): { target: string; reason: string } | undefined {
  const changed: FileTarget[] = [...subject.writes, ...subject.edits, ...subject.named.filter((f) => f.mayWrite)];
  const hit = changed.find((f) => [f.path, f.real].some((p) => p !== undefined && isProtectedPath(p)));
  if (hit) return { target: hit.target, reason: `it changes ${hit.target}, a protected path (${PROTECTED_FOLDERS.join(", ")} and shell start-up files): only a person may approve that` };
  const state = changesFilesAsSuch(subject) ? changed.find((f) => [f.absolute, f.realAbsolute].some((p) => p !== undefined && isHarnessStatePath(p))) : undefined;
  return state && { target: state.target, reason: `it changes ${state.target}, the harness's own state (.tasks/, .team/, .worktrees/, scheduled jobs, the reset ledger), which decides where its tools act: only a person may approve that` };
}
