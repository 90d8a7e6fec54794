/** @learn/s03 — the kernel's hooks: a permission pipeline and command hooks. Later lessons import from here. */
import { demoScripts, lessonFrom } from "@learn/core/harness";
import { createAgent, mechanisms } from "./agent.ts";
import { PERMISSION_MODE_FLAG } from "./permissions/policy-hooks.ts";

export { createAgent, mechanisms } from "./agent.ts";
export { permissions, stricterMode } from "./permissions/index.ts";
export { promptSections, withPermissionGuidance, PERMISSIONS_GUIDANCE, PLAN_MODE_GUIDANCE } from "./permissions/prompt.ts";
export { createPolicyHooks, permissionModeFlag, PERMISSION_MODE_FLAG, type PolicyHooks } from "./permissions/policy-hooks.ts";
export { permissionsCommand, describePermissions, switchMode } from "./permissions/commands.ts";
// The permission pipeline, piece by piece.
export { decide } from "./permissions/pipeline.ts";
export { policyFor, type PermissionPolicy } from "./permissions/policy.ts";
export { MODE_SUMMARIES } from "./permissions/modes.ts";
export { describeCall, type Decision, type Behavior, type Step } from "./permissions/decision.ts";
// Claude Code's formats are read in @learn/claude-code-files; the names the exercises use are re-exported.
export { parseRule, RuleSyntaxError, RULE_LISTS, type Rule, type RuleList, type PermissionMode } from "@learn/claude-code-files";
export { refusalOf, REFUSE_LIST } from "./permissions/refuse-list.ts";
export { subjectOf, hitsAnyPart, approvingRules, unapprovable, declaredCommands, isEditInside, type CallSubject, type FileTarget } from "./permissions/matching.ts";
export { SessionRules } from "./permissions/session-rules.ts";
export { createAsker, type Asker, type AskerOptions } from "./permissions/asker.ts";
export { permissionHook, judge, PERMISSION_HOOK_NAME, type PermissionAccess } from "./permissions/hook.ts";
export { Grants, type Grant } from "./permissions/grants.ts";
export { readableUnder, withReadGuard } from "./permissions/read-guard.ts";
export { EARLIER_TOOLS, earlierPermission, withEarlierToolPermissions } from "./permissions/earlier-tools.ts";
// Command hooks: the settings' hooks run on the kernel.
export { commandHooks } from "./command-hooks/index.ts";
export { commandHookName } from "./command-hooks/hooks.ts";

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
