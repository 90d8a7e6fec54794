/**
 * `Agent` is Claude Code's name for the subagent tool today (`Task` the older one): settings
 * copied from Claude Code name it so. Rules, PreToolUse matchers and `--check-config` read both
 * names, `Agent(Explore)` names an agent type, and a hook's payload carries `Agent` — what the
 * 2.1.328 binary sends. Before, every one of these failed open: the subagent ran.
 */
import { readFile } from "node:fs/promises";
import path from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import type { Script } from "@learn/core/simulator";
import { scriptedAgent, tempWorkspace, toolResultsOf, type TempWorkspace } from "@learn/core/testing";
import { lesson } from "../src/index.ts";
import { never, taskCall, text } from "./helpers.ts";

let ws: TempWorkspace;
afterEach(() => ws.cleanup());

const EXPLORE = taskCall("List the files.", "explore");
const GENERAL = taskCall("List the files.");

/** The lead calls task; a child that runs answers once; then the lead is done. */
const script = (call: ReturnType<typeof taskCall>, child: string): Script => ({
  turns: [{ content: [call] }, { agent: child, content: [text("Two files.")] }, { content: [text("Done.")] }],
});

async function run(settings: object, call = EXPLORE, child = "explore-1") {
  ws = await tempWorkspace({ ".claude/settings.json": JSON.stringify(settings), ".claude/hooks/deny.sh": "cat > stdin.json\necho 'no subagents today' >&2\nexit 2\n" });
  const { agent, simulator } = await scriptedAgent(lesson, script(call, child), ws.dir, { flags: { "permission-mode": "bypassPermissions" } });
  await agent.run("go", never());
  const children = simulator.requests.filter((r) => r.agent !== "lead");
  const result = toolResultsOf(simulator.requests.filter((r) => r.agent === "lead").at(-1)!.body)[0]!;
  return { children, result };
}

const preToolUse = (matcher: string) => ({ hooks: { PreToolUse: [{ matcher, hooks: [{ type: "command", command: "sh .claude/hooks/deny.sh" }] }] } });

describe("PreToolUse matchers", () => {
  it.each(["Agent", "Task", "task"])('matcher "%s" with exit 2: the subagent is blocked', async (matcher) => {
    const { children, result } = await run(preToolUse(matcher));
    expect(children).toHaveLength(0);
    expect(result).toMatchObject({ isError: true, content: expect.stringContaining("no subagents today") });
  });

  it('the payload names the tool "Agent", with its input as the model gave it', async () => {
    await run(preToolUse("Agent"));
    const payload = JSON.parse(await readFile(path.join(ws.dir, "stdin.json"), "utf8"));
    expect(payload).toMatchObject({ tool_name: "Agent", tool_input: { prompt: "List the files.", subagent_type: "explore" } });
  });
});

describe("permission rules", () => {
  it.each(["Agent", "Task"])('deny ["%s"]: no subagent runs in the session', async (rule) => {
    const { children, result } = await run({ permissions: { deny: [rule] } });
    expect(children).toHaveLength(0);
    expect(result).toMatchObject({ isError: true, content: expect.stringContaining(rule) });
  });

  it('deny ["Agent(Explore)"]: an explore agent is refused (type names match without regard to case)', async () => {
    const { children, result } = await run({ permissions: { deny: ["Agent(Explore)"] } });
    expect(children).toHaveLength(0);
    expect(result.isError).toBe(true);
  });

  it('deny ["Agent(Explore)"]: another type still runs', async () => {
    const { children, result } = await run({ permissions: { deny: ["Agent(Explore)"] } }, GENERAL, "general-purpose-1");
    expect(children).toHaveLength(1);
    expect(result.isError).toBe(false);
  });
});

describe("--check-config", () => {
  it("Agent(Explore) is read (an agent type), not reported as covering every Agent call", async () => {
    ws = await tempWorkspace({ ".claude/settings.json": JSON.stringify({ permissions: { deny: ["Agent(Explore)", "Task(plan)"] } }) });
    const report = await lesson.checkConfig!({ cwd: ws.dir, userDir: `${ws.dir}/no-user-folder` });
    expect(JSON.stringify(report)).not.toContain("covers every");
    expect(report.settings![0]).toMatchObject({ status: "loaded", problems: [], ignored: [] });
  });
});
