/**
 * What lesson 10 gives the lead and every teammate: an inbox — mail drained into its next
 * request, and a wake when mail arrives while it is idle (lesson 9's notifications).
 */
import type { Mechanism } from "@learn/core";
import { teamOf } from "../team/index.ts";
import { teammateOf } from "../teammate/index.ts";

export const inbox: Mechanism = {
  name: "inbox",
  for: ["lead", "teammate"],
  async add(parts, ctx) {
    const { notes, close } = ctx.role === "lead" ? (await teamOf(ctx)).inbox : (await teammateOf(ctx)).inbox;
    return {
      ...parts,
      // Lesson 9's notifications, fed from the mailbox: the same two hooks, under the inbox's names.
      hooks: [...parts.hooks, ...notes.hooks({ wake: "inbox-wake", deliver: "inbox" })],
      wrappers: [...parts.wrappers, notes.delivered],
      onClear: [...parts.onClear, () => notes.clear()],
      working: [...parts.working, () => notes.arriving > 0],
      start: [...parts.start, (agent) => notes.attach(agent)],
      close: [...parts.close, close],
    };
  },
};
