/**
 * Command hooks from settings.json, Claude Code's contract, through the agent: JSON on stdin
 * in Claude Code's names, exit 0 / 2 / other, JSON answers (updatedInput included), timeouts,
 * missing scripts, answers too long or unreadable. The hooks here are small sh scripts in the
 * temp workspace that write what they saw to a file we then read: the contract does not care
 * what a hook is written in, and sh starts in a few milliseconds where node takes a tenth of a
 * second (this file runs dozens). One hook is a Node script, the way the lesson writes them;
 * some are bash scripts in the style of Claude Code's documentation.
 */
import { access, mkdir, readFile, writeFile } from "node:fs/promises";
import path from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { MAX_OUTPUT_CHARS } from "@learn/core";
import { withProcessWrapper, type ProcessWrapper } from "@learn/core/harness";
import { goneSoon, scriptedAgent, toolResultsOf, type TempWorkspace } from "@learn/core/testing";
import { lesson } from "../src/index.ts";
import { hooksFor, hookScript, never, scriptOf, shellHook, workspaceWith, writeSettings } from "./helpers.ts";

let ws: TempWorkspace | undefined;
afterEach(() => ws?.cleanup());

const BYPASS = { "permission-mode": "bypassPermissions" };
type Call = { name: string; input: Record<string, unknown> };
const TOUCH: Call = { name: "bash", input: { command: "touch ran.txt" } };
const exists = (name: string) => access(path.join(ws!.dir, name)).then(() => true, () => false);
const readJson = async (name: string) => JSON.parse(await readFile(path.join(ws!.dir, name), "utf8"));

/** A workspace whose settings run `body` (sh, or Node with `node`) as a hook for `event`, and an agent on `calls`. */
async function withHook(event: string, body: string, calls: Call[] = [TOUCH], options: { matcher?: string; timeout?: number; flags?: Record<string, string>; interactive?: boolean; answers?: string[]; node?: boolean } = {}) {
  ws = await workspaceWith(undefined);
  const command = options.node ? await hookScript(ws.dir, "hook.mjs", body) : await shellHook(ws.dir, "hook.sh", body);
  await writeSettings(ws.dir, { hooks: hooksFor(event, command, options.matcher, options.timeout) });
  const answers = options.answers ?? [];
  const questions: string[] = [];
  const scripted = await scriptedAgent(lesson, scriptOf(calls), ws.dir, {
    flags: options.flags ?? BYPASS,
    interactive: options.interactive ?? false,
    ask: async (q) => (questions.push(q), answers.shift() ?? "n"),
  });
  const answer = await scripted.agent.run("go", never());
  const second = scripted.simulator.requests[1];
  const results = second ? toolResultsOf(second.body) : [];
  const errors = scripted.renderer.ofKind("error").map((e) => e.text);
  return { ...scripted, answer, results, errors, questions };
}

const HOOK = "sh .claude/hooks/hook.sh";
const SAVE_STDIN = "cat > stdin.json";
/** A hook that reads the event, then prints `output` as its JSON answer (a quoted here-document: no shell quoting to get wrong). */
const answerJson = (output: unknown) => `cat > /dev/null\ncat <<'JSON'\n${JSON.stringify(output)}\nJSON`;

