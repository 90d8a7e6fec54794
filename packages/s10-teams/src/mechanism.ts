/**
 * What lesson 10 adds: a team. Three mechanisms, one for each side of it and one for both:
 *
 *   team       the lead: spawn_teammate and the team tools, /team and /inbox (team-parts.ts)
 *   teammate   every teammate: send_message and read_inbox, who it is
 *   inbox      the lead and every teammate: mail drained into its next request, and a wake
 *              when mail arrives while it is idle (teammates/inbox.ts)
 *
 * A teammate is built from the session's list for the role "teammate": every mechanism that is
 * for all agents (a subagent gets the same), then the teammate ones — this lesson's, and any a
 * later lesson adds. The team itself is made once a session, by the lead's mechanism, and found
 * by every teammate's mechanism in the session (`ctx.shared`).
 */
import type { BuildContext, Mechanism } from "@learn/core";
import { teamOf } from "./team-parts.ts";
import { teammateSection } from "./teammates/prompt.ts";
import { readInboxTool, sendMessageTool } from "./teammates/tools.ts";
import type { Teammate } from "./teammates/teammate.ts";

export { team, teamOf } from "./team-parts.ts";

/** The teammate being built: spawn_teammate put it on the team before building its agent. */
async function teammateOf(ctx: BuildContext): Promise<Teammate> {
  const { team } = await teamOf(ctx);
  const mate = team.member(ctx.options.model.agent);
  if (!mate) throw new Error(`${ctx.options.model.agent} is not on the team: a teammate is built by spawn_teammate`);
  return mate;
}

export const teammate: Mechanism = {
  name: "teammate",
  for: ["teammate"],
  async add(parts, ctx) {
    const { team, mailboxes } = await teamOf(ctx);
    const mate = await teammateOf(ctx);
    return {
      ...parts,
      tools: [...parts.tools, sendMessageTool(mailboxes, team), readInboxTool(mate.inbox.notes)],
      sections: [...parts.sections, teammateSection(mate.name, mate.role, mate.teamName)],
    };
  },
};

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
