/**
 * The s12 demo, end to end: the real SDK, the simulator, real tools and real git, in a fresh
 * copy of the practice workspace made a repository of its own. Two teammates work at once, each
 * inside its task's worktree; the lead merges both branches and removes the worktrees. Effects:
 * both files on the workspace's branch, one commit each touching only its own file, no branch or
 * worktree left, the index and the log telling the story, both tasks completed, nothing asked.
 */
import { readFile } from "node:fs/promises";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { checkConversation } from "@learn/core";
import { EVENTS_FILE, INDEX_FILE, lesson } from "../src/index.ts";
import { bodyOf, gitIn, requestsOf, runDemo, textOfMessage, useRepoWorkspace } from "./helpers.ts";

const ws = useRepoWorkspace();
const json = async (file: string) => JSON.parse(await readFile(path.join(ws.dir, file), "utf8"));

describe("s12 demo: two teammates, two worktrees, merged back", () => {
  it("each works in its own worktree at the same time; both branches merge without a collision", async () => {
    const { simulator, renderer, turns, asked } = await runDemo(lesson, 0, ws.dir);
    expect(renderer.ofKind("error")).toEqual([]);
    expect(asked).toEqual([]);
    expect(simulator.remaining()).toBe(0);
    for (const r of simulator.requests) expect(checkConversation(bodyOf(r).messages)).toBeUndefined();
    expect(turns.map((t) => t.source)).toEqual([undefined, "mail from alice", "mail from bob"]);
    expect(turns.at(-1)!.answer).toMatch(/^Both branches are merged into main with no conflict/);

    // Each teammate was told where it works, right after its claim; its commit went to its own branch.
    for (const [mate, name] of [["alice", "discount"], ["bob", "tax"]] as const) {
      const requests = requestsOf(simulator.requests, mate).map((r) => textOfMessage(bodyOf(r).messages.at(-1)));
      expect(requests[1]).toMatch(new RegExp(`^You own task #\\d[\\s\\S]*<worktree>\\nYou now work in worktree ${name} `));
      expect(requests[3]).toContain(`## wt/${name}`);
    }

    // The workspace's branch has both files, one commit each touching only its own file, then the merge.
    expect(await readFile(path.join(ws.dir, "shop/src/discount.js"), "utf8")).toContain("export function applyDiscount(cents, percent)");
    expect(await readFile(path.join(ws.dir, "shop/src/tax.js"), "utf8")).toContain("export function withTax(cents, percent)");
    const log = await gitIn(ws.dir, "log", "--format=%s", "--name-only", "--no-merges", "main");
    expect(log).toContain("Add applyDiscount\n\nshop/src/discount.js");
    expect(log).toContain("Add withTax\n\nshop/src/tax.js");
    expect(await gitIn(ws.dir, "status", "--porcelain")).toBe("");
    expect(await gitIn(ws.dir, "branch", "--list", "wt/*")).toBe("");
    expect((await gitIn(ws.dir, "worktree", "list")).trim().split("\n")).toHaveLength(1);

    // The books: both removed, the log's story, the board completed with one owner each.
    const index = await json(INDEX_FILE);
    expect(index.worktrees.map((e: { name: string; status: string; task_id: number }) => [e.name, e.status, e.task_id])).toEqual([
      ["discount", "removed", 1],
      ["tax", "removed", 2],
    ]);
    const events = (await readFile(path.join(ws.dir, EVENTS_FILE), "utf8")).trim().split("\n").map((l) => JSON.parse(l));
    expect(events.map((e: { event: string; name: string }) => `${e.event} ${e.name}`)).toEqual([
      "worktree.create discount",
      "worktree.create tax",
      "worktree.remove discount",
      "worktree.remove tax",
    ]);
    expect([await json(".tasks/1.json"), await json(".tasks/2.json")].map((t) => [t.status, t.owner])).toEqual([
      ["completed", "alice"],
      ["completed", "bob"],
    ]);

    // The plan lives on the board (task_create, claim_task, worktree_remove keep it): s04's reminder never
    // says "no plan"; the lead's board is kept every few rounds; a teammate that worked three rounds on
    // its claim without marking it is reminded of the tool it took the task with.
    const reminders = (agent: string) =>
      requestsOf(simulator.requests, agent).flatMap((r) => textOfMessage(bodyOf(r).messages.at(-1)).match(/<reminder>[^.]*/g) ?? []);
    expect(reminders("lead")).toEqual([]);
    for (const mate of ["alice", "bob"]) expect(reminders(mate)).toEqual(["<reminder>Your plan, kept with claim_task, has not changed in 3 rounds of tool calls"]);
  });
});
