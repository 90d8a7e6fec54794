/**
 * What lesson 11 adds: teammates that find their own work and answer the lead's requests, one
 * mechanism for each side of lesson 10's team (autonomy.ts):
 *
 *   autonomy (lead)       spawn_teammate with plan_first, shutdown_request, plan_approval; and the
 *                         idle cycle, hung on every teammate (TeammateIdle): mail? the board? stop
 *   autonomy (teammate)   claim_task, idle, submit_plan, shutdown_response, the plan gate, who it is
 *
 * Both find lesson 10's team in the session, and this lesson's own state (the board, the gate,
 * the open requests) beside it: made once, by the lead's mechanism.
 */
export { leadProtocols, teammateProtocols } from "./autonomy.ts";
