/**
 * How a result comes back to the lead: one queue of notes — a finished job's, a background
 * subagent's report — carried into the next request, or waking the agent when it is idle.
 * Background jobs and background subagents push into it (`parts.notifications`); this mechanism
 * hangs it on the kernel.
 *
 *   hooks     UserPromptSubmit (a wake turn with nothing left to say is dropped),
 *             PreModel (pending notes join the request about to be sent)
 *   wrapper   a model call that succeeded was sent them (until then they are in flight)
 *   start     with the running agent: a note that arrives while it is idle wakes it
 *   working   `--print` and the demo wait for a note still being written
 */
import type { Mechanism } from "@learn/core";
import type { LessonFlag } from "@learn/core/harness";
import { Notifications } from "./notifications.ts";

export { Notifications, RESULTS_TAG, WAKE_PROMPT, type NotificationsOptions } from "./notifications.ts";

declare module "@learn/core" {
  interface AgentParts {
    /**
     * s09: the lead's queue of background results, which the mechanisms after this one push
     * into (a job that ended, a background subagent's report). One per agent; unset before s09.
     */
    notifications?: Notifications;
  }
}

/** `--deliver when-idle`: a result that lands mid-turn waits for the idle agent (the offline demo). */
export const DELIVER_FLAG = "deliver";
export const DELIVER_CHOICES = ["next-call", "when-idle"] as const;

const deliverFlag: LessonFlag = {
  name: DELIVER_FLAG,
  choices: DELIVER_CHOICES,
  description: "when a finished job's result reaches the model: with the next model call (next-call, the default), or once the agent is idle (when-idle, the offline demo)",
};

/** What lesson 9 adds first, to the lead only: a subagent works to one answer and ends, so nothing could report to it later. */
export const notifications: Mechanism = {
  name: "notifications",
  for: ["lead"],
  flags: [deliverFlag],
  // Offline, a result waits for the idle agent: whether a job ends before or after the agent's
  // other work depends on the machine's speed, and a scripted model expects one order.
  offlineFlags: { [DELIVER_FLAG]: "when-idle" },
  add(parts, { options }) {
    const queue = new Notifications({ whenIdle: options.flags[DELIVER_FLAG] === "when-idle" });
    return {
      ...parts,
      notifications: queue,
      hooks: [...parts.hooks, ...queue.hooks({ wake: "background-wake", deliver: "background-results" })],
      wrappers: [...parts.wrappers, queue.delivered],
      onClear: [...parts.onClear, () => queue.clear()],
      working: [...parts.working, () => queue.arriving > 0],
      start: [...parts.start, (agent) => queue.attach(agent)],
    };
  },
};

/** The queue `notifications` gave these parts: the mechanisms that push into it stand after it in the list. */
export function notificationsOf(parts: { notifications?: Notifications }, who: string): Notifications {
  if (!parts.notifications) throw new Error(`${who} needs lesson 9's notifications mechanism before it in the list: its results would reach no one`);
  return parts.notifications;
}
