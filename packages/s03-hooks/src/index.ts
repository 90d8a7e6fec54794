/** @learn/s03 — the kernel's hooks: a permission pipeline and command hooks. Later lessons import from here. */
import { demoScripts, lessonFrom } from "@learn/core/harness";
import { createAgent, mechanisms } from "./agent.ts";
import { PERMISSION_MODE_FLAG } from "./permissions/policy-hooks.ts";

export { mechanisms } from "./agent.ts";
export { PERMISSION_MODE_FLAG } from "./permissions/policy-hooks.ts";
// The permission pipeline, piece by piece.
export { decide } from "./permissions/pipeline.ts";
export { policyFor, type PermissionPolicy } from "./permissions/policy.ts";
export type { Decision } from "./permissions/decision.ts";
// Claude Code's formats are read in @learn/claude-code-files; the names the exercises use are re-exported.
export { parseRule, type RuleList, type PermissionMode } from "@learn/claude-code-files";
export { PERMISSION_HOOK_NAME, type PermissionAccess } from "./permissions/hook.ts";
export { Grants } from "./permissions/grants.ts";
export { readableUnder } from "./permissions/read-guard.ts";
export { withEarlierToolPermissions } from "./permissions/earlier-tools.ts";

export const lesson = lessonFrom(mechanisms, {
  id: "s03",
  title: "Hooks and permissions",
  headline: "hang policy on the loop, don't write it in",
  demoScripts: demoScripts(import.meta.url, "guarded.yaml"),
  // The practice rules approve no edit of code (write, then run, is any code): the demo writes hello.js in acceptEdits.
  demoFlags: { [PERMISSION_MODE_FLAG]: "acceptEdits" },
  // In plan mode nothing is asked: the offline model plans instead (demo/plan-mode.yaml).
  offlineScript: (flags) => (flags[PERMISSION_MODE_FLAG] === "plan" ? demoScripts(import.meta.url, "plan-mode.yaml")[0] : undefined),
  createAgent,
});
