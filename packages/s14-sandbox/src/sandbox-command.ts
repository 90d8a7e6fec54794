/**
 * `/sandbox`: which regime the commands run under, and why — what a person reads before
 * trusting a command the policy let through.
 *
 *   Sandbox: on (bubblewrap). Commands write only in the workspace and /tmp; …
 *   Sandbox: off (sandbox.enabled is not set). Commands run as they are; the policy alone decides.
 *   Sandbox: wanted, but bubblewrap is not installed (…). Commands run unsandboxed; …
 */
import type { SlashCommand } from "@learn/core";
import { autoAllowOf } from "./sandbox/auto-allow.ts";
import type { SandboxState } from "./sandbox/state.ts";

export function sandboxCommand(state: SandboxState): SlashCommand {
  return { name: "sandbox", description: "whether commands run inside the OS sandbox, and what it allows", run: () => describeSandbox(state) };
}

export function describeSandbox(state: SandboxState): string {
  const { settings, probe } = state;
  const from = settings.sources.length > 0 ? ` Settings: ${settings.sources.join(", ")}.` : "";
  if (!settings.enabled) return `Sandbox: off (sandbox.enabled is not true). Commands run as they are; the permission policy alone decides.${from}`;
  if (probe && !probe.available) {
    return settings.failIfUnavailable
      ? `Sandbox: required, but ${probe.reason}. sandbox.failIfUnavailable: no command runs.${from}`
      : `Sandbox: wanted, but ${probe.reason}. Commands run unsandboxed; the permission policy alone decides.${from}`;
  }
  return [
    `Sandbox: on (bubblewrap).${from}`,
    "  covers:   every process a tool call starts (bash, background jobs, worktree commands) and the MCP stdio servers; not command hooks",
    "  writes:   the workspace and a private /tmp; .git/config, .git/hooks, .claude/ and shell start-up files read-only",
    "  reads:    everything but the files the Read deny rules and the key's env file name (they appear empty)",
    `  network:  off${settings.allowedDomains.length > 0 ? ` (sandbox.network.allowedDomains is read, not honoured: ${settings.allowedDomains.join(", ")})` : ""}`,
    "  processes: a PID namespace of its own: no other process, no other environment",
    `  excluded: ${settings.excludedCommands.length > 0 ? `${settings.excludedCommands.join(", ")} (run outside, the policy decides)` : "none"}`,
    `  approval: ${approval(state)}`,
  ].join("\n");
}

function approval(state: SandboxState): string {
  const auto = autoAllowOf(state);
  return auto.on
    ? "a command no rule decided runs without a question (autoAllowBashIfSandboxed); deny and ask rules, and writes outside or into .git/ and .claude/, still ask"
    : `the permission policy asks as in lesson 3 (no auto-allow: ${auto.why})`;
}
