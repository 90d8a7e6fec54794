/**
 * The s03 demo, end to end: the real SDK, the simulator, the real tools and the practice
 * workspace's real settings.json and logging hook, in a fresh copy of the practice workspace.
 */
import { access, readFile } from "node:fs/promises";
import path from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { loadScript } from "@learn/core/simulator";
import { scriptedAgent, tempWorkspace, toolResultsOf, type TempWorkspace } from "@learn/core/testing";
import { lesson } from "../src/index.ts";

let ws: TempWorkspace;
beforeEach(async () => {
  ws = await tempWorkspace();
});
afterEach(() => ws.cleanup());

describe("s03 demo", () => {
  it("is denied, adapts, and the hook logs every call, the refused ones too", async () => {
    const script = await loadScript(lesson.demoScripts[0]!);
    // As `pnpm demo` runs it: in acceptEdits (the lesson's demo flags).
    const { agent, simulator, renderer } = await scriptedAgent(lesson, script, ws.dir, { flags: { ...lesson.demoFlags } });
    expect(renderer.ofKind("error")).toEqual([]);

    const answers: string[] = [];
    for (const prompt of script.prompt as string[]) answers.push(await agent.run(prompt, new AbortController().signal));

    expect(simulator.requests.every((r) => r.status === 200)).toBe(true);
    expect(simulator.remaining()).toBe(0);
    const results = simulator.requests.map((r) => toolResultsOf(r.body)[0]);

    // The destructive command was denied by the workspace's rule, and did not run.
    expect(results[1]).toMatchObject({
      isError: true,
      content: 'Denied: bash "rm -rf ./*" matches the rule Bash(rm -rf *) in permissions.deny of .claude/settings.json.',
    });
    await access(path.join(ws.dir, "README.md"));
    // It adapted: wrote hello.js (acceptEdits) and ran it (allowed by Bash(node hello.js)).
    expect(results[3]).toMatchObject({ isError: false, content: "Hello Agent\n" });
    expect(answers[0]).toMatch(/it printed: Hello Agent$/);

    // acceptEdits passes edits, not rm: a yes nobody can give here, denied with how to allow it; hello.js stays.
    expect(results[5]!.isError).toBe(true);
    expect(results[5]!.content).toContain("there is no one to ask");
    expect(results[5]!.content).toContain('add "Bash(rm hello.js)" to permissions.allow');
    await access(path.join(ws.dir, "hello.js"));

    // The hook logged every call, before the permission check (as Claude Code runs it): the
    // refused rm -rf and rm too, and the cat that shows the log. Each line is the event as the
    // hook read it: Claude Code's fields and names.
    const log = (await readFile(path.join(ws.dir, ".claude/tool-log.jsonl"), "utf8")).trim().split("\n").map((l) => JSON.parse(l));
    const event = { session_id: expect.any(String), transcript_path: expect.any(String), cwd: ws.dir, permission_mode: "acceptEdits", hook_event_name: "PreToolUse", tool_use_id: expect.any(String) };
    expect(log).toEqual([
      // The hook sees Claude Code's view of each call: the names a Claude Code hook script expects.
      { ...event, tool_name: "Bash", tool_input: { command: "rm -rf ./*" } },
      { ...event, tool_name: "Write", tool_input: { file_path: path.join(ws.dir, "hello.js"), content: 'console.log("Hello Agent");\n' } },
      { ...event, tool_name: "Bash", tool_input: { command: "node hello.js" } },
      { ...event, tool_name: "Bash", tool_input: { command: "rm hello.js" } },
      { ...event, tool_name: "Bash", tool_input: { command: "cat .claude/tool-log.jsonl" } },
    ]);
    expect(results[6]!.content.trim().split("\n").map((l) => JSON.parse(l))).toEqual(log);
    expect(answers[1]).toMatch(/^Deleting needs your permission: .*the hook runs before the permission check, and sees them all\.$/);
  });

  it("lists what it is made of", async () => {
    const { agent } = await scriptedAgent(lesson, "turns: [ { content: [ { type: text, text: hi } ] } ]", ws.dir);
    expect(agent.anatomy()).toEqual({
      mechanisms: ["bash", "files", "settings", "permissions", "command hooks"],
      tools: ["bash", "read_file", "write_file", "edit_file", "glob", "grep"],
      hooks: ["permissions", "UserPromptSubmit command hooks", "PostToolUse command hooks", "Stop command hooks", "PreCompact command hooks", "PostCompact command hooks", "command hook round notes"],
      promptSections: ["identity", "tool guidance", "style", "permissions"],
      commands: ["permissions"],
      grants: [],
    });
  });

  it("clear() forgets the conversation", async () => {
    const script = "turns: [ { content: [ { type: text, text: one } ] }, { expect: { messageCount: { max: 1 } }, content: [ { type: text, text: two } ] } ]";
    const { agent, simulator } = await scriptedAgent(lesson, script, ws.dir);
    await agent.run("first", new AbortController().signal);
    agent.clear();
    expect(await agent.run("second", new AbortController().signal)).toBe("two");
    expect(simulator.requests.at(-1)!.status).toBe(200);
  });
});