describe("PreToolUse command hooks", () => {
  it("get Claude Code's fields on stdin, and run in the workspace (a Node hook, as the lesson writes them)", async () => {
    const body = `writeFileSync("stdin.json", readFileSync(0, "utf8")); writeFileSync("cwd.txt", process.cwd());`;
    const { results, simulator } = await withHook("PreToolUse", body, [TOUCH], { node: true });
    const input = await readJson("stdin.json");
    const toolUse = (simulator.requests[1]!.body as { messages: { content: { type: string; id?: string }[] }[] }).messages[1]!.content.find((b) => b.type === "tool_use")!;
    expect(input).toEqual({
      session_id: expect.stringMatching(/^[0-9a-f-]{36}$/),
      transcript_path: expect.stringMatching(/\.jsonl$/),
      cwd: ws!.dir,
      permission_mode: "bypassPermissions",
      hook_event_name: "PreToolUse",
      tool_name: "Bash",
      tool_input: { command: "touch ran.txt" },
      tool_use_id: toolUse.id,
    });
    expect(await readFile(path.join(ws!.dir, "cwd.txt"), "utf8")).toBe(ws!.dir);
    expect(results[0]!.isError).toBe(false);
    // The transcript exists: the conversation so far, one message a line — the tool call included.
    const transcript = (await readFile(input.transcript_path, "utf8")).trim().split("\n").map((l) => JSON.parse(l));
    expect(transcript[0]).toEqual({ role: "user", content: "go" });
    expect(JSON.stringify(transcript.at(-1))).toContain('"name":"bash"');
  });

  it("never run wrapped, even by an agent inside another's wrapped call (a subagent in its lead's sandboxed task call)", async () => {
    // A wrapper as s14's sandbox is one: every process of its async context starts through it.
    const marking: ProcessWrapper = { name: "marking", wrap: (l) => ({ ...l, file: "env", args: ["WRAPPED=yes", l.file, ...l.args] }) };
    ws = await workspaceWith(undefined);
    const command = await shellHook(ws.dir, "hook.sh", 'echo "[$WRAPPED]" > hook-saw.txt');
    await writeSettings(ws.dir, { hooks: hooksFor("PreToolUse", command) });
    const scripted = await scriptedAgent(lesson, scriptOf([{ name: "bash", input: { command: 'echo "[$WRAPPED]" > tool-saw.txt' } }]), ws.dir, { flags: BYPASS });
    await withProcessWrapper(marking, () => scripted.agent.run("go", never()));
    expect(await readFile(path.join(ws.dir, "tool-saw.txt"), "utf8")).toBe("[yes]\n"); // the agent's command: wrapped
    expect(await readFile(path.join(ws.dir, "hook-saw.txt"), "utf8")).toBe("[]\n"); // the person's hook: not
  });

  it("exit 0 with permissionDecision deny: denied with the reason, nothing runs", async () => {
    const { results } = await withHook("PreToolUse", answerJson({ hookSpecificOutput: { hookEventName: "PreToolUse", permissionDecision: "deny", permissionDecisionReason: "no touching today" } }));
    expect(results[0]).toMatchObject({ isError: true, content: `Denied: the PreToolUse hook "${HOOK}" blocked it: no touching today` });
    expect(await exists("ran.txt")).toBe(false);
  });

  it("exit 0 with permissionDecision allow: no objection, the call runs", async () => {
    const { results } = await withHook("PreToolUse", answerJson({ hookSpecificOutput: { permissionDecision: "allow" } }));
    expect(results[0]!.isError).toBe(false);
    expect(await exists("ran.txt")).toBe(true);
  });

  /** The hook saves what it read and answers `allow`; the settings add these rules; run in this mode, no terminal. */
  async function allowingHook(permissions: object, mode: string, calls: Call[] = [TOUCH]) {
    ws = await workspaceWith(undefined);
    const command = await shellHook(ws.dir, "hook.sh", `${SAVE_STDIN}\n${answerJson({ hookSpecificOutput: { permissionDecision: "allow", permissionDecisionReason: "the hook knows" } })}`);
    await writeSettings(ws.dir, { permissions, hooks: hooksFor("PreToolUse", command) });
    const { agent, simulator } = await scriptedAgent(lesson, scriptOf(calls), ws.dir, { flags: { "permission-mode": mode } });
    await agent.run("go", never());
    return toolResultsOf(simulator.requests[1]!.body);
  }

  it("run before the permission question: a hook's allow replaces the question the mode would ask", async () => {
    const [result] = await allowingHook({}, "default");
    expect(result!.isError).toBe(false);
    expect(await exists("ran.txt")).toBe(true);
  });

  it("a deny rule still wins over a hook's allow — and the hook saw the call it refused", async () => {
    const [result] = await allowingHook({ deny: ["Bash(touch *)"] }, "bypassPermissions");
    expect(result!.content).toMatch(/^Denied: .*Bash\(touch \*\)/);
    expect(await readJson("stdin.json")).toMatchObject({ hook_event_name: "PreToolUse", tool_name: "Bash", tool_input: { command: "touch ran.txt" } });
    expect(await exists("ran.txt")).toBe(false);
  });

  it.each([
    ["an ask rule", { ask: ["Bash(touch *)"] }, "default", /the rule Bash\(touch \*\) in permissions\.ask/],
    ["plan mode", {}, "plan", /^Denied: plan mode/],
    ["a protected path", {}, "default", /protected path/],
  ])("%s still wins over a hook's allow", async (_, permissions, mode, why) => {
    const call = _ === "a protected path" ? { name: "bash", input: { command: "touch .claude/ran.txt" } } : TOUCH;
    const [result] = await allowingHook(permissions, mode, [call]);
    expect(result).toMatchObject({ isError: true, content: expect.stringMatching(why) });
    expect([await exists("ran.txt"), await exists(".claude/ran.txt")]).toEqual([false, false]);
  });

  it("a hook's ask asks even for a call that needs no rule (a read-only command)", async () => {
    const hook = answerJson({ hookSpecificOutput: { permissionDecision: "ask", permissionDecisionReason: "show me first" } });
    const { results } = await withHook("PreToolUse", hook, [{ name: "bash", input: { command: "cat .claude/settings.json" } }], { flags: {} });
    expect(results[0]).toMatchObject({ isError: true, content: expect.stringContaining("show me first") });
  });

  it("exit 0 with permissionDecision ask: without a terminal it is denied and says why", async () => {
    const { results } = await withHook("PreToolUse", answerJson({ hookSpecificOutput: { permissionDecision: "ask", permissionDecisionReason: "touching is risky" } }));
    expect(results[0]!.isError).toBe(true);
    expect(results[0]!.content).toContain("touching is risky");
    expect(results[0]!.content).toContain("A hook wants a person to confirm it");
    expect(await exists("ran.txt")).toBe(false);
  });

  it("exit 0 with permissionDecision ask: at a terminal the person decides", async () => {
    const hook = answerJson({ hookSpecificOutput: { permissionDecision: "ask", permissionDecisionReason: "touching is risky" } });
    const { results, questions } = await withHook("PreToolUse", hook, [TOUCH], { interactive: true, answers: ["y"] });
    expect(questions[0]).toContain(`why: the PreToolUse hook "${HOOK}" asks: touching is risky`);
    expect(results[0]!.isError).toBe(false);
    expect(await exists("ran.txt")).toBe(true);
  });

  it("exit 2 blocks: the model sees stderr as the reason, nothing runs", async () => {
    const { results } = await withHook("PreToolUse", `cat > /dev/null\necho "touch is banned here" >&2\nexit 2`);
    expect(results[0]).toMatchObject({ isError: true, content: `Denied: the PreToolUse hook "${HOOK}" blocked it: touch is banned here` });
    expect(await exists("ran.txt")).toBe(false);
  });

  it("exit 1 is a non-blocking error: shown to the user, the call runs", async () => {
    // It never reads its stdin: closing it early is its right.
    const { results, errors } = await withHook("PreToolUse", `printf oops >&2\nexit 1`);
    expect(errors).toEqual([`PreToolUse hook "${HOOK}" failed with exit code 1: oops. Going on.`]);
    expect(results[0]!.isError).toBe(false);
    expect(await exists("ran.txt")).toBe(true);
  });

  it("a timeout does not block: the hook's whole process group is killed and the call runs", async () => {
    // The hook and its child would sleep past the test's own time limit: if they are not
    // running when the agent is done, the timeout killed them (no clock is read here).
    const { results, errors } = await withHook(
      "PreToolUse",
      `sleep 300 &\necho "[$$, $!]" > pids.txt\nwait`,
      [TOUCH],
      // sh writes pids.txt within milliseconds; two seconds is a thousand times that.
      { timeout: 2 },
    );
    expect(errors).toEqual([`PreToolUse hook "${HOOK}" timed out after 2s and was stopped; going on without it.`]);
    expect(results[0]!.isError).toBe(false);
    expect(await exists("ran.txt")).toBe(true);
    const pids: number[] = await readJson("pids.txt");
    for (const pid of pids) expect(await goneSoon(pid)).toBe(true);
  });

  it("a deny is decided when the hook exits, even if a background child keeps its stdout open", async () => {
    const deny = JSON.stringify({ hookSpecificOutput: { hookEventName: "PreToolUse", permissionDecision: "deny", permissionDecisionReason: "not today" } });
    const { results } = await withHook(
      "PreToolUse",
      // The child inherits stdout, leaves the hook's process group (setsid) and outlives the
      // hook: the pipe would stay open past the test's own time limit.
      `cat > /dev/null\nsetsid sleep 300 &\necho "[$!]" > pids.txt\nprintf '%s' '${deny}'`,
      [TOUCH],
      { timeout: 20 },
    );
    expect(results[0]).toMatchObject({ isError: true, content: expect.stringContaining("not today") });
    expect(await exists("ran.txt")).toBe(false);
    const pids: number[] = await readJson("pids.txt");
    for (const pid of pids) expect(await goneSoon(pid)).toBe(true);
  });

  it("stdout that is not JSON is ignored on exit 0", async () => {
    const { results, errors } = await withHook("PreToolUse", `cat > /dev/null\necho "checked, all fine {not json"`);
    expect(errors).toEqual([]);
    expect(results[0]!.isError).toBe(false);
  });

  it("a missing script (exit 127) is a non-blocking error", async () => {
    ws = await workspaceWith({ hooks: hooksFor("PreToolUse", ".claude/hooks/missing.sh") });
    const { agent, simulator, renderer } = await scriptedAgent(lesson, scriptOf([TOUCH]), ws.dir, { flags: BYPASS });
    await agent.run("go", never());
    expect(renderer.ofKind("error").map((e) => e.text)).toEqual([
      expect.stringMatching(/^PreToolUse hook "\.claude\/hooks\/missing\.sh" failed: command not found \(exit 127\).*Going on without it\.$/),
    ]);
    expect(toolResultsOf(simulator.requests[1]!.body)[0]!.isError).toBe(false);
  });

  it.each([
    ["Edit|Write", ["Write"]],
    ["write_file", ["Write"]],
    ["Edit", []], // as in Claude Code: Edit is not Write
    ["Bash|glob", ["Bash"]],
    ["bash", ["Bash"]],
    ["*", ["Bash", "Write"]],
  ])("the matcher %j picks tools by name, ours or Claude Code's", async (matcher, seen) => {
    const calls = [TOUCH, { name: "write_file", input: { path: "w.txt", content: "x" } }];
    // One event a line: the test reads the tool names back.
    await withHook("PreToolUse", `cat >> seen.jsonl\necho >> seen.jsonl`, calls, { matcher });
    const lines = (await readFile(path.join(ws!.dir, "seen.jsonl"), "utf8").catch(() => "")).split("\n").filter(Boolean);
    expect(lines.map((l) => JSON.parse(l).tool_name)).toEqual(seen);
  });
});

