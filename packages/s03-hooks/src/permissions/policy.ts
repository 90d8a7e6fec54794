/**
 * The policy a session runs with: the rules from settings.json and one mode, chosen as
 *
 *   --permission-mode flag  >  permissions.defaultMode in settings.json  >  "default"
 *
 * except that a settings file with problems can only make the session stricter: while it is
 * degraded, the loosening modes (acceptEdits, bypassPermissions) are not applied — the deny
 * rule that did not parse may have been the one that mattered. And a settings file may take
 * bypassPermissions away altogether (`permissions.disableBypassPermissionsMode: "disable"`,
 * as Anthropic's example settings do): asked for, it runs in default mode instead.
 */
import { DEFAULT_MODE, type PermissionMode, type Rule, type RuleList } from "@learn/claude-code-files";
import { secretFilesOf } from "./secret-files.ts";

/** The permission settings a session runs with. */
export interface PermissionPolicy {
  mode: PermissionMode;
  rules: Readonly<Record<RuleList, readonly Rule[]>>;
  /** Where the rules came from, so a reason can say where to change them. */
  source: string;
  /** The settings had entries that did not parse: only what restricts was kept. */
  degraded: boolean;
  /** Real paths of files no tool may read or write, whatever the rules (secret-files.ts). */
  secretFiles: readonly string[];
  /** bypassPermissions may not be entered, by any road (a settings file disables it). */
  bypassDisabled: boolean;
}

const LOOSENING: ReadonlySet<PermissionMode> = new Set(["acceptEdits", "bypassPermissions"]);

export interface PolicyInputs {
  rules: Record<RuleList, Rule[]>;
  defaultMode?: PermissionMode;
  degraded: boolean;
  bypassDisabled?: boolean;
  /** The env files the harness loaded its key from: protected like a `Read` deny rule. */
  secretFiles?: readonly string[];
}

/** The session's policy, and notices the user should see about how it was chosen. */
export function policyFor(
  settings: PolicyInputs,
  modeFlag: PermissionMode | undefined,
  source: string,
): { policy: PermissionPolicy; notices: string[] } {
  const wanted = modeFlag ?? settings.defaultMode ?? DEFAULT_MODE;
  const notices: string[] = [];
  let mode = wanted;
  if (settings.degraded) {
    const { deny, ask } = settings.rules;
    notices.push(
      `Because ${source} has problems, this session keeps only what restricts: ` +
        `${count(deny.length, "deny rule")} and ${count(ask.length, "ask rule")}, no allow rules. Fix the file and start again to use the rest.`,
    );
    if (LOOSENING.has(wanted)) {
      mode = DEFAULT_MODE;
      notices.push(`Permission mode ${wanted} is not applied while ${source} has problems; running in ${mode} mode.`);
    }
  }
  const bypassDisabled = settings.bypassDisabled ?? false;
  if (mode === "bypassPermissions" && bypassDisabled) {
    mode = DEFAULT_MODE;
    notices.push(BYPASS_DISABLED);
  }
  const secretFiles = secretFilesOf(settings.secretFiles ?? []);
  return { policy: { mode, rules: settings.rules, source, degraded: settings.degraded, secretFiles, bypassDisabled }, notices };
}

/** What a person reads when bypassPermissions is asked for and a settings file forbids it. */
export const BYPASS_DISABLED =
  'bypassPermissions mode is disabled by settings (permissions.disableBypassPermissionsMode: "disable"); running in default mode.';


/** "no deny rules", "1 deny rule", "3 deny rules" */
function count(n: number, what: string): string {
  return n === 0 ? `no ${what}s` : `${n} ${what}${n === 1 ? "" : "s"}`;
}
