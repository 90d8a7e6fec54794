/**
 * Claude Code's PreCompact hook, from s03's settings, fired by this lesson's compaction: `/compact`
 * is trigger "manual" with what the user typed as custom_instructions; a hook's stdout is added to
 * what the summary heeds, and exit 2 stops the compaction. And after it, as the 2.1.328 binary
 * does: SessionStart with source "compact" (its context follows the summary), then PostCompact
 * with the model's whole answer as compact_summary.
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

describe("after a compaction: SessionStart \"compact\", then PostCompact", () => {
  it("/compact fires SessionStart (source compact, matched by \"compact\") and PostCompact; SessionStart's context follows the summary", async () => {
    ws = await workspaceWith(undefined);
    const started = await shellHook(ws.dir, "started.sh", `cat >> started.jsonl; echo '{"hookSpecificOutput":{"hookEventName":"SessionStart","additionalContext":"Re-read docs/CONVENTIONS.md."}}'`);
    const compacted = await shellHook(ws.dir, "compacted.sh", "cat > post-compact.json; echo 'shown only'");
    await writeSettings(ws.dir, { hooks: { ...hooksFor("SessionStart", started, "compact"), ...hooksFor("PostCompact", compacted, "manual") } });
    const answer = "<analysis>draft</analysis>\n<summary>Said hi.</summary>";
    const turns = [ECHO, text("Hi."), { expect: { lastUserIncludes: "Summarise the conversation so far" }, ...text(answer) }, text("Still here.")];
    const { agent, simulator } = await scriptedAgent(lesson, JSON.stringify({ turns }), ws.dir, { userDir: path.join(ws.dir, "no-user-folder") });
    await agent.run("Say hi.", new AbortController().signal);
    expect(await readFile(path.join(ws.dir, "started.jsonl"), "utf8").catch(() => "")).toBe(""); // "compact" does not match the startup
    await agent.commands!.find((c) => c.name === "compact")!.run("");

    const payloads = (await readFile(path.join(ws.dir, "started.jsonl"), "utf8")).trim().split("\n").map((l) => JSON.parse(l) as Record<string, unknown>);
    expect(payloads).toEqual([expect.objectContaining({ hook_event_name: "SessionStart", source: "compact" })]);
    expect(JSON.parse(await readFile(path.join(ws.dir, "post-compact.json"), "utf8"))).toMatchObject({ hook_event_name: "PostCompact", trigger: "manual", compact_summary: answer });

    await agent.run("Still there?", new AbortController().signal);
    const first = JSON.stringify((simulator.requests.at(-1)!.body as { messages: { content: unknown }[] }).messages[0]!.content);
    expect(first.indexOf("Said hi.")).toBeGreaterThan(-1);
    expect(first.indexOf("Re-read docs/CONVENTIONS.md.")).toBeGreaterThan(first.indexOf("Said hi."));
    expect(first).not.toContain("shown only");
  });
});
