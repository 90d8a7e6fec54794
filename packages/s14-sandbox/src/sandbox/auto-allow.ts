/**
 * `sandbox.autoAllowBashIfSandboxed`: a command that runs inside the sandbox needs no question,
 * as in Claude Code — the sandbox, not a person, is then what stands between it and the machine.
 *
 * It is one allow rule, `Bash`, granted to s03's policy while the sandbox is active (s03's
 * grants.ts). So it is weighed where an allow rule is, and everything that beats an allow rule
 * still beats it: the refuse-list, deny rules (`Read(./.env)`), plan mode, ask rules, and what
 * only a person may clear (a write outside the workspace or into .git/ or .claude/, code on the
 * line while a deny rule could be dodged, a dangerous deletion). Claude Code 2.1.328 lets those
 * run in the sandbox without a question: the course asks, stricter, never looser.
 *
 * Off when any command is excluded (`excludedCommands`): a `Bash` rule would approve those too,
 * and they run outside the sandbox — where Claude Code asks as before.
 */
import { isActive, type SandboxState } from "./state.ts";

/** The rule granted, and the source its decisions name. */
export const AUTO_ALLOW_RULES: readonly string[] = ["Bash"];
export const AUTO_ALLOW_SOURCE = "sandbox.autoAllowBashIfSandboxed (it runs in the sandbox)";

/** Whether sandboxed commands are allowed without a question; when not, why (for /sandbox). */
export function autoAllowOf(state: SandboxState): { on: true } | { on: false; why: string } {
  if (!state.settings.autoAllowBashIfSandboxed) return { on: false, why: "sandbox.autoAllowBashIfSandboxed is not true" };
  if (!isActive(state)) return { on: false, why: "the sandbox is not active" };
  if (state.settings.excludedCommands.length > 0) return { on: false, why: "sandbox.excludedCommands is set, and an allow rule would reach the commands that run outside" };
  return { on: true };
}
