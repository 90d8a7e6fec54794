/**
 * The s11 demo, end to end: the real SDK, the simulator, real tools, in a fresh copy of the
 * practice workspace. Nobody assigns a task: alice and bob claim one each, alice's idle cycle
 * hands her the third; the lead shuts the team down through the protocol, each answer naming
 * its request_id. Effects: three files, a board all completed with one owner a task, a roster
 * of shut-down teammates, no question asked.
 */
import { readFile } from "node:fs/promises";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { checkConversation } from "@learn/core";
import { useTempWorkspace } from "@learn/core/testing";
import { lesson } from "../src/index.ts";
import { bodyOf, lastMessage, requestsOf, runDemo, textOfMessage } from "./helpers.ts";

const ws = useTempWorkspace();

describe("s11 demo: three tasks, two teammates, a shutdown by protocol", () => {
  it("the teammates claim the work themselves, finish it, and agree to shut down", async () => {
    const { simulator, renderer, turns, asked } = await runDemo(lesson, 0, ws.dir);
    expect(renderer.ofKind("error")).toEqual([]);
    expect(asked).toEqual([]);
    expect(simulator.remaining()).toBe(0);
    for (const r of simulator.requests) expect(checkConversation(bodyOf(r).messages)).toBeUndefined();

    // The lead: its prompt, then three turns, each woken by one message.
    expect(turns.map((t) => t.source)).toEqual([undefined, "mail from alice", "mail from alice", "mail from bob"]);
    expect(turns.at(-1)!.answer).toMatch(/^Done without assigning anything/);
    const lead = requestsOf(simulator.requests, "lead");
    expect(textOfMessage(lastMessage(lead[5]!))).toMatch(/From alice \(shutdown_response, [^)]+\):[\s\S]*approve: true[\s\S]*request_id: req-1/);
    expect(textOfMessage(lastMessage(lead[7]!))).toMatch(/From bob \(shutdown_response, [^)]+\):[\s\S]*request_id: req-2/);

    // alice's idle cycle claimed #3 for her: her next work phase started with it (after her idle call's result).
    const alice = requestsOf(simulator.requests, "alice");
    expect(textOfMessage(lastMessage(alice[4]!))).toMatch(/^Idle: [\s\S]*\nTask #3: Write couponValue\(code\)/);
    // ...and the screen said so, in her lane: the claim nobody asked for is not silent.
    expect(renderer.teammateNamed("alice").ofKind("notice").map((n) => n.text)).toContain(
      "claimed #3: Write couponValue(code) (its idle cycle found it ready on the board)",
    );
    // Each shutdown request reached its teammate with its id.
    expect(textOfMessage(lastMessage(alice.at(-1)!))).toContain("request_id: req-1");
    expect(textOfMessage(lastMessage(requestsOf(simulator.requests, "bob").at(-1)!))).toContain("request_id: req-2");

    // On disk: the files, the board (completed, one owner each), the roster.
    for (const file of ["shop/src/tax.js", "shop/src/shipping.js", "shop/src/coupon.js"]) {
      expect(await readFile(path.join(ws.dir, file), "utf8")).toContain("export function");
    }
    const tasks = await Promise.all([1, 2, 3].map(async (id) => JSON.parse(await readFile(path.join(ws.dir, `.tasks/${id}.json`), "utf8")) as { status: string; owner: string }));
    expect(tasks.map((t) => [t.status, t.owner])).toEqual([
      ["completed", "alice"],
      ["completed", "bob"],
      ["completed", "alice"],
    ]);
    const roster = JSON.parse(await readFile(path.join(ws.dir, ".team/config.json"), "utf8")) as { members: { name: string; status: string }[] };
    expect(roster.members.map((m) => [m.name, m.status])).toEqual([
      ["alice", "shutdown"],
      ["bob", "shutdown"],
    ]);
  });
});
