/**
 * `/permissions`: what policy this session runs under, and where each part came from —
 * the first thing to look at when a call is denied and you don't know why.
 */
import type { SlashCommand } from "@learn/core";
import { COMMAND_HOOK_EVENTS, type HookConfig } from "./command-hooks/config.ts";
import { MODE_SUMMARIES } from "./permissions/modes.ts";
import type { PermissionPolicy } from "./permissions/policy.ts";
import { PROTECTED_FILES, PROTECTED_FOLDERS } from "./permissions/protected-paths.ts";
import { REFUSE_LIST } from "./permissions/refuse-list.ts";
import { RULE_LISTS } from "./permissions/rule.ts";
import type { SessionRules } from "./permissions/session-rules.ts";

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
    description: "show the permission mode, the rules in force and where they came from",
    run: () => describePermissions(view),
  };
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
