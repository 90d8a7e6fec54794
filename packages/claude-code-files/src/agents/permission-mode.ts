/**
 * `permissionMode:` in an agent file: the mode its children run in, decided as Claude Code
 * (2.1.328) decides it, from the parent's mode and the file's:
 *
 *   parent in plan, acceptEdits       the parent's mode: the file's is not used
 *   or bypassPermissions              (a parent in plan keeps its children in plan too)
 *   parent in default                 the file's mode — but never bypassPermissions, which only a
 *                                     parent already in bypass could pass on
 *
 * So a file can make its children stricter than a default parent (plan) or let them edit files
 * (acceptEdits, as Claude Code lets it), but never lift every check. Claude Code's modes this
 * course does not have (dontAsk, auto) leave the parent's mode, and the loader says so.
 */
import { isPermissionMode, type PermissionMode } from "../settings/permission-modes.ts";

/** Every mode Claude Code accepts in an agent file ("manual" is its old name for default). */
export const CLAUDE_CODE_MODES = ["acceptEdits", "auto", "bypassPermissions", "default", "dontAsk", "plan", "manual"] as const;

/** The mode a file asks for, or why it asks for none that applies here. */
export function modeOf(written: string | undefined): { mode?: PermissionMode; problem?: string } {
  if (written === undefined) return {};
  const mode = written === "manual" ? "default" : written;
  if (isPermissionMode(mode)) return { mode };
  if ((CLAUDE_CODE_MODES as readonly string[]).includes(mode)) return { problem: `permissionMode: ${mode} is a Claude Code mode this course does not have: its children run in the parent's mode` };
  return { problem: `permissionMode: "${written}" is not a mode (${CLAUDE_CODE_MODES.join(", ")}): ignored, as Claude Code does` };
}

/** The mode a child of a type asking for `wanted` runs in, under a parent in `parent`. */
export function childMode(parent: PermissionMode, wanted: PermissionMode | undefined): PermissionMode {
  if (wanted === undefined || parent !== "default") return parent;
  return wanted === "bypassPermissions" ? parent : wanted;
}
