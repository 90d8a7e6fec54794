/**
 * Every answer a command hook can give, as Claude Code honours it (its hooks documentation,
 * checked with the 2.1.328 binary on the same hooks and turns): one case per row, through the
 * agent on the real SDK and the simulator. The first two rows failed open before: a JSON
 * `decision: "block"` on UserPromptSubmit and PreToolUse was ignored and the work went on.
 */
import { access, readFile } from "node:fs/promises";
import path from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { scriptedAgent, toolResultsOf, type TempWorkspace } from "@learn/core/testing";
import { lesson } from "../src/index.ts";
import { never, shellHook, workspaceWith, writeSettings } from "./helpers.ts";

let ws: TempWorkspace | undefined;
afterEach(() => ws?.cleanup());

const TOUCH = { type: "tool_use", name: "bash", input: { command: "touch ran.txt" } };
const text = (t: string) => ({ content: [{ type: "text", text: t }] });
/** One tool call, then a final answer; a third turn for a Stop hook that keeps the model working. */
const TURNS = [{ content: [TOUCH] }, text("Done."), text("Done again.")];
const ran = () => access(path.join(ws!.dir, "ran.txt")).then(() => true, () => false);
/** A hook that reads the event, then prints `output` as its JSON answer. */
const answering = (output: unknown) => `cat > /dev/null\ncat <<'JSON'\n${JSON.stringify(output)}\nJSON`;

/** An agent whose settings give `event` one sh hook with `body`; runs the prompt "go". */
async function run(event: string, body: string, options: { mode?: string; matcher?: string } = {}) {
  ws = await workspaceWith(undefined);
  const command = await shellHook(ws.dir, "hook.sh", body);
  await writeSettings(ws.dir, { hooks: { [event]: [{ matcher: options.matcher ?? "", hooks: [{ type: "command", command }] }] } });
  const scripted = await scriptedAgent(lesson, JSON.stringify({ turns: TURNS }), ws.dir, { flags: { "permission-mode": options.mode ?? "bypassPermissions" } });
  const answer = await scripted.agent.run("go", never());
  const requests = scripted.simulator.requests.map((r) => JSON.stringify(r.body));
  const shown = (kind: "notice" | "error") => scripted.renderer.ofKind(kind).map((e) => e.text).join("\n");
  const results = scripted.simulator.requests[1] ? toolResultsOf(scripted.simulator.requests[1].body) : [];
  return { answer, requests, results, notices: shown("notice"), errors: shown("error") };
}

describe("hook answers that stop the work (fail-open before)", () => {
  it('UserPromptSubmit {"decision":"block","reason"}: the prompt is blocked, no model call, the user reads why', async () => {
    const { requests, notices } = await run("UserPromptSubmit", answering({ decision: "block", reason: "no prompts about touching" }));
    expect(requests).toHaveLength(0);
    expect(await ran()).toBe(false);
    expect(notices).toContain("no prompts about touching");
  });

  it('PreToolUse legacy {"decision":"block","reason"}: the call is denied with the reason', async () => {
    const { results } = await run("PreToolUse", answering({ decision: "block", reason: "legacy says no" }));
    expect(results[0]).toMatchObject({ isError: true, content: expect.stringContaining("legacy says no") });
    expect(await ran()).toBe(false);
  });
});

describe("PreToolUse answers", () => {
  it('legacy {"decision":"approve"}: stands in for the mode\'s question (default mode, no terminal: it ran)', async () => {
    const { results } = await run("PreToolUse", answering({ decision: "approve", reason: "fine" }), { mode: "default" });
    expect(results[0]!.isError).toBe(false);
    expect(await ran()).toBe(true);
  });

  it("hookSpecificOutput.additionalContext reaches the model with the round's results", async () => {
    const { requests } = await run("PreToolUse", answering({ hookSpecificOutput: { hookEventName: "PreToolUse", additionalContext: "PRE-CONTEXT-MARK" } }));
    expect(requests[1]).toContain("PRE-CONTEXT-MARK");
    expect(await ran()).toBe(true);
  });

  it('{"continue":false,"stopReason"}: the call does not run and the turn ends, no further model call', async () => {
    const { requests, notices } = await run("PreToolUse", answering({ continue: false, stopReason: "halt now" }));
    expect(requests).toHaveLength(1);
    expect(await ran()).toBe(false);
    expect(notices).toContain("halt now");
  });
});

