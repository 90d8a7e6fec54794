/** @learn/s03/testing — what later lessons' tests reuse: s03's contracts and settings helpers. */
export { BYPASS, compositionContracts, contractsSinceS02, permissionContracts } from "./contracts.ts";
export { hooksFor, hookScript, shellHook, workspaceWith, writeSettings } from "./settings-files.ts";
