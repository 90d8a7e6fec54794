/**
 * Command hooks inside a subagent, as Claude Code 2.1.328 fires them: no UserPromptSubmit for the
 * prompt the lead wrote (a prompt filter sees only a person's prompts); every payload carries the
 * lead's `session_id` and the child's `agent_id` / `agent_type`; SubagentStop carries
 * `last_assistant_message`, and its `decision: "block"` keeps the child working once.
 */
import { readFile } from "node:fs/promises";
import path from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { scriptedAgent, tempWorkspace, type TempWorkspace } from "@learn/core/testing";
import { lesson } from "../src/index.ts";
import { never, taskCall, text, use } from "./helpers.ts";

let ws: TempWorkspace;
afterEach(() => ws.cleanup());

const SAVE = { type: "command", command: "sh .claude/hooks/save.sh" };
const all = (events: string[]) => Object.fromEntries(events.map((e) => [e, [{ matcher: "", hooks: [SAVE] }]]));

async function run(childTurns: object[], stopBody = "") {
  ws = await tempWorkspace({
    ".claude/settings.json": JSON.stringify({ hooks: all(["UserPromptSubmit", "PreToolUse", "Stop", "SubagentStop"]) }),
    ".claude/hooks/save.sh": `input=$(cat)\nprintf '%s\\n' "$input" >> payloads.jsonl\n${stopBody}`,
  });
  const turns = [{ content: [taskCall("List the files.", "explore")] }, ...childTurns.map((t) => ({ agent: "explore-1", ...t })), { content: [text("Done.")] }];
  const { agent, simulator } = await scriptedAgent(lesson, { turns } as never, ws.dir, { flags: { "permission-mode": "bypassPermissions" } });
  await agent.run("go", never());
  const saved = (await readFile(path.join(ws.dir, "payloads.jsonl"), "utf8")).trim().split("\n").map((l) => JSON.parse(l) as Record<string, unknown>);
  return { saved, simulator };
}

describe("hooks inside a subagent", () => {
  it("no UserPromptSubmit for the lead's prompt to it; the lead's session_id and agent_id / agent_type on its events", async () => {
    const { saved } = await run([{ content: [use("glob", { pattern: "*" })] }, { content: [text("Nothing here.")] }]);
    expect(saved.map((p) => p.hook_event_name)).toEqual(["UserPromptSubmit", "PreToolUse", "PreToolUse", "SubagentStop", "Stop"]);
    const lead = saved[0]!.session_id;
    expect(saved.every((p) => p.session_id === lead)).toBe(true);
    const [, leadCall, childCall, subagentStop, stop] = saved;
    expect(leadCall).toMatchObject({ tool_name: "Agent" });
    expect(leadCall).not.toHaveProperty("agent_id");
    expect(childCall).toMatchObject({ tool_name: "Glob", agent_id: "explore-1", agent_type: "explore" });
    expect(subagentStop).toMatchObject({ agent_id: "explore-1", agent_type: "explore", last_assistant_message: "Nothing here.", stop_hook_active: false });
    expect(stop).toMatchObject({ last_assistant_message: "Done." });
    expect(stop).not.toHaveProperty("agent_id");
  });

  it('SubagentStop {"decision":"block","reason"}: the child keeps working with the reason, once', async () => {
    const block = `case "$input" in *'"SubagentStop"'*'"stop_hook_active":false'*) echo '{"decision":"block","reason":"SUBAGENT-BLOCK-MARK"}';; esac`;
    const { simulator } = await run([{ content: [text("First try.")] }, { content: [text("Second try.")] }], block);
    const child = simulator.requests.filter((r) => r.agent === "explore-1");
    expect(child).toHaveLength(2);
    expect(JSON.stringify(child[1]!.body)).toContain("SUBAGENT-BLOCK-MARK");
  });
});