describe("PostToolUse command hooks", () => {
  it("get the tool's response, and additionalContext reaches the model", async () => {
    const { results } = await withHook(
      "PostToolUse",
      `${SAVE_STDIN}\n${answerJson({ hookSpecificOutput: { hookEventName: "PostToolUse", additionalContext: "remember to clean up ran.txt" } })}`,
    );
    const input = await readJson("stdin.json");
    // Claude Code's Bash response object (the course's bash merges stderr into stdout), and how long it ran.
    expect(input).toMatchObject({ hook_event_name: "PostToolUse", tool_name: "Bash", tool_response: { stdout: "", stderr: "", interrupted: false, isImage: false } });
    expect(input.duration_ms).toEqual(expect.any(Number));
    expect(results[0]!.content).toBe("(no output)\n\nremember to clean up ran.txt");
  });

  it("exit 2: the reason goes to the model (the call already ran)", async () => {
    const { results } = await withHook("PostToolUse", `cat > /dev/null\nprintf 'ran.txt must not be committed' >&2\nexit 2`);
    expect(results[0]!.content).toBe(`(no output)\n\nHook "${HOOK}" says: ran.txt must not be committed`);
    expect(await exists("ran.txt")).toBe(true);
  });
});

describe("UserPromptSubmit command hooks", () => {
  it("get the prompt; plain stdout is added as context", async () => {
    const { simulator } = await withHook("UserPromptSubmit", `${SAVE_STDIN}\necho "The user prefers tabs."`, []);
    expect(await readJson("stdin.json")).toMatchObject({ hook_event_name: "UserPromptSubmit", prompt: "go" });
    expect((simulator.requests[0]!.body as { messages: unknown[] }).messages[0]).toEqual({ role: "user", content: "go\n\nThe user prefers tabs." });
  });

  it("exit 2 blocks the prompt: the model is never called", async () => {
    const { simulator, answer, renderer } = await withHook("UserPromptSubmit", `cat > /dev/null\nprintf 'no secrets in prompts' >&2\nexit 2`, []);
    expect(answer).toBe("");
    expect(simulator.requests).toHaveLength(0);
    expect(renderer.ofKind("notice").map((e) => e.text)).toEqual([
      `Prompt blocked by UserPromptSubmit command hooks: ${HOOK}: no secrets in prompts`,
    ]);
  });
});

