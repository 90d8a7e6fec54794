/**
 * The permission side of the lesson, built from the settings the agent read (settings/): the
 * policy, the permission hook, its asker, and `/permissions`. The command hooks take their
 * seat in the permission hook afterwards (command-hooks/, through `access.commandHooks`).
 */
import type { AgentOptions, Hook, SlashCommand } from "@learn/core";
import { loadedEnvFiles, type LessonFlag } from "@learn/core/harness";
import { isPermissionMode, PERMISSION_MODES, SETTINGS_FILE, type PermissionMode, type Settings } from "@learn/claude-code-files";
import { permissionsCommand } from "./commands.ts";
import { createAsker, type Asker } from "./asker.ts";
import { Grants } from "./grants.ts";
import { judge, permissionHook, type CommandHookSeat, type PermissionAccess } from "./hook.ts";
import { mayHitAnyPart, subjectOf, type CallSubject } from "./matching.ts";
import { notReadOnlyCall } from "./read-only.ts";
import { MODE_SUMMARIES } from "./modes.ts";
import { policyFor, type PermissionPolicy } from "./policy.ts";
import { SessionRules } from "./session-rules.ts";

export const PERMISSION_MODE_FLAG = "permission-mode";

/** `--permission-mode <mode>`: declared on the Lesson, validated by the shared CLI. */
export const permissionModeFlag: LessonFlag = {
  name: PERMISSION_MODE_FLAG,
  description: `how tool calls are approved: ${PERMISSION_MODES.map((m) => `${m} (${MODE_SUMMARIES[m]})`).join("; ")}`,
  choices: PERMISSION_MODES,
};

export interface PolicyHooks {
  /** The permission pipeline, with the PreToolUse command hooks before it: register it as the FIRST PreToolUse hook. */
  permissions: Hook<"PreToolUse">;
  commands: SlashCommand[];
  mode: PermissionMode;
  /** The asker the hook and the judge use: "always" answers are shared. */
  ask: Asker;
  /** The rules and the mode, as read from settings.json and the command line. */
  permissionPolicy: PermissionPolicy;
  /** The policy, its grants and its judge, for later lessons (AgentParts.permissions). */
  access: PermissionAccess;
}

/** `settings`: what the settings mechanism read (settings/). */
export function createPolicyHooks(options: AgentOptions, settings: Settings): PolicyHooks {
  const { renderer, flags } = options;
  // The env file the key came from is read by no tool (secret-files.ts).
  const { policy, notices } = policyFor({ ...settings, secretFiles: loadedEnvFiles() }, modeFlagOf(flags, renderer), SETTINGS_FILE);
  for (const notice of notices) renderer.notice(notice);

  // Empty until the command hooks mechanism fills it (command-hooks/).
  const commandHooks: CommandHookSeat = {};

  // "always" answers live in this object: one agent, one session.
  const session = new SessionRules();
  const ask = createAsker({ ...options, session, settingsFile: SETTINGS_FILE, degraded: policy.degraded, notify: (...about) => commandHooks.notify?.(...about) ?? Promise.resolve() });
  // Allow rules the harness adds while it runs (a command's allowed-tools): none yet.
  const grants = new Grants();
  const access: PermissionAccess = {
    policy,
    grants,
    judge: (call, ctx) => judge(call, policy, ask, ctx.cwd, ctx.signal, grants),
    notReadOnly: (call, cwd) => notReadOnlyCall(subjectOf(call, cwd)),
    mayHit: (call, cwd) => {
      let subject: CallSubject | undefined; // taken apart once a call, however many hooks ask
      return (rule) => mayHitAnyPart(rule, (subject ??= subjectOf(call, cwd)));
    },
    commandHooks,
  };

  return {
    // PreToolUse command hooks run inside the permission hook, before its question (hook.ts).
    permissions: permissionHook(policy, ask, grants, commandHooks),
    commands: [permissionsCommand({ policy, session, hooks: settings.hooks, files: settings.files.map((f) => f.shown), problems: settings.problems })],
    mode: policy.mode,
    ask,
    permissionPolicy: policy,
    access,
  };
}

/** The mode asked for on the command line (the CLI checks the choices; a caller might not). */
function modeFlagOf(flags: AgentOptions["flags"], renderer: AgentOptions["renderer"]): PermissionMode | undefined {
  const value = flags[PERMISSION_MODE_FLAG];
  if (value === undefined || isPermissionMode(value)) return value;
  renderer.error(`Unknown permission mode "${value}" (expected one of ${PERMISSION_MODES.join(", ")}); it is ignored.`);
  return undefined;
}
