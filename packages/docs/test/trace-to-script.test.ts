/**
 * Record and replay: a session run through a lesson's command line against a real HTTP endpoint
 * (as a real provider is used), traced; `pnpm trace --to-script` makes it a script; the same
 * prompt replayed offline from that script (`--model-script`, no key) on a fresh practice
 * workspace makes the same tool calls, in the same order, with the same effects on the files.
 */
import { mkdtemp, readFile, rm, writeFile } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { copyPracticeWorkspace } from "@learn/core/harness";
import { loadScript, Simulator } from "@learn/core/simulator";
import { runLessonCli, serveSimulator } from "@learn/core/testing";
import { runTraceCommand } from "../src/trace-command.ts";
import { parseTrace } from "../src/trace-file.ts";

const LESSON = path.resolve(import.meta.dirname, "../../s02-tools");
const PROMPT = "Write a notes file and read it back.";
/** What "the real model" does in the recorded run: the simulator behind an HTTP endpoint. */
const RECORDED = {
  turns: [
    { content: [{ type: "text", text: "Writing it with bash." }, { type: "tool_use", name: "bash", input: { command: "echo '- buy milk' > notes.md" } }] },
    { content: [{ type: "tool_use", name: "read_file", input: { path: "notes.md" } }] },
    { content: [{ type: "text", text: "notes.md says: - buy milk" }] },
  ],
};

let root: string;
const made: string[] = [];
beforeEach(async () => {
  root = await mkdtemp(path.join(os.tmpdir(), "learn-record-replay-"));
});
afterEach(async () => {
  await rm(root, { recursive: true, force: true });
  for (const dir of made.splice(0)) await rm(dir, { recursive: true, force: true });
});

const callsOf = (text: string) =>
  parseTrace(text)
    .filter((e) => e.type === "response")
    .flatMap((e) => (e.body as { content: { type: string; name?: string; input?: unknown }[] }).content.filter((b) => b.type === "tool_use").map((b) => ({ name: b.name, input: b.input })));

describe("pnpm trace --to-script", () => {
  it("a run recorded over HTTP replays offline with the same tool calls and the same files", async () => {
    const recordedWs = await copyPracticeWorkspace("record");
    const replayWs = await copyPracticeWorkspace("replay");
    made.push(recordedWs, replayWs);
    const recordedTrace = path.join(root, "recorded.jsonl");
    const endpoint = await serveSimulator(new Simulator(RECORDED as never));
    let recorded: Awaited<ReturnType<typeof runLessonCli>>;
    try {
      recorded = await runLessonCli(LESSON, ["--", "--print", PROMPT, "--cwd", recordedWs, "--trace", recordedTrace], {
        env: { ANTHROPIC_BASE_URL: endpoint.url, ANTHROPIC_API_KEY: "sk-test-record-replay-0123456789", MODEL_ID: "some-real-model" },
      });
    } finally {
      await endpoint.close();
    }
    expect(recorded.code).toBe(0);

    let script = "";
    expect(await runTraceCommand(["--to-script", recordedTrace], { out: (t) => (script += t), err: (t) => (script += t), cwd: root })).toBe(0);
    const scriptFile = path.join(root, "run.yaml");
    await writeFile(scriptFile, script);
    const loaded = await loadScript(scriptFile); // a valid script, by the simulator's own loader
    expect(loaded.prompt).toBe(PROMPT);
    expect(script).not.toContain("sk-test-record-replay");

    const replayTrace = path.join(root, "replay.jsonl");
    const replayed = await runLessonCli(LESSON, ["--", "--print", PROMPT, "--cwd", replayWs, "--model-script", scriptFile, "--trace", replayTrace], { env: {} });
    expect(replayed.code).toBe(0);
    expect(replayed.stdout).toBe(recorded.stdout);
    const [before, after] = [await readFile(recordedTrace, "utf8"), await readFile(replayTrace, "utf8")];
    expect(callsOf(after)).toEqual(callsOf(before));
    expect(callsOf(after)).toHaveLength(2);
    expect(await readFile(path.join(replayWs, "notes.md"), "utf8")).toBe(await readFile(path.join(recordedWs, "notes.md"), "utf8"));
  }, 120_000);

  it("an empty or unreadable trace is said so, and no script is printed", async () => {
    await writeFile(path.join(root, "bad.jsonl"), "{not json\n");
    let err = "";
    expect(await runTraceCommand(["--to-script", "bad.jsonl"], { out: () => {}, err: (t) => (err += t), cwd: root })).toBe(1);
    expect(err).toContain("bad.jsonl");
  });
});
