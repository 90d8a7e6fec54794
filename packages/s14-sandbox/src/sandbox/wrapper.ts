/**
 * The sandbox as a process wrapper (core's process-wrapper.ts): every process one tool call
 * starts — bash, a background job, a command in a worktree — starts inside bubblewrap, with
 * the mounts looked up at that moment (mounts.ts). A command `excludedCommands` names runs
 * as it is, outside: the permission policy is then all that stands in its way, as in s03.
 */
import type { ProcessWrapper } from "@learn/core/harness";
import { inBwrap } from "./bwrap.ts";
import { isExcluded } from "./excluded.ts";
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

/** `sandbox.failIfUnavailable` where no sandbox starts: no process starts at all, and the call says why. */
export function refusingWrapper(reason: string): ProcessWrapper {
  return {
    name: "sandbox",
    wrap() {
      throw new Error(`not run: the sandbox is required (sandbox.failIfUnavailable) and ${reason}`);
    },
  };
}