describe("the session's own events (Claude Code's SessionStart, SessionEnd, PostToolUseFailure)", () => {
  const APPEND_STDIN = "cat >> events.jsonl; echo >> events.jsonl; echo";
  const events = async () => (await readFile(path.join(ws!.dir, "events.jsonl"), "utf8")).trim().split("\n").map((l) => JSON.parse(l));

  it("SessionStart runs before the first prompt (source startup) and after /clear (source clear); its stdout is context", async () => {
    ws = await workspaceWith(undefined);
    const command = await shellHook(ws.dir, "start.sh", `${APPEND_STDIN} "The shop uses tabs."`);
    await writeSettings(ws.dir, { hooks: hooksFor("SessionStart", command) });
    const turns = { turns: [1, 2, 3].map((n) => ({ content: [{ type: "text", text: `answer ${n}` }] })) };
    const { agent, simulator } = await scriptedAgent(lesson, JSON.stringify(turns), ws.dir);
    for (const prompt of ["one", "two"]) await agent.run(prompt, never());
    agent.clear();
    await agent.run("three", never());
    const first = (r: number) => (simulator.requests[r]!.body as { messages: { content: unknown }[] }).messages[0]!.content;
    expect([first(0), first(1), first(2)]).toEqual(["one\n\nThe shop uses tabs.", "one\n\nThe shop uses tabs.", "three\n\nThe shop uses tabs."]);
    const seen = await events();
    expect(seen.map((e) => e.source)).toEqual(["startup", "clear"]);
    expect(seen[0]).toEqual({ session_id: expect.any(String), transcript_path: expect.any(String), cwd: ws.dir, hook_event_name: "SessionStart", source: "startup" });
  });

  it("a failed call gets PostToolUseFailure (error, is_interrupt, duration_ms), not PostToolUse", async () => {
    ws = await workspaceWith(undefined);
    const command = await shellHook(ws.dir, "log.sh", APPEND_STDIN);
    const hooks = { PostToolUse: [{ hooks: [{ type: "command", command }] }], PostToolUseFailure: [{ hooks: [{ type: "command", command }] }] };
    await writeSettings(ws.dir, { hooks });
    const { agent } = await scriptedAgent(lesson, scriptOf([{ name: "bash", input: { command: "echo out; exit 3" } }, TOUCH]), ws.dir, { flags: BYPASS });
    await agent.run("go", never());
    const [failed, ran] = await events();
    expect(failed).toMatchObject({ hook_event_name: "PostToolUseFailure", tool_name: "Bash", tool_input: { command: "echo out; exit 3" }, error: "Exit code 3\nout", is_interrupt: false, duration_ms: expect.any(Number) });
    expect(failed.tool_response).toBeUndefined();
    expect(ran).toMatchObject({ hook_event_name: "PostToolUse", tool_input: { command: "touch ran.txt" } });
  });

  it("SessionEnd runs when the agent closes (reason other), once a session has started", async () => {
    ws = await workspaceWith(undefined);
    const command = await shellHook(ws.dir, "end.sh", APPEND_STDIN);
    await writeSettings(ws.dir, { hooks: hooksFor("SessionEnd", command) });
    const { agent } = await scriptedAgent(lesson, scriptOf([]), ws.dir);
    await agent.run("go", never());
    expect(await exists("events.jsonl")).toBe(false);
    await agent.close?.();
    const ended = await events();
    expect(ended).toEqual([{ session_id: expect.any(String), transcript_path: expect.any(String), cwd: ws.dir, hook_event_name: "SessionEnd", reason: "other" }]);
    // The hook read the session's transcript; the session is over, and the file is gone.
    expect(path.basename(path.dirname(ended[0].transcript_path))).toMatch(/^learn-agent-hooks-/);
    await expect(readFile(ended[0].transcript_path, "utf8")).rejects.toThrow(/ENOENT/);
  });
});

