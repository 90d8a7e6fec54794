/**
 * The protocol tools, called as the kernel calls them (`execute` with an agent's context):
 * what each returns, the mail each writes (with its request_id line), the gate opened by an
 * approved plan, and the teammate ended only by an approved shutdown.
 */
import { describe, expect, it } from "vitest";
import type { Tool } from "@learn/core";
import { testContext, useTempWorkspace } from "@learn/core/testing";
import { LEAD, Mailboxes } from "@learn/s10";
import {
  PLAN_APPROVAL_TOOL,
  planApprovalTool,
  PlanGate,
  Requests,
  SHUTDOWN_REQUEST_TOOL,
  SHUTDOWN_RESPONSE_TOOL,
  shutdownRequestTool,
  shutdownResponseTool,
  SUBMIT_PLAN_TOOL,
  submitPlanTool,
} from "../src/autonomy/protocols/index.ts";

const ws = useTempWorkspace({ "README.md": "A workspace.\n" });

function setup(members = ["alice", "bob"]) {
  const mailboxes = new Mailboxes(ws.dir);
  const requests = new Requests(mailboxes);
  const gate = new PlanGate();
  const retired: string[] = [];
  const team = { names: () => members, describe: () => members.map((m) => `${m} (working)`).join(", ") };
  const tools = {
    shutdownRequest: shutdownRequestTool(requests, team),
    planApproval: planApprovalTool(requests, gate),
    shutdownResponse: shutdownResponseTool(requests, (name) => retired.push(name)),
    submitPlan: submitPlanTool(requests, gate),
  };
  /** Call `tool` as `agent`. */
  const call = (agent: string, tool: Tool, input: unknown) => tool.execute(input, testContext(ws.dir, { agent }));
  /** The mail in `name`'s box, taken out: "type from: content". */
  const mail = async (name: string) => (await mailboxes.drain(name)).mail.map((m) => `${m.type} ${m.from}: ${m.content}`);
  return { requests, gate, retired, tools, call, mail };
}

const ok = (content: string) => ({ content, isError: false });
const error = (content: string) => ({ content: `Error: ${content}`, isError: true });

