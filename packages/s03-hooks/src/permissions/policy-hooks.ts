/**
 * Everything this lesson hangs on the kernel, built from the workspace's settings.json:
 * the permission hook, the command hooks, and `/permissions`. Later lessons call this too
 * and add their own hooks after these.
 */
import { randomUUID } from "node:crypto";
import type { AgentOptions, BuildContext, Hook, SlashCommand } from "@learn/core";
import { loadedEnvFiles, userClaudeDir, type LessonFlag } from "@learn/core/harness";
import { commandHooks, type CommandHookParts } from "./command-hooks/hooks.ts";
import { isPermissionMode, loadSettings, PERMISSION_MODES, SETTINGS_FILE, type HookSession, type PermissionMode, type Settings } from "@learn/claude-code-files";
import { transcriptPathOf } from "./command-hooks/transcript.ts";
import { permissionsCommand } from "./commands.ts";
import { createAsker, type Asker } from "./asker.ts";
import { Grants } from "./grants.ts";
import { judge, permissionHook, type PermissionAccess } from "./hook.ts";
import { subjectOf } from "./matching.ts";
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
  /** The other command hooks from settings.json: kernel hooks, and the moments outside a turn (/clear, exit). */
  commandHooks: CommandHookParts;
  commands: SlashCommand[];
  mode: PermissionMode;
  /** The asker both of them use: "always" answers are shared. */
  ask: Asker;
  /** The rules and the mode, as read from settings.json and the command line. */
  permissionPolicy: PermissionPolicy;
  /** The policy, its grants and its judge, for later lessons (AgentParts.permissions). */
  access: PermissionAccess;
}

/** The lead's hook session, kept where the lead's subagents find it (a subagent's hooks carry the lead's session_id). */
export interface LeadHookSession {
  current?: HookSession;
}

/**
 * `role`: a subagent's Stop hooks run as SubagentStop, and it has no session events of its own;
 * its hooks carry the lead's `session_id` (from `lead`) and its own `agent_id` / `agent_type` (Claude Code's rule).
 */
export async function createPolicyHooks(
  options: AgentOptions,
  role: BuildContext["role"] = "lead",
  lead: LeadHookSession = {},
  honoured?: BuildContext["honoured"],
): Promise<PolicyHooks> {
  const { cwd, renderer, flags } = options;

  // The settings files (the user's, the project's, the local one): problems are shown, never
  // guessed around. A file that is not JSON at all throws a ConfigError: the CLI prints its one
  // line and exits 2, whatever the mode.
  const settings = await loadSettings(cwd, options.userDir ?? userClaudeDir(), honoured);
  for (const problem of settings.problems) renderer.error(problem);
  // Said once, by the lead (a subagent reads the same files); the files read only beside the
  // banner, at a terminal: `--print` keeps its stderr for what went wrong.
  if (role === "lead") for (const line of startupLines(settings, options.interactive)) renderer.notice(line);
  // The env file the key came from is read by no tool (secret-files.ts).
  const { policy, notices } = policyFor({ ...settings, secretFiles: loadedEnvFiles() }, modeFlagOf(flags, renderer), SETTINGS_FILE);
  for (const notice of notices) renderer.notice(notice);

  const subagent = role === "subagent" ? { agentId: options.model.agent } : undefined;
  const hookSession = hookSessionOf(cwd, () => policy.mode, subagent && { lead, agentId: subagent.agentId });
  if (!subagent) lead.current = hookSession;
  const hookOptions = { config: settings.hooks, session: hookSession, renderer, ...(subagent ? { subagent } : {}) };
  const commandHookParts = commandHooks(hookOptions);

  // "always" answers live in this object: one agent, one session.
  const session = new SessionRules();
  const ask = createAsker({ ...options, session, settingsFile: SETTINGS_FILE, degraded: policy.degraded, notify: commandHookParts.notify });
  // Allow rules the harness adds while it runs (a command's allowed-tools): none yet.
  const grants = new Grants();
  const access: PermissionAccess = {
    policy,
    grants,
    judge: (call, ctx) => judge(call, policy, ask, ctx.cwd, ctx.signal, grants),
    notReadOnly: (call, cwd) => notReadOnlyCall(subjectOf(call, cwd)),
  };

  return {
    // PreToolUse command hooks run inside the permission hook, before its question (permissions/hook.ts).
    permissions: permissionHook(policy, ask, grants, commandHookParts.preToolUse),
    commandHooks: commandHookParts,
    commands: [permissionsCommand({ policy, session, hooks: settings.hooks, files: settings.files.map((f) => f.shown), problems: settings.problems })],
    mode: policy.mode,
    ask,
    permissionPolicy: policy,
    access,
  };
}

/**
 * What every hook of this agent is sent. permissionMode is read when a hook runs: /permissions
 * mode may have switched it since. A subagent's session_id is the lead's, read when a hook runs
 * (a /clear renews it); its transcript is its own conversation.
 */
function hookSessionOf(cwd: string, mode: () => string, child?: { lead: LeadHookSession; agentId: string }): HookSession {
  let own: string = randomUUID();
  return {
    get sessionId() {
      return child?.lead.current?.sessionId ?? own;
    },
    set sessionId(id: string) {
      own = id; // a /clear renews the lead's (a subagent has no session of its own to renew)
    },
    cwd,
    get permissionMode() {
      return mode();
    },
    transcriptPath: transcriptPathOf(own),
    // The course names a child `<type>-<n>` (s05): its type is the name without the number.
    ...(child ? { agent: { id: child.agentId, type: child.agentId.replace(/-\d+$/, "") } } : {}),
  };
}

/** The mode asked for on the command line (the CLI checks the choices; a caller might not). */
function modeFlagOf(flags: AgentOptions["flags"], renderer: AgentOptions["renderer"]): PermissionMode | undefined {
  const value = flags[PERMISSION_MODE_FLAG];
  if (value === undefined || isPermissionMode(value)) return value;
  renderer.error(`Unknown permission mode "${value}" (expected one of ${PERMISSION_MODES.join(", ")}); it is ignored.`);
  return undefined;
}

/**
 * What start-up says about the settings: which files were read, and — briefly — what in them
 * Claude Code would use and this lesson does not (`--check-config` lists it in full).
 */
function startupLines(settings: Settings, interactive: boolean): string[] {
  const lines = interactive && settings.files.length > 0 ? [`Settings: ${settings.files.map((f) => f.shown).join(", ")}`] : [];
  for (const file of settings.files) {
    if (file.ignored.length === 0) continue;
    const shown = file.ignored.map((what) => what.split(": ")[0]).join(", ");
    lines.push(`  ${file.shown}: read, not used here: ${shown} (--check-config says why)`);
  }
  return lines;
}
