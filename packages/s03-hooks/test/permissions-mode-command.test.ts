/**
 * `/permissions mode <mode>`: the mode switched mid-session (Claude Code's Shift+Tab), through
 * the s03 agent — the next call is decided under the new mode; bypassPermissions is not entered
 * mid-session; a child agent never runs looser than the lead's current mode.
 */
import { access } from "node:fs/promises";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { scriptedAgent, toolResultsOf, useTempWorkspace } from "@learn/core/testing";
import { lesson } from "../src/index.ts";
import { stricterMode } from "../src/permissions/index.ts";

const ws = useTempWorkspace();
const write = (file: string) => ({ content: [{ type: "tool_use", name: "write_file", input: { path: file, content: "x\n" } }] });
const done = { content: [{ type: "text", text: "ok" }] };
const exists = (file: string) => access(path.join(ws.dir, file)).then(() => true, () => false);

describe("/permissions mode", () => {
  it("switches the mode for the next call: acceptEdits writes, then plan refuses", async () => {
    const script = JSON.stringify({ turns: [write("a.txt"), done, write("b.txt"), done] });
    const { agent, simulator } = await scriptedAgent(lesson, script, ws.dir, { flags: { "permission-mode": "acceptEdits" } });
    const permissions = agent.commands!.find((c) => c.name === "permissions")!;
    await agent.run("write a", new AbortController().signal);
    expect(await exists("a.txt")).toBe(true);

    expect(await permissions.run("mode plan")).toMatch(/^Mode: acceptEdits → plan — /);
    await agent.run("write b", new AbortController().signal);
    expect(await exists("b.txt")).toBe(false);
    expect(toolResultsOf(simulator.requests[3]!.body)[0]).toMatchObject({ isError: true, content: expect.stringContaining("plan mode") });
  });

  it("lists the modes; refuses an unknown one and bypassPermissions mid-session, the mode unchanged", async () => {
    const { agent } = await scriptedAgent(lesson, "turns: [ { content: [ { type: text, text: hi } ] } ]", ws.dir);
    const permissions = agent.commands!.find((c) => c.name === "permissions")!;
    expect(await permissions.run("mode")).toMatch(/^Mode: default\. Switch with \/permissions mode <mode>:\n {2}default/);
    expect(await permissions.run("mode yolo")).toMatch(/^Unknown mode "yolo"/);
    expect(await permissions.run("mode bypassPermissions")).toMatch(/^bypassPermissions is not entered mid-session/);
    expect(await permissions.run("")).toMatch(/^Mode: default — /);
    expect(await permissions.run("nonsense")).toMatch(/^Usage: \/permissions/);
  });

  it("a child runs in its own mode or the lead's current one, whichever is stricter", () => {
    expect(stricterMode("acceptEdits", "plan")).toBe("plan");
    expect(stricterMode("default", "acceptEdits")).toBe("default");
    expect(stricterMode("bypassPermissions", "default")).toBe("default");
  });
});