describe("PostToolUse answers", () => {
  it('{"decision":"block","reason"}: the reason reaches the model', async () => {
    const { results } = await run("PostToolUse", answering({ decision: "block", reason: "POST-BLOCK-MARK: run the linter" }));
    expect(results[0]!.content).toContain("POST-BLOCK-MARK: run the linter");
  });

  it('{"continue":false,"stopReason"}: the session stops, no further model call; the user reads why', async () => {
    const { requests, notices } = await run("PostToolUse", answering({ continue: false, stopReason: "tests are red" }));
    expect(requests).toHaveLength(1);
    expect(await ran()).toBe(true);
    expect(notices).toContain("tests are red");
  });

  it("hookSpecificOutput.additionalContext reaches the model", async () => {
    const { results } = await run("PostToolUse", answering({ hookSpecificOutput: { hookEventName: "PostToolUse", additionalContext: "POST-CONTEXT-MARK" } }));
    expect(results[0]!.content).toContain("POST-CONTEXT-MARK");
  });
});

describe("Stop answers", () => {
  it('{"decision":"block","reason"}: keeps working with the reason, once — stop_hook_active lets it go', async () => {
    const body = `if grep -q '"stop_hook_active":true'; then exit 0; fi\necho '{"decision":"block","reason":"STOP-BLOCK-MARK: check the tests"}'`;
    const { requests, answer } = await run("Stop", body);
    expect(requests).toHaveLength(3);
    expect(requests[2]).toContain("STOP-BLOCK-MARK: check the tests");
    expect(answer).toBe("Done again.");
  });
});

describe("Stop answers: continue false", () => {
  it('{"continue":false,"stopReason"} wins over a block: the turn ends, the user reads why', async () => {
    const { requests, notices } = await run("Stop", answering({ continue: false, stopReason: "enough for today", decision: "block", reason: "keep going" }));
    expect(requests).toHaveLength(2);
    expect(notices).toContain("enough for today");
  });
});

describe("answers every event shares", () => {
  it("UserPromptSubmit additionalContext and plain stdout reach the model with the prompt", async () => {
    const { requests } = await run("UserPromptSubmit", answering({ hookSpecificOutput: { hookEventName: "UserPromptSubmit", additionalContext: "PROMPT-CONTEXT-MARK" } }));
    expect(requests[0]).toContain("PROMPT-CONTEXT-MARK");
  });

  it("SessionStart additionalContext reaches the model with the first prompt", async () => {
    const { requests } = await run("SessionStart", answering({ hookSpecificOutput: { hookEventName: "SessionStart", additionalContext: "START-CONTEXT-MARK" } }));
    expect(requests[0]).toContain("START-CONTEXT-MARK");
  });

  it('UserPromptSubmit {"continue":false,"stopReason"}: no model call', async () => {
    const { requests, notices } = await run("UserPromptSubmit", answering({ continue: false, stopReason: "closed for lunch" }));
    expect(requests).toHaveLength(0);
    expect(notices).toContain("closed for lunch");
  });

  it("systemMessage is shown to the user, not sent to the model", async () => {
    const { requests, notices } = await run("PostToolUse", answering({ systemMessage: "SYSTEM-MESSAGE-MARK" }));
    expect(notices).toContain("SYSTEM-MESSAGE-MARK");
    expect(requests.join("")).not.toContain("SYSTEM-MESSAGE-MARK");
  });

  it("suppressOutput is accepted and changes nothing here (the course shows no hook stdout to hide)", async () => {
    const { errors, results } = await run("PostToolUse", answering({ suppressOutput: true }));
    expect(errors).toBe("");
    expect(results[0]!.isError).toBe(false);
  });

  it("a decision the event does not know is shown as an error and ignored", async () => {
    const { errors, results } = await run("PostToolUse", answering({ decision: "maybe" }));
    expect(errors).toContain("decision");
    expect(results[0]!.isError).toBe(false);
    expect(await readFile(path.join(ws!.dir, "ran.txt"), "utf8")).toBe("");
  });
});
