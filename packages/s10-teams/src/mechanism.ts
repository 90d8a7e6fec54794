/**
 * What lesson 10 adds: a team. Two mechanisms, one for each side of it:
 *
 *   team       the lead: spawn_teammate and the team tools, its inbox, /team and /inbox (team-parts.ts)
 *   teammate   every teammate: its inbox, send_message and read_inbox, who it is (Teammate.ownParts)
 *
 * A teammate is built from the session's list for the role "teammate": every mechanism that is
 * for all agents (a subagent gets the same), then the teammate ones — this lesson's, and any a
 * later lesson adds. The team itself is made once a session, by the lead's mechanism, and found
 * by every teammate's mechanism in the session (`ctx.shared`).
 */
import type { Mechanism } from "@learn/core";
import { teamOf } from "./team-parts.ts";

export { team, teamOf } from "./team-parts.ts";

export const teammate: Mechanism = {
  name: "teammate",
  for: ["teammate"],
  async add(parts, ctx) {
    const { team } = await teamOf(ctx);
    const mate = team.member(ctx.options.model.agent);
    if (!mate) throw new Error(`${ctx.options.model.agent} is not on the team: a teammate is built by spawn_teammate`);
    return mate.ownParts(parts);
  },
};
