/**
 * The sandbox as a process wrapper (core's process-wrapper.ts): every process one tool call
 * starts — bash, a background job, a command in a worktree — starts inside bubblewrap, with
 * the mounts looked up at that moment (mounts.ts). A command `excludedCommands` names runs
 * as it is, outside: the permission policy is then all that stands in its way, as in s03.
 */
import type { Launch, ProcessWrapper } from "@learn/core/harness";
import { inBwrap } from "./bwrap.ts";
import { mountsFor, type DenialInputs } from "./mounts.ts";

export function sandboxWrapper(inputs: () => DenialInputs, excludedCommands: readonly string[]): ProcessWrapper {
  return {
    name: "sandbox",
    wrap(launch) {
      if (isExcluded(launch, excludedCommands)) return launch;
      return inBwrap(launch, mountsFor(inputs()));
    },
  };
}

/**
 * Claude Code's `excludedCommands` patterns: `docker` or `docker *` (or the older `docker:*`)
 * name a command by its first words. Only a plain command line is excluded: one with `;`, `&&`,
 * `|`, a substitution or a redirection stays inside, or `docker ps; cat ~/.ssh/id_rsa` would
 * run its second half outside.
 */
export function isExcluded(launch: Launch, patterns: readonly string[]): boolean {
  const command = shellCommandOf(launch);
  if (command === undefined || patterns.length === 0 || /[;&|`$<>()\n\\]/.test(command)) return false;
  return patterns.some((pattern) => {
    const prefix = pattern.replace(/(:\*| \*)$/, "").trim();
    return prefix !== "" && (command.trim() === prefix || command.trim().startsWith(`${prefix} `));
  });
}

/** The command line of a `bash … -c <line>` launch; undefined for any other program. */
function shellCommandOf(launch: Launch): string | undefined {
  if (launch.file !== "bash") return undefined;
  const dashC = launch.args.indexOf("-c");
  return dashC >= 0 ? launch.args[dashC + 1] : undefined;
}

/** `sandbox.failIfUnavailable` where no sandbox starts: no process starts at all, and the call says why. */
export function refusingWrapper(reason: string): ProcessWrapper {
  return {
    name: "sandbox",
    wrap() {
      throw new Error(`not run: the sandbox is required (sandbox.failIfUnavailable) and ${reason}`);
    },
  };
}
