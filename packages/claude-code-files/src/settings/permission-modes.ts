/**
 * Claude Code's permission modes, as `defaultMode` in settings.json, `permissionMode` in an agent
 * file and `--permission-mode` on the command line spell them. What each mode does is s03's
 * pipeline (its modes.ts); this file only knows the names.
 */
export const PERMISSION_MODES = ["default", "acceptEdits", "plan", "bypassPermissions"] as const;
export type PermissionMode = (typeof PERMISSION_MODES)[number];
export const DEFAULT_MODE: PermissionMode = "default";

export function isPermissionMode(value: unknown): value is PermissionMode {
  return typeof value === "string" && (PERMISSION_MODES as readonly string[]).includes(value);
}