describe("Stop command hooks", () => {
  it("exit 2 keeps the agent working with the reason; stop_hook_active lets the hook let go", async () => {
    ws = await workspaceWith(undefined);
    // Each event a line in stops.jsonl; it lets go once stop_hook_active says it already held the agent back.
    const command = await shellHook(ws.dir, "stop.sh", `
input=$(cat)
printf '%s\\n' "$input" >> stops.jsonl
case "$input" in *'"stop_hook_active":true'*) exit 0 ;; esac
printf 'You forgot to run the tests.' >&2
exit 2`);
    await writeSettings(ws.dir, { hooks: hooksFor("Stop", command) });
    const script = JSON.stringify({
      turns: [
        { content: [{ type: "text", text: "All done." }] },
        { expect: { lastUserIncludes: "You forgot to run the tests." }, content: [{ type: "text", text: "Tests pass now." }] },
      ],
    });
    const { agent, simulator } = await scriptedAgent(lesson, script, ws.dir);
    expect(await agent.run("go", never())).toBe("Tests pass now.");
    expect(simulator.requests.map((r) => r.status)).toEqual([200, 200]);
    const stops = (await readFile(path.join(ws.dir, "stops.jsonl"), "utf8")).trim().split("\n").map((l) => JSON.parse(l));
    expect(stops.map((e) => `${e.hook_event_name} ${e.stop_hook_active}`)).toEqual(["Stop false", "Stop true"]);
  });
});

