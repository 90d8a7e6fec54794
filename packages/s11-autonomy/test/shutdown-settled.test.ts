/**
 * A teammate that agreed to shut down counts as working until the roster on disk says so: the
 * moment the team looks done (`working()` false, what `--print`, the REPL test and a person
 * about to run `pnpm reset` go by) nothing of it writes any more. The roster's last write is
 * held here until the test lets it go: before the fix the team already looked done while that
 * write was on its way, and it brought .team/ back after a reset.
 */
import { readFile } from "node:fs/promises";
import path from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { scriptedAgent, useTempWorkspace } from "@learn/core/testing";
import { Roster } from "@learn/s10";
import { lesson } from "../src/index.ts";
import { runAll, text, use } from "./helpers.ts";

const ws = useTempWorkspace();
const lead = (content: object[], extra: object = {}) => ({ ...extra, content });
const original = Roster.prototype.setStatus;
afterEach(() => {
  Roster.prototype.setStatus = original;
});

async function until(check: () => boolean): Promise<void> {
  const deadline = Date.now() + 30_000; // a limit for a loaded machine, not a measure
  while (!check()) {
    if (Date.now() > deadline) throw new Error("timed out waiting");
    await new Promise((r) => setTimeout(r, 10));
  }
}

describe("a teammate that shuts down", () => {
  it("is working until its roster entry says shutdown, and not after", async () => {
    let release: () => void = () => {};
    let held = false;
    Roster.prototype.setStatus = async function (this: Roster, name: string, status: Parameters<Roster["setStatus"]>[1]) {
      if (status === "shutdown") {
        held = true;
        await new Promise<void>((resolve) => (release = resolve));
      }
      return original.call(this, name, status);
    } as Roster["setStatus"];
    const script = JSON.stringify({
      turns: [
        lead([use("spawn_teammate", { name: "alice", role: "waits", prompt: "Wait." })]),
        lead([text("spawned")]),
        { agent: "alice", content: [use("idle", {})] },
        lead([use("shutdown_request", { teammate: "alice" })], { after: { agent: "alice", served: 1 } }),
        lead([text("asked")]),
        { agent: "alice", content: [use("shutdown_response", { request_id: "req-1", approve: true })] },
        lead([text("she left")]),
      ],
    });
    const { agent, renderer } = await scriptedAgent(lesson, script, ws.dir, { flags: { "idle-poll-ms": "50", "idle-timeout-ms": "600000" } });
    try {
      await runAll(agent, "spawn alice", renderer);
      const asked = runAll(agent, "shut her down", renderer); // ends once the team is done
      await until(() => held);
      // Her loop is over, her last write is not: the team is not done.
      expect(agent.working?.()).toBe(true);
      release();
      await asked;
      await until(() => !agent.working?.());
      const roster = JSON.parse(await readFile(path.join(ws.dir, ".team", "config.json"), "utf8")) as { members: { name: string; status: string }[] };
      expect(roster.members).toEqual([expect.objectContaining({ name: "alice", status: "shutdown" })]);
    } finally {
      release();
      await agent.close?.();
    }
  });
});
