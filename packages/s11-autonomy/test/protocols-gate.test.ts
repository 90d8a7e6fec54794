/**
 * The plan gate, as the kernel calls it (a PreToolUse hook): a waiting teammate's mutating
 * calls are denied with what to do instead, its other calls and everyone else's pass, and
 * after approval everything passes.
 */
import { describe, expect, it } from "vitest";
import { defineTool, type AgentContext, type Tool, type ToolCall } from "@learn/core";
import { testContext, useTempWorkspace } from "@learn/core/testing";
import { LEAD, Mailboxes, sendMessageTool } from "@learn/s10";
import { z } from "zod";
import { PLAN_GATE_HOOK, PlanGate, Requests, submitPlanTool } from "../src/autonomy/protocols/index.ts";

const ws = useTempWorkspace({ "README.md": "A workspace.\n" });

/** A tool that changes a file, as far as the gate can tell (its `mutating` flag). */
const writeTool = defineTool({ name: "write_file", description: "Write.", input: z.object({ path: z.string() }), run: () => "written" });
const readTool = defineTool({ name: "read_file", description: "Read.", input: z.object({ path: z.string() }), permission: { mutating: false }, run: () => "text" });

function setup() {
  const mailboxes = new Mailboxes(ws.dir);
  const requests = new Requests(mailboxes);
  const gate = new PlanGate();
  const hook = gate.hook();
  const team = { names: () => ["alice", "bob"], describe: () => "alice (working), bob (working)" };
  const tools = [writeTool, readTool, sendMessageTool(mailboxes, team), submitPlanTool(requests, gate)];
  /** What the gate says to `agent` calling each tool: "pass" or the denial's reason. */
  const decide = async (agent: string, tool: Tool) => {
    const call: ToolCall = { id: "toolu_1", name: tool.name, input: {}, tool };
    const result = await hook.run({ call }, testContext(ws.dir, { agent }));
    return result ? `${result.decision}: ${result.reason}` : "pass";
  };
  const decideAll = (agent: string) => Promise.all(tools.map((tool) => decide(agent, tool)));
  return { requests, gate, hook, tools, decideAll, ctx: (agent: string): AgentContext => testContext(ws.dir, { agent }) };
}

describe("PlanGate", () => {
  it("is a PreToolUse hook named plan-gate that lets everything through by default", async () => {
    const { hook, decideAll } = setup();
    expect(hook).toMatchObject({ event: "PreToolUse", name: PLAN_GATE_HOOK });
    expect(PLAN_GATE_HOOK).toBe("plan-gate");
    expect(await decideAll("alice")).toEqual(["pass", "pass", "pass", "pass"]);
  });

  it("denies a waiting teammate's mutating calls, says what to do, and lets its talk and other agents through", async () => {
    const { gate, requests, tools, decideAll, ctx } = setup();
    gate.require("alice");
    expect(gate.waiting("alice")).toBe(true);
    expect(gate.waiting("bob")).toBe(false);
    const before = "deny: alice may not change anything before the lead approves its plan: submit_plan, then wait for the answer (it arrives by itself).";
    expect(await decideAll("alice")).toEqual([before, "pass", "pass", "pass"]);
    expect(await decideAll("bob")).toEqual(["pass", "pass", "pass", "pass"]);
    expect(await decideAll(LEAD)).toEqual(["pass", "pass", "pass", "pass"]);

    // Once the plan is sent, the denial names the request to wait for.
    await tools[3]!.execute({ plan: "1. add sub()" }, ctx("alice"));
    const after = "deny: alice may not change anything before the lead approves its plan: it was sent (request_id: req-1); wait for the answer, which arrives by itself.";
    expect((await decideAll("alice"))[0]).toBe(after);

    // A rejection holds it (back to "submit_plan"); an approval opens the gate.
    gate.reject("alice");
    expect((await decideAll("alice"))[0]).toBe(before);
    gate.approve("alice");
    expect(gate.waiting("alice")).toBe(false);
    expect(await decideAll("alice")).toEqual(["pass", "pass", "pass", "pass"]);
    expect(requests.pendingFor(LEAD).map((r) => r.id)).toEqual(["req-1"]);
  });

  it("a plan noted or rejected for a teammate under no gate changes nothing", async () => {
    const { gate, decideAll } = setup();
    gate.submitted("bob", "req-1");
    gate.reject("bob");
    expect(gate.waiting("bob")).toBe(false);
    expect(await decideAll("bob")).toEqual(["pass", "pass", "pass", "pass"]);
  });
});
