/**
 * What lesson 11 adds to lesson 10's team, one mechanism for each side (what they add: autonomy.ts):
 *
 *   autonomy (lead)       spawn_teammate with plan_first, shutdown_request, plan_approval; and the
 *                         idle cycle, hung on every teammate (TeammateIdle): mail? the board? stop
 *   autonomy (teammate)   claim_task, idle, submit_plan, shutdown_response, the plan gate, who it is
 *
 * Both find lesson 10's team in the session, and this lesson's own state (the board, the gate,
 * the open requests) beside it: made once, by the lead's mechanism.
 */
import type { BuildContext, Mechanism } from "@learn/core";
import { teamOf } from "@learn/s10";
import { autonomyFor, CLAIM_GRANT, withLeadProtocols, withTeammateAutonomy, type Autonomy } from "./autonomy.ts";
import { CLAIM_TASK_TOOL } from "./autonomy/tools.ts";

function autonomyOf(ctx: BuildContext): Promise<Autonomy> {
  return ctx.shared("s11:autonomy", async () => autonomyFor(ctx.options, await teamOf(ctx)));
}

export const leadProtocols: Mechanism = {
  name: "autonomy (lead)",
  for: ["lead"],
  add: async (parts, ctx) => withLeadProtocols(parts, await autonomyOf(ctx)),
};

export const teammateProtocols: Mechanism = {
  name: "autonomy (teammate)",
  for: ["teammate"],
  grants: [{ rules: [CLAIM_TASK_TOOL], source: CLAIM_GRANT }],
  async add(parts, ctx) {
    const autonomy = await autonomyOf(ctx);
    const mate = autonomy.built.team.member(ctx.options.model.agent);
    if (!mate) throw new Error(`${ctx.options.model.agent} is not on the team: a teammate is built by spawn_teammate`);
    return withTeammateAutonomy(parts, mate, autonomy);
  },
};
