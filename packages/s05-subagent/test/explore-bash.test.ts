/**
 * Explore gets read-only bash, as Claude Code's Explore agent has Bash: command lines that only
 * read (s03's predicate) run — in bypassPermissions too, nothing else does; and a subagent's
 * Stop command hooks run as SubagentStop, with Claude Code's payload. Through the lesson: real
 * SDK, simulator, real bash; a canary file must survive.
 */
import { readFile, writeFile, mkdir } from "node:fs/promises";
import path from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import type { Script } from "@learn/core/simulator";
import { scriptedAgent, tempWorkspace, toolResultsOf, type TempWorkspace } from "@learn/core/testing";
import { lesson } from "../src/index.ts";
import { never, taskCall, text, use } from "./helpers.ts";

let ws: TempWorkspace;
afterEach(() => ws.cleanup());

const CHILD = "explore-1";
const childResults = (requests: { agent: string; body: unknown }[]) => toolResultsOf(requests.filter((r) => r.agent === CHILD).at(-1)!.body);

describe("explore's bash", () => {
  it("runs read-only command lines and refuses the rest, even in bypassPermissions; the canary survives", async () => {
    ws = await tempWorkspace({ "canary.txt": "still here\n", "src/a.js": "x\n" });
    const commands = ["ls src", "cat canary.txt | wc -l", "rm canary.txt", "echo gone > canary.txt", "cat ../outside.txt"];
    const script: Script = {
      turns: [
        { content: [taskCall("Look around.", "explore")] },
        { agent: CHILD, content: commands.map((command) => use("bash", { command })) },
        { agent: CHILD, content: [text("Looked.")] },
        { content: [text("Done.")] },
      ],
    };
    const { agent, simulator } = await scriptedAgent(lesson, script, ws.dir, { flags: { "permission-mode": "bypassPermissions" } });
    expect(await agent.run("go", never())).toBe("Done.");
    const results = childResults(simulator.requests);
    expect(results.slice(0, 2)).toMatchObject([
      { isError: false, content: "a.js\n" },
      { isError: false, content: "1\n" },
    ]);
    for (const r of results.slice(2)) expect(r).toMatchObject({ isError: true, content: expect.stringContaining("this agent only reads") });
    expect(await readFile(path.join(ws.dir, "canary.txt"), "utf8")).toBe("still here\n");
  });

  it("a subagent's Stop command hooks run as SubagentStop, with agent_id and agent_type", async () => {
    ws = await tempWorkspace({ ".keep": "" });
    await mkdir(path.join(ws.dir, ".claude"), { recursive: true });
    const hook = { hooks: [{ type: "command", command: "cat >> events.jsonl; echo >> events.jsonl" }] };
    await writeFile(path.join(ws.dir, ".claude/settings.json"), JSON.stringify({ hooks: { Stop: [hook], SubagentStop: [hook] } }));
    const script: Script = {
      turns: [{ content: [taskCall("Look around.", "explore")] }, { agent: CHILD, content: [text("Looked.")] }, { content: [text("Done.")] }],
    };
    const { agent } = await scriptedAgent(lesson, script, ws.dir);
    await agent.run("go", never());
    const events = (await readFile(path.join(ws.dir, "events.jsonl"), "utf8")).trim().split("\n").map((l) => JSON.parse(l));
    expect(events.map((e) => e.hook_event_name)).toEqual(["SubagentStop", "Stop"]);
    expect(events[0]).toMatchObject({ agent_id: CHILD, agent_type: "explore", stop_hook_active: false, agent_transcript_path: expect.any(String) });
  });
});