/**
 * A hook script in Claude Code's documented style: bash, reading the event from stdin. It picks
 * its fields out with sed, not jq or python: the course needs only Node and git, and a python
 * behind a version manager's shim takes most of a second to start.
 */
async function bashHook(dir: string, name: string, body: string): Promise<string> {
  const file = path.join(dir, ".claude", "hooks", name);
  await mkdir(path.dirname(file), { recursive: true });
  await writeFile(file, `#!/usr/bin/env bash\n${body}\n`);
  return `bash .claude/hooks/${name}`;
}

/** An agent in the current workspace (bypassPermissions), run on `calls`. */
async function agentOn(calls: Call[]) {
  const scripted = await scriptedAgent(lesson, scriptOf(calls), ws!.dir, { flags: BYPASS });
  await scripted.agent.run("go", never());
  return { ...scripted, results: toolResultsOf(scripted.simulator.requests[1]!.body), errors: scripted.renderer.ofKind("error").map((e) => e.text) };
}

describe("Claude Code's own hook scripts work unchanged", () => {
  it("a bash guard that checks tool_name == Bash and tool_input.command, and exits 2 to block", async () => {
    ws = await workspaceWith(undefined);
    const command = await bashHook(ws.dir, "block-touch.sh", `
input=$(cat)
tool=$(sed -n 's/.*"tool_name":"\\([^"]*\\)".*/\\1/p' <<<"$input")
cmd=$(sed -n 's/.*"tool_input":{"command":"\\([^"]*\\)".*/\\1/p' <<<"$input")
if [ "$tool" = "Bash" ] && [[ "$cmd" == *touch* ]]; then
  echo "Blocked: no touching in this project" >&2
  exit 2
fi
exit 0`);
    await writeSettings(ws.dir, { hooks: hooksFor("PreToolUse", command, "Bash") });
    const { results, errors } = await agentOn([TOUCH, { name: "bash", input: { command: "echo fine > echoed.txt" } }]);
    expect(errors).toEqual([]);
    expect(results[0]).toMatchObject({ isError: true, content: `Denied: the PreToolUse hook "${command}" blocked it: Blocked: no touching in this project` });
    expect(results[1]!.isError).toBe(false);
    expect(await exists("ran.txt")).toBe(false);
    expect(await exists("echoed.txt")).toBe(true);
  });

  it("a guard on tool_input.file_path stops Write and Edit alike", async () => {
    ws = await workspaceWith(undefined, { "protected/b.txt": "old\n" });
    const command = await bashHook(ws.dir, "protect.sh", `
file=$(sed -n 's/.*"file_path":"\\([^"]*\\)".*/\\1/p')
case "$file" in
  "$CLAUDE_PROJECT_DIR"/protected/*) echo "Blocked: \${file#"$CLAUDE_PROJECT_DIR"/} is protected" >&2; exit 2 ;;
esac
exit 0`);
    await writeSettings(ws.dir, { hooks: hooksFor("PreToolUse", command, "Edit|Write") });
    const { results } = await agentOn([
      { name: "write_file", input: { path: "protected/a.txt", content: "x" } },
      { name: "edit_file", input: { path: "protected/b.txt", old_text: "old", new_text: "new" } },
      { name: "write_file", input: { path: "free.txt", content: "x" } },
    ]);
    expect(results.map((r) => r.content)).toEqual([
      `Denied: the PreToolUse hook "${command}" blocked it: Blocked: protected/a.txt is protected`,
      `Denied: the PreToolUse hook "${command}" blocked it: Blocked: protected/b.txt is protected`,
      expect.stringContaining("free.txt"),
    ]);
    expect(await exists("protected/a.txt")).toBe(false);
    expect(await readFile(path.join(ws.dir, "protected/b.txt"), "utf8")).toBe("old\n");
    expect(await exists("free.txt")).toBe(true);
  });

  it.each([
    // file_path absolute, as Claude Code sends it ("WS" stands for the workspace).
    ["read_file", { path: "a.txt", offset: 2 }, "Read", { file_path: "WS/a.txt", offset: 2 }],
    ["write_file", { path: "b.txt", content: "x" }, "Write", { file_path: "WS/b.txt", content: "x" }],
    ["edit_file", { path: "a.txt", old_text: "one", new_text: "uno" }, "Edit", { file_path: "WS/a.txt", old_string: "one", new_string: "uno" }],
    ["glob", { pattern: "*.txt" }, "Glob", { pattern: "*.txt" }],
    ["grep", { pattern: "one", path: "." }, "Grep", { pattern: "one", path: "." }],
  ])("%s arrives as Claude Code's %s with its field names", async (name, input, claudeName, claudeInput) => {
    const calls = [{ name, input }];
    ws = await workspaceWith(undefined, { "a.txt": "one\ntwo\n" });
    const command = await shellHook(ws.dir, "hook.sh", SAVE_STDIN);
    await writeSettings(ws.dir, { hooks: hooksFor("PreToolUse", command) });
    await agentOn(calls);
    const expected = JSON.parse(JSON.stringify(claudeInput).replace('"WS/', JSON.stringify(`${ws.dir}/`).slice(0, -1)));
    expect(await readJson("stdin.json")).toMatchObject({ tool_name: claudeName, tool_input: expected });
    expect(Object.keys((await readJson("stdin.json")).tool_input).sort()).toEqual(Object.keys(claudeInput).sort());
  });
});

