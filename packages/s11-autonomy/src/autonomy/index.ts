/**
 * What lesson 11 adds to lesson 10's team, as two mechanisms — the lead's side and every
 * teammate's (below) — over one state made once a session. The lead still spawns teammates and
 * talks to them by mail; what changes is what a teammate does on its own, and how two agents agree:
 *
 *   idle teammate ──► its mail? the board? ──► claims "Task #3: …" ──► works ──► idle ──► …
 *                                           └─ nothing for idle-timeout-ms ──► tells the lead, shuts down
 *   lead ── shutdown_request ──► teammate ── shutdown_response { request_id, approve } ──► lead
 *   teammate ── submit_plan ──► lead ── plan_approval { request_id, approve } ──► teammate (unlocked)
 *
 * Every request carries an id (`request_id: req-1` in the message), so an answer names the
 * question it answers. A teammate re-learns who it is after a compaction (its identity is live state).
 */
import { sessionKey, type AgentOptions, type BuildContext, type Mechanism } from "@learn/core";
import { TaskBoard } from "@learn/s08";
import { SPAWN_TEAMMATE_TOOL, teamOf, type BuiltTeam } from "@learn/s10";
import { idleCycle } from "./idle-cycle.ts";
import { identityNote, LEAD_AUTONOMY, teammateAutonomy } from "./prompt.ts";
import { IDLE_POLL_FLAG, idleFlags, idleSettings } from "./settings.ts";
import { spawnTeammateTool } from "./spawn.ts";
import { CLAIM_TASK_TOOL, claimTaskTool, endPhaseHook, idleTool } from "./tools.ts";
import { PlanGate, planApprovalTool, Requests, shutdownRequestTool, shutdownResponseTool, submitPlanTool } from "./protocols/index.ts";

/** Why claim_task needs no question. */
const CLAIM_GRANT = "lesson 11: claim_task writes only the board, as the task tools do";

/** What the lead and its teammates share in a session: the board, the plan gate, the open requests. */
export interface Autonomy {
  built: BuiltTeam;
  board: TaskBoard;
  gate: PlanGate;
  requests: Requests;
  teamName: string;
}

/** This lesson's state for a session's team; the lead's idle cycle is hung on every teammate (TeammateIdle). */
export async function autonomyFor(options: AgentOptions, built: BuiltTeam): Promise<Autonomy> {
  const settings = idleSettings(options.flags);
  const board = await TaskBoard.open(options.cwd);
  built.team.onTeammateIdle((mate) => idleCycle(board, built.mailboxes, settings)(mate));
  const { teamName } = await built.roster.read();
  return { built, board, gate: new PlanGate(), requests: new Requests(built.mailboxes), teamName };
}

const AUTONOMY = sessionKey<Promise<Autonomy>>("autonomy");

/** This lesson's state beside lesson 10's team: made once a session, by the lead's mechanism. */
function autonomyOf(ctx: BuildContext): Promise<Autonomy> {
  return ctx.shared(AUTONOMY, async () => autonomyFor(ctx.options, await teamOf(ctx)));
}

/** The lead: spawn_teammate with plan_first (in place of lesson 10's), shutdown_request, plan_approval. */
export const leadProtocols: Mechanism = {
  name: "autonomy (lead)",
  for: ["lead"],
  // Lesson 10's spawn_teammate, with plan_first.
  replaces: { tools: ["spawn_teammate"] },
  // The idle cycle is the lead's (hung on each teammate): its settings are read here.
  flags: idleFlags,
  // Offline, an idle teammate looks again every 100 ms: a demo does not wait five seconds a step.
  offlineFlags: { [IDLE_POLL_FLAG]: "100" },
  async add(lead, ctx) {
    const { built, gate, requests } = await autonomyOf(ctx);
    return {
      ...lead,
      // /clear ends the team (lesson 10): the requests and gates of its teammates go with it, and
      // ids start again at req-1, as a fresh session's do.
      onClear: [...lead.onClear, () => (requests.clear(), gate.clear())],
      tools: [
        ...lead.tools.map((tool) => (tool.name === SPAWN_TEAMMATE_TOOL ? spawnTeammateTool(built.team, gate) : tool)),
        shutdownRequestTool(requests, built.team),
        planApprovalTool(requests, gate),
      ],
      sections: [...lead.sections, LEAD_AUTONOMY],
    };
  },
};

/** A teammate: claim_task, idle, submit_plan, shutdown_response; the plan gate; who it is, as live state. */
export const teammateProtocols: Mechanism = {
  name: "autonomy (teammate)",
  for: ["teammate"],
  grants: [{ rules: [CLAIM_TASK_TOOL], source: CLAIM_GRANT }],
  async add(parts, ctx) {
    const { built, board, gate, requests, teamName } = await autonomyOf(ctx);
    const mate = built.team.member(ctx.options.model.agent);
    if (!mate) throw new Error(`${ctx.options.model.agent} is not on the team: a teammate is built by spawn_teammate`);
    // This teammate agreed to shut down: its phase ends after this step. Its own flag, not one
    // kept by name for the session: an alice spawned again later is a new teammate, not leaving.
    let leaving = false;
    return {
      ...parts,
      tools: [
        ...parts.tools,
        claimTaskTool(board),
        idleTool(),
        submitPlanTool(requests, gate),
        shutdownResponseTool(requests, () => {
          leaving = true;
          mate.retire();
        }),
      ],
      // The hook asks by agent name; each teammate has its own hook, so its own flag answers.
      hooks: [...parts.hooks, gate.hook(), endPhaseHook(() => leaving)],
      sections: [...parts.sections, teammateAutonomy(gate.waiting(mate.name))],
      liveState: [...parts.liveState, () => identityNote(mate.name, mate.role, teamName)],
    };
  },
};