describe("protocol tools", () => {
  it("are named, described, and not mutating (a gated teammate can still use them)", () => {
    const { tools } = setup();
    expect(Object.values(tools).map((t) => [t.name, t.permission?.mutating])).toEqual([
      [SHUTDOWN_REQUEST_TOOL, false],
      [PLAN_APPROVAL_TOOL, false],
      [SHUTDOWN_RESPONSE_TOOL, false],
      [SUBMIT_PLAN_TOOL, false],
    ]);
    expect([SHUTDOWN_REQUEST_TOOL, PLAN_APPROVAL_TOOL, SHUTDOWN_RESPONSE_TOOL, SUBMIT_PLAN_TOOL]).toEqual([
      "shutdown_request",
      "plan_approval",
      "shutdown_response",
      "submit_plan",
    ]);
    for (const tool of Object.values(tools)) expect(tool.description.length).toBeGreaterThan(60);
  });

  it("shutdown: the lead asks, the teammate agrees, onApproved gets its name", async () => {
    const { tools, call, mail, retired, requests } = setup();
    expect(await call(LEAD, tools.shutdownRequest, { teammate: "alice" })).toEqual(
      ok("Asked alice to shut down (request_id: req-1). Its answer arrives by itself."),
    );
    expect(await mail("alice")).toEqual([expect.stringMatching(/^shutdown_request lead: The lead asks you to shut down\. .*\nrequest_id: req-1$/s)]);
    expect(retired).toEqual([]);

    expect(await call("alice", tools.shutdownResponse, { request_id: "req-1", approve: true })).toEqual(
      ok("Shutting down: the lead has your answer (request_id: req-1)."),
    );
    expect(retired).toEqual(["alice"]);
    expect(await mail(LEAD)).toEqual(["shutdown_response alice: approve: true\nrequest_id: req-1"]);
    expect(requests.get("req-1")?.status).toBe("approved");
  });

  it("shutdown: a teammate that says no (with a reason) keeps working", async () => {
    const { tools, call, mail, retired } = setup();
    await call(LEAD, tools.shutdownRequest, { teammate: "bob" });
    expect(await call("bob", tools.shutdownResponse, { request_id: "req-1", approve: false })).toEqual(
      error("Say why in reason: the lead decides what to do from it."),
    );
    expect(await call("bob", tools.shutdownResponse, { request_id: "req-1", approve: false, reason: "The tests still fail." })).toEqual(
      ok("Told the lead you keep working (request_id: req-1)."),
    );
    expect(retired).toEqual([]);
    expect(await mail(LEAD)).toEqual(["shutdown_response bob: approve: false\nreason: The tests still fail.\nrequest_id: req-1"]);
  });

  it("shutdown: refuses an unknown teammate, a second ask, and a wrong or repeated answer", async () => {
    const { tools, call, retired } = setup();
    expect(await call(LEAD, tools.shutdownRequest, { teammate: "carol" })).toEqual(
      error("No teammate carol to shut down. The team: alice (working), bob (working)."),
    );
    await call(LEAD, tools.shutdownRequest, { teammate: "alice" });
    expect(await call(LEAD, tools.shutdownRequest, { teammate: "alice" })).toEqual(
      error("alice was already asked (request_id: req-1): wait for its answer."),
    );
    expect(await call("bob", tools.shutdownResponse, { request_id: "req-1", approve: true })).toEqual(error("req-1 was sent to alice, not to bob."));
    expect(await call("alice", tools.shutdownResponse, { request_id: "req-7", approve: true })).toEqual(
      error('No request "req-7". Open requests: req-1 (shutdown, lead → alice).'),
    );
    expect(retired).toEqual([]);
    await call("alice", tools.shutdownResponse, { request_id: "req-1", approve: true });
    expect(await call("alice", tools.shutdownResponse, { request_id: "req-1", approve: true })).toEqual(
      error("req-1 was already answered (approved)."),
    );
    expect(retired).toEqual(["alice"]); // once
    const nobody = setup([]);
    expect(await nobody.call(LEAD, nobody.tools.shutdownRequest, { teammate: "alice" })).toEqual(
      error("No teammate alice to shut down. The team: nobody yet."),
    );
  });

  it("plan: submitted, rejected with feedback (still held), submitted again, approved (the gate opens)", async () => {
    const { tools, call, mail, gate } = setup();
    gate.require("alice");
    expect(await call("alice", tools.submitPlan, { plan: "1. Edit math.ts." })).toEqual(
      ok("Plan sent to the lead (request_id: req-1). Until it approves, you may read and write messages, but not change anything."),
    );
    expect(await mail(LEAD)).toEqual(["plan_approval_request alice: 1. Edit math.ts.\nrequest_id: req-1"]);

    expect(await call(LEAD, tools.planApproval, { request_id: "req-1", approve: false })).toEqual(
      error("Say why in feedback: the teammate revises its plan from it."),
    );
    expect(await call(LEAD, tools.planApproval, { request_id: "req-1", approve: false, feedback: "Write a test first." })).toEqual(
      ok("Rejected alice's plan (request_id: req-1) and sent your feedback: it will revise the plan."),
    );
    expect(await mail("alice")).toEqual(["plan_approval_response lead: approve: false\nfeedback: Write a test first.\nrequest_id: req-1"]);
    expect(gate.waiting("alice")).toBe(true);

    await call("alice", tools.submitPlan, { plan: "1. Test.\n2. Edit math.ts." });
    expect(await call(LEAD, tools.planApproval, { request_id: "req-2", approve: true })).toEqual(
      ok("Approved alice's plan (request_id: req-2): it may start now."),
    );
    expect(gate.waiting("alice")).toBe(false);
    expect(await mail("alice")).toEqual(["plan_approval_response lead: approve: true\nrequest_id: req-2"]);
  });

  it("plan: an approval with feedback sends it; a plan from a teammate under no gate is just sent", async () => {
    const { tools, call, mail, gate } = setup();
    expect(await call("bob", tools.submitPlan, { plan: "Rename sum()." })).toEqual(ok("Plan sent to the lead (request_id: req-1). Its answer arrives by itself."));
    expect(await call(LEAD, tools.planApproval, { request_id: "req-1", approve: true, feedback: "Update the callers too." })).toEqual(
      ok("Approved bob's plan (request_id: req-1) with your feedback: it may start now."),
    );
    expect(await mail("bob")).toEqual(["plan_approval_response lead: approve: true\nfeedback: Update the callers too.\nrequest_id: req-1"]);
    expect(gate.waiting("bob")).toBe(false);
  });

  it("plan: only the lead answers, each request with its own protocol's tool", async () => {
    const { tools, call, gate, requests } = setup();
    gate.require("alice");
    await call("alice", tools.submitPlan, { plan: "the plan" });
    await call(LEAD, tools.shutdownRequest, { teammate: "bob" });
    expect(await call("bob", tools.planApproval, { request_id: "req-1", approve: true })).toEqual(error("req-1 was sent to lead, not to bob."));
    expect(await call(LEAD, tools.shutdownResponse, { request_id: "req-1", approve: true })).toEqual(
      error("req-1 is a plan request: answer it with plan_approval."),
    );
    expect(await call("bob", tools.planApproval, { request_id: "req-2", approve: true })).toEqual(
      error("req-2 is a shutdown request: answer it with shutdown_response."),
    );
    expect(await call(LEAD, tools.submitPlan, { plan: "mine" })).toEqual(error("lead cannot send a request to itself."));
    expect(gate.waiting("alice")).toBe(true);
    expect(requests.pendingFor(LEAD).map((r) => r.id)).toEqual(["req-1"]);
  });
});
