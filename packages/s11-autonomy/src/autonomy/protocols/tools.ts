/**
 * The protocols' tools. The lead asks a teammate to shut down (shutdown_request) and answers
 * plans (plan_approval); a teammate answers a shutdown request (shutdown_response) and sends
 * its plan (submit_plan). Each request's id comes back in the tool result and in every mail
 * about it, so an answer always names the question it answers.
 *
 * None of them is mutating: they only send mail, which changes no file of the workspace —
 * and a teammate held by the plan gate must still be able to submit_plan and answer.
 */
import { defineTool, ToolError, type Tool } from "@learn/core";
import { LEAD, type Directory } from "@learn/s10";
import { z } from "zod";
import type { PlanGate } from "./plan-gate.ts";
import type { RequestKind, Requests } from "./requests.ts";

export const SHUTDOWN_REQUEST_TOOL = "shutdown_request";
export const SHUTDOWN_RESPONSE_TOOL = "shutdown_response";
export const PLAN_APPROVAL_TOOL = "plan_approval";
export const SUBMIT_PLAN_TOOL = "submit_plan";

/** What a teammate asked to shut down reads, before its request_id line. */
const SHUTDOWN_ASK =
  `The lead asks you to shut down. If your work is done (report it first with send_message), answer with ` +
  `${SHUTDOWN_RESPONSE_TOOL} approve: true; if not, approve: false and say why.`;

const requestId = z.string().min(1).describe('The request\'s id, as its mail says it: "req-1".');

export function shutdownRequestTool(requests: Requests, team: Directory): Tool {
  return defineTool({
    name: SHUTDOWN_REQUEST_TOOL,
    description:
      "Ask a teammate to shut down, when its work is done or no longer needed. It answers yes (and stops after its " +
      "current work) or no with a reason; the answer arrives by itself as mail, with the same request_id.",
    input: z.object({ teammate: z.string().describe("The teammate's name.") }),
    permission: { mutating: false },
    summary: ({ teammate }) => teammate,
    async run({ teammate }, ctx) {
      if (!team.names().includes(teammate)) {
        throw new ToolError(`No teammate ${teammate} to shut down. The team: ${team.describe() || "nobody yet"}.`);
      }
      const asked = requests.pendingFor(teammate).find((r) => r.kind === "shutdown");
      if (asked) throw new ToolError(`${teammate} was already asked (request_id: ${asked.id}): wait for its answer.`);
      const request = await requests.open("shutdown", ctx.agent, teammate, SHUTDOWN_ASK);
      return `Asked ${teammate} to shut down (request_id: ${request.id}). Its answer arrives by itself.`;
    },
  });
}

export function planApprovalTool(requests: Requests, gate: PlanGate): Tool {
  return defineTool({
    name: PLAN_APPROVAL_TOOL,
    description:
      "Answer a teammate's plan_approval_request by its request_id. approve: true lets it start changing things; " +
      "approve: false sends your feedback (required then): it revises the plan and submits it again.",
    input: z.object({
      request_id: requestId,
      approve: z.boolean().describe("true: the plan is good, go ahead. false: not yet (say why in feedback)."),
      feedback: z.string().optional().describe("What to keep or change; required when you reject."),
    }),
    permission: { mutating: false },
    summary: ({ request_id, approve }) => `${request_id}: ${approve ? "approve" : "reject"}`,
    async run({ request_id, approve, feedback }, ctx) {
      checkKind(requests, request_id, "plan");
      if (!approve && !feedback?.trim()) throw new ToolError("Say why in feedback: the teammate revises its plan from it.");
      const request = await requests.answer(request_id, ctx.agent, approve, feedback);
      if (!approve) {
        gate.reject(request.from);
        return `Rejected ${request.from}'s plan (request_id: ${request_id}) and sent your feedback: it will revise the plan.`;
      }
      gate.approve(request.from);
      return `Approved ${request.from}'s plan (request_id: ${request_id})${feedback ? " with your feedback" : ""}: it may start now.`;
    },
  });
}

export function shutdownResponseTool(requests: Requests, onApproved: (name: string) => void): Tool {
  return defineTool({
    name: SHUTDOWN_RESPONSE_TOOL,
    description:
      "Answer the lead's shutdown_request by its request_id. approve: true when your work is done and reported (you " +
      "stop once this turn ends: start nothing new); approve: false, with a reason, to keep working.",
    input: z.object({
      request_id: requestId,
      approve: z.boolean().describe("true: shut down. false: keep working (say why in reason)."),
      reason: z.string().optional().describe("Why not yet, or a last word; required when you say no."),
    }),
    permission: { mutating: false },
    summary: ({ request_id, approve }) => `${request_id}: ${approve ? "approve" : "reject"}`,
    async run({ request_id, approve, reason }, ctx) {
      checkKind(requests, request_id, "shutdown");
      if (!approve && !reason?.trim()) throw new ToolError("Say why in reason: the lead decides what to do from it.");
      await requests.answer(request_id, ctx.agent, approve, reason);
      if (!approve) return `Told the lead you keep working (request_id: ${request_id}).`;
      onApproved(ctx.agent);
      return `Shutting down: the lead has your answer (request_id: ${request_id}).`;
    },
  });
}

export function submitPlanTool(requests: Requests, gate: PlanGate): Tool {
  return defineTool({
    name: SUBMIT_PLAN_TOOL,
    description:
      "Send your plan to the lead for approval before you change anything (when you are told your plan needs " +
      "approval). The answer arrives by itself, with the same request_id; if it is no, revise and submit again.",
    input: z.object({ plan: z.string().min(1).describe("What you will do, step by step, and which files you will change.") }),
    permission: { mutating: false },
    async run({ plan }, ctx) {
      const request = await requests.open("plan", ctx.agent, LEAD, plan);
      gate.submitted(ctx.agent, request.id);
      const sent = `Plan sent to the lead (request_id: ${request.id}).`;
      if (!gate.waiting(ctx.agent)) return `${sent} Its answer arrives by itself.`;
      return `${sent} Until it approves, you may read and write messages, but not change anything.`;
    },
  });
}

/** An answer with the other protocol's tool is a mistake worth naming (an unknown id: `answer` says so). */
function checkKind(requests: Requests, id: string, kind: RequestKind): void {
  const request = requests.get(id);
  if (!request || request.kind === kind) return;
  const tool = request.kind === "plan" ? PLAN_APPROVAL_TOOL : SHUTDOWN_RESPONSE_TOOL;
  throw new ToolError(`${id} is a ${request.kind} request: answer it with ${tool}.`);
}
