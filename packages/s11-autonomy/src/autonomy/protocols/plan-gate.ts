/**
 * THE PLAN GATE: a teammate that must have its plan approved may look, but not touch, until
 * the lead says yes. It is a PreToolUse hook, like plan mode, with one difference: plan mode
 * ends when the user says so, the gate when the lead approves a plan_approval_request.
 *
 *   require(alice) ──► alice: reads, messages, submit_plan pass; write_file, bash… are denied
 *   submit_plan    ──► submitted(alice, req-2): the denial now names the request to wait for
 *   plan_approval  ──► approve: true → approve(alice): everything passes
 *                  └─► approve: false → reject(alice): still held; revise, submit again
 *
 * What counts as a change is the tool's own `permission.mutating`, the one the permission policy
 * reads (core's `mutates`): talking is not mutating, so a gated teammate can still ask, answer and submit.
 */
import { defineHook, mutates, type Hook } from "@learn/core";
import { requestIdLine } from "./requests.ts";

export const PLAN_GATE_HOOK = "plan-gate";

export class PlanGate {
  /** Who waits for approval → the request id of the plan it sent, if it sent one. */
  private readonly gated = new Map<string, string | undefined>();

  /** `name` may change nothing until its plan is approved. */
  require(name: string): void {
    this.gated.set(name, undefined);
  }

  /** `name` sent its plan as request `requestId` (a teammate under no gate: nothing to note). */
  submitted(name: string, requestId: string): void {
    if (this.gated.has(name)) this.gated.set(name, requestId);
  }

  /** The lead said no: a held `name` stays held, and must submit a revised plan. */
  reject(name: string): void {
    if (this.gated.has(name)) this.gated.set(name, undefined);
  }

  /** The lead approved `name`'s plan: the gate opens. */
  approve(name: string): void {
    this.gated.delete(name);
  }

  /** `/clear`: the team is ended, and a teammate spawned again starts with no gate unless asked. */
  clear(): void {
    this.gated.clear();
  }

  waiting(name: string): boolean {
    return this.gated.has(name);
  }

  /** The PreToolUse hook: a mutating call by a waiting agent is denied, with what to do instead. */
  hook(): Hook<"PreToolUse"> {
    return defineHook("PreToolUse", PLAN_GATE_HOOK, async ({ call }, ctx) => {
      if (!mutates(call.tool) || !this.waiting(ctx.agent)) return undefined;
      return { decision: "deny", reason: this.reason(ctx.agent) };
    });
  }

  private reason(name: string): string {
    const why = `${name} may not change anything before the lead approves its plan`;
    const sent = this.gated.get(name);
    if (sent === undefined) return `${why}: submit_plan, then wait for the answer (it arrives by itself).`;
    return `${why}: it was sent (${requestIdLine(sent)}); wait for the answer, which arrives by itself.`;
  }
}
