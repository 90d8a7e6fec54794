/**
 * Claude Code's PreCompact hook, from s03's settings, fired by this lesson's compaction: `/compact`
 * is trigger "manual" with what the user typed as custom_instructions; a hook's stdout is added to
 * what the summary heeds, and exit 2 stops the compaction.
 */
import { readFile } from "node:fs/promises";
import path from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { scriptedAgent, type TempWorkspace } from "@learn/core/testing";
import { hooksFor, shellHook, workspaceWith, writeSettings } from "@learn/s03/testing";
import { lesson } from "../src/index.ts";

let ws: TempWorkspace | undefined;
afterEach(() => ws?.cleanup());

const text = (t: string) => ({ content: [{ type: "text" as const, text: t }] });
// A read-only command: it runs without a question in the default mode.
const ECHO = { content: [{ type: "tool_use" as const, name: "bash", input: { command: "echo hi" } }] };

async function agentWithHook(body: string, turns: object[]) {
  ws = await workspaceWith(undefined);
  const command = await shellHook(ws.dir, "pre-compact.sh", body);
  await writeSettings(ws.dir, { hooks: hooksFor("PreCompact", command, "manual") });
  const scripted = await scriptedAgent(lesson, JSON.stringify({ turns }), ws.dir, { userDir: path.join(ws.dir, "no-user-folder") });
  await scripted.agent.run("Say hi.", new AbortController().signal);
  const compact = scripted.agent.commands!.find((c) => c.name === "compact")!;
  return { ...scripted, compact };
}

describe("PreCompact command hooks", () => {
  it("/compact fires it (manual, custom_instructions); its stdout is added to the summary's instructions", async () => {
    const summary = { expect: { lastUserIncludes: "the greeting\n\nKeep the API names." }, ...text("Summary: said hi.") };
    const { compact, simulator } = await agentWithHook("cat > pre-compact.json; echo 'Keep the API names.'", [ECHO, text("Hi."), summary]);
    expect(await compact.run("the greeting")).toBeUndefined();
    expect(simulator.requests).toHaveLength(3); // the summary request, with both instructions (the script checks them)
    expect(JSON.parse(await readFile(path.join(ws!.dir, "pre-compact.json"), "utf8"))).toMatchObject({
      hook_event_name: "PreCompact",
      trigger: "manual",
      custom_instructions: "the greeting",
    });
  });

  it("exit 2 stops the compaction: no summary is asked for, and the user reads why", async () => {
    const { compact, simulator, renderer } = await agentWithHook("cat > /dev/null; echo 'a release is being cut' >&2; exit 2", [ECHO, text("Hi.")]);
    await compact.run("");
    expect(simulator.requests).toHaveLength(2);
    expect(renderer.ofKind("notice").map((n) => n.text)).toContain(
      "Not compacted: PreCompact command hooks: sh .claude/hooks/pre-compact.sh: a release is being cut",
    );
  });
});