describe("updatedInput: a hook may rewrite the call, in Claude Code's field names", () => {
  const rewrite = (updatedInput: unknown) => answerJson({ hookSpecificOutput: { hookEventName: "PreToolUse", permissionDecision: "allow", updatedInput } });
  const WRITE: Call = { name: "write_file", input: { path: "a.txt", content: "original" } };

  it("is mapped back to our names and runs", async () => {
    const { results } = await withHook("PreToolUse", rewrite({ file_path: "redirected.txt", content: "changed" }), [WRITE]);
    expect(results[0]!.isError).toBe(false);
    expect(await readFile(path.join(ws!.dir, "redirected.txt"), "utf8")).toBe("changed");
    expect(await exists("a.txt")).toBe(false);
  });

  it.each([
    ["a wrong type", { file_path: 42, content: "x" }, /changed the input into one write_file does not accept: path: /],
    ["a missing field", { content: "x" }, /does not accept: path: /],
    ["not an object", "a.txt", /updatedInput that is not an object/],
  ])("%s is denied with a clear reason; nothing runs", async (_what, updatedInput, reason) => {
    const { results } = await withHook("PreToolUse", rewrite(updatedInput), [WRITE]);
    expect(results[0]).toMatchObject({ isError: true, content: expect.stringMatching(reason) });
    expect(await exists("a.txt")).toBe(false);
  });

  it("the rewritten call goes through the permission policy again", async () => {
    ws = await workspaceWith(undefined, { "canary.txt": "alive" });
    const command = await shellHook(ws.dir, "hook.sh", rewrite({ command: "rm canary.txt" }));
    await writeSettings(ws.dir, { permissions: { deny: ["Bash(rm *)"] }, hooks: hooksFor("PreToolUse", command) });
    const { results } = await agentOn([TOUCH]);
    expect(results[0]!.content).toMatch(/^Denied: the PreToolUse hook .* changed the call, and the permission policy does not allow the new one: .*Bash\(rm \*\)/);
    expect(await exists("canary.txt")).toBe(true);
    expect(await exists("ran.txt")).toBe(false);
  });
});

