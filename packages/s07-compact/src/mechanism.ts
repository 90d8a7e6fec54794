/**
 * What lesson 7 adds, to every agent (a subagent's context can fill up too): context management
 * (three PreModel hooks, the compact tool, /compact and /context: compaction/) and recovery from
 * failed model calls (wrappers around every call: recovery/).
 */
import type { Mechanism } from "@learn/core";
import { contextCompaction } from "./compaction/index.ts";
import { recoveryWrappers } from "./recovery/index.ts";

export { contextCompaction };

export const callRecovery: Mechanism = {
  name: "recovery",
  // Outermost: recovery sees the kernel's own request, before any wrapper copies its messages.
  add: (parts, { options }) => ({ ...parts, wrappers: [...recoveryWrappers({ fallbackModel: options.fallbackModel }), ...parts.wrappers] }),
};
