/**
 * `/permissions`: what policy this session runs under, and where each part came from —
 * the first thing to look at when a call is denied and you don't know why.
 * `/permissions mode <mode>` switches the mode mid-session, as Claude Code's Shift+Tab does.
 */
import type { SlashCommand } from "@learn/core";
import { COMMAND_HOOK_EVENTS, isPermissionMode, PERMISSION_MODES, RULE_LISTS, type HookConfig } from "@learn/claude-code-files";
import { MODE_SUMMARIES } from "./modes.ts";
import type { PermissionPolicy } from "./policy.ts";
import { HARNESS_STATE_SHOWN, PROTECTED_FILES, PROTECTED_FOLDERS } from "./protected-paths.ts";
import { REFUSE_LIST } from "./refuse-list.ts";
import type { SessionRules } from "./session-rules.ts";

export interface PermissionsView {
  policy: PermissionPolicy;
  session: SessionRules;
  hooks: HookConfig;
  /** The settings files read, as a person names them (`~/.claude/settings.json`). */
  files: readonly string[];
  problems: readonly string[];
}

export function permissionsCommand(view: PermissionsView): SlashCommand {
  return {
    name: "permissions",
    description: "show the permission mode, the rules in force and where they came from; `/permissions mode <mode>` switches the mode",
    run: (args) => {
      const [word, mode, ...rest] = args.trim().split(/\s+/).filter(Boolean);
      if (word === undefined) return describePermissions(view);
      if (word !== "mode" || rest.length) return `Usage: /permissions, or /permissions mode <${PERMISSION_MODES.join("|")}>`;
      return switchMode(view.policy, mode);
    },
  };
}

/**
 * Switch the session's mode. The limits of the start apply (a settings file with problems runs
 * no loosening mode; bypassPermissions may be disabled by settings), and one more, stricter than
 * Claude Code (whose Shift+Tab offers bypassPermissions when the session was allowed it at
 * start): bypassPermissions is entered only from the command line, never mid-session.
 */
export function switchMode(policy: PermissionPolicy, wanted: string | undefined): string {
  const modes = PERMISSION_MODES.map((m) => `  ${m.padEnd(18)}${MODE_SUMMARIES[m]}`);
  if (wanted === undefined) return [`Mode: ${policy.mode}. Switch with /permissions mode <mode>:`, ...modes].join("\n");
  if (!isPermissionMode(wanted)) return [`Unknown mode "${wanted}". The modes:`, ...modes].join("\n");
  if (wanted === "bypassPermissions" && policy.mode !== "bypassPermissions")
    return "bypassPermissions is not entered mid-session: start with --permission-mode bypassPermissions (and only in a folder you can afford to lose).";
  if (policy.degraded && wanted === "acceptEdits") return `acceptEdits is not applied while ${policy.source} has problems (see /permissions); the mode stays ${policy.mode}.`;
  const before = policy.mode;
  policy.mode = wanted;
  return before === wanted ? `Mode: ${wanted} already.` : `Mode: ${before} → ${wanted} — ${MODE_SUMMARIES[wanted]}`;
}

export function describePermissions({ policy, session, hooks, files, problems }: PermissionsView): string {
  const rules = RULE_LISTS.flatMap((list) => policy.rules[list].map((r) => `  ${list.padEnd(5)}  ${r.text}`));
  const remembered = session.list().map((r) => `  allow  ${r.text}`);
  const commandHooks = COMMAND_HOOK_EVENTS.flatMap((event) =>
    (hooks[event] ?? []).flatMap((entry) =>
      entry.hooks.map((h) => `  ${event} ${entry.matcher ? `[${entry.matcher}] ` : ""}${h.if ? `if ${h.if.text} ` : ""}→ ${h.command} (timeout ${h.timeoutSeconds}s)`),
    ),
  );
  return [
    `Mode: ${policy.mode} — ${MODE_SUMMARIES[policy.mode]}`,
    `Always refused (the refuse-list, every mode): ${REFUSE_LIST.join(", ")}`,
    `Always asked, a person must say yes (protected paths, every mode): ${PROTECTED_FOLDERS.map((f) => `${f}/`).join(", ")}, ${PROTECTED_FILES.join(", ")}`,
    `  and the harness's own state, changed by a command or a file tool: ${HARNESS_STATE_SHOWN}`,
    ...(policy.secretFiles.length ? [`Read by no tool (the env file the API key came from): ${policy.secretFiles.join(", ")}`] : []),
    `Rules from ${files.length ? files.join(", ") : "no settings file"} (checked deny → ask → allow):`,
    ...(rules.length ? rules : ["  (none)"]),
    ...(problems.length ? ["Problems in those files:", ...problems.map((p) => `  ${p}`)] : []),
    `Allowed for this session (you answered "always"):`,
    ...(remembered.length ? remembered : ["  (none)"]),
    "Command hooks:",
    ...(commandHooks.length ? commandHooks : ["  (none)"]),
  ].join("\n");
}