describe("a hook's verdict is never lost", () => {
  it("a long JSON answer is read whole: a deny after 200,000 characters still denies", async () => {
    const body = answerJson({ note: "x".repeat(200000), hookSpecificOutput: { hookEventName: "PreToolUse", permissionDecision: "deny", permissionDecisionReason: "read to the end" } });
    const { results } = await withHook("PreToolUse", body);
    expect(results[0]).toMatchObject({ isError: true, content: expect.stringContaining("read to the end") });
    expect(await exists("ran.txt")).toBe(false);
  });

  it("stdout that looks like JSON but does not parse is reported, and the call is put to a person", async () => {
    const { results, errors } = await withHook("PreToolUse", `cat > /dev/null\nprintf '%s' '{"hookSpecificOutput": {"permissionDecision": "deny"'`);
    expect(errors).toEqual([expect.stringMatching(/^PreToolUse hook "sh \.claude\/hooks\/hook\.sh" printed JSON that does not parse \(.+\); asking instead\.$/)]);
    expect(results[0]).toMatchObject({ isError: true, content: expect.stringContaining("A hook wants a person to confirm it") });
    expect(await exists("ran.txt")).toBe(false);
  });

  it("an unknown permissionDecision is reported and asks", async () => {
    const { results, errors } = await withHook("PreToolUse", answerJson({ hookSpecificOutput: { permissionDecision: "maybe" } }));
    expect(errors).toEqual([expect.stringContaining('unknown permissionDecision "maybe"')]);
    expect(results[0]!.isError).toBe(true);
    expect(await exists("ran.txt")).toBe(false);
  });

  it("PostToolUse context appended to a result is capped", async () => {
    const { results } = await withHook("PostToolUse", answerJson({ hookSpecificOutput: { hookEventName: "PostToolUse", additionalContext: "y".repeat(3 * MAX_OUTPUT_CHARS) } }));
    expect(results[0]!.content.startsWith("(no output)\n\nyyy")).toBe(true);
    expect(results[0]!.content.length).toBeLessThanOrEqual("(no output)\n\n".length + MAX_OUTPUT_CHARS);
    expect(results[0]!.content).toMatch(/output truncated: \d+ more characters\)$/);
  });
});
