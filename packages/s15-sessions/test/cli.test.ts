/**
 * s15 on the command line, as a real provider would be used (a local HTTP endpoint, a real
 * socket, a key): leave a session and come back. Run 1 `--print`s a prompt whose bash call writes
 * a file; run 2 `--continue --print`s the next one — its request carries run 1's whole
 * conversation, the key is nowhere but at the endpoint (not in the transcript), and the exit line
 * names the session. Then the flags' bad input: an id that names nothing, --fork-session alone,
 * --resume with no id and no terminal — each a clear error, nothing sent.
 */
import { readdir, readFile, rm } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { copyPracticeWorkspace } from "@learn/core/harness";
import { Simulator, type Script } from "@learn/core/simulator";
import { runLessonCli, serveSimulator } from "@learn/core/testing";
import { projectDir } from "../src/index.ts";
import { text, use } from "./helpers.ts";

const pkg = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const KEY = "sk-test-s15-do-not-log-0123456789";
const CLI_RUN_TIMEOUT_MS = 120_000;

let ws: string;
let sessions: string;
beforeEach(async () => {
  ws = await copyPracticeWorkspace("s15-cli");
  sessions = path.join(os.tmpdir(), `learn-s15-cli-sessions-${path.basename(ws)}`);
});
afterEach(async () => {
  await rm(ws, { recursive: true, force: true });
  await rm(sessions, { recursive: true, force: true });
});

async function printOverHttp(script: Script, args: string[]) {
  const simulator = new Simulator(script);
  const endpoint = await serveSimulator(simulator);
  try {
    const run = await runLessonCli(pkg, ["--", ...args, "--permission-mode", "acceptEdits", "--cwd", ws, "--sessions-dir", sessions], {
      env: { ANTHROPIC_BASE_URL: endpoint.url, ANTHROPIC_API_KEY: KEY, MODEL_ID: "claude-sonnet-4-5" },
    });
    return { run, bodies: endpoint.bodies.map((b) => JSON.parse(b) as { messages: unknown[] }), headers: endpoint.headers };
  } finally {
    await endpoint.close();
  }
}

describe("s15 on the command line", () => {
  it("leave and come back: --continue's request carries the first run's conversation; the key only at the endpoint", async () => {
    const first = await printOverHttp(
      { turns: [{ content: [use("bash", { command: "echo '- buy milk' > notes.md" })] }, { content: [text("notes.md started.")] }] },
      ["--print", "Start notes.md with bash."],
    );
    expect(first.run.code).toBe(0);
    expect(first.run.stdout).toContain("notes.md started.");
    const [file] = (await readdir(projectDir(sessions, ws))).filter((n) => n.endsWith(".jsonl"));
    const id = file!.slice(0, -".jsonl".length);
    expect(first.run.stderr).toContain(`Resume it with --resume ${id}`);
    expect(first.run.stderr).toMatch(/claude-sonnet-4-5: 2 calls, .* — \$\d+\.\d{4}/); // the cost line at exit, priced

    const second = await printOverHttp({ turns: [{ content: [text("It holds - buy milk.")] }] }, ["--continue", "--print", "What is in notes.md?"]);
    expect(second.run.code).toBe(0);
    expect(second.run.stderr).toContain(`Resumed session ${id} (4 messages).`);
    const sent = second.bodies[0]!.messages;
    expect(sent).toHaveLength(5);
    // The same conversation, block for block; only the rolling cache mark (s06) sits on each request's own last message.
    const unmarked = (messages: unknown[]) => JSON.parse(JSON.stringify(messages).replace(/,?"cache_control":\{"type":"ephemeral"\}/g, "")) as unknown[];
    expect(unmarked(sent.slice(0, 4))).toEqual(unmarked(first.bodies[1]!.messages.concat([{ role: "assistant", content: [{ type: "text", text: "notes.md started." }] }])));
    expect(JSON.stringify(second.headers[0])).toContain(KEY); // it reached the endpoint
    const transcript = await readFile(path.join(projectDir(sessions, ws), file!), "utf8");
    for (const out of [transcript, first.run.stdout, first.run.stderr, second.run.stdout, second.run.stderr]) expect(out).not.toContain(KEY);
    expect(transcript.trimEnd().split("\n")).toHaveLength(6); // one session, one file: 4 lines, then the prompt and the answer
  }, CLI_RUN_TIMEOUT_MS);

  it.each([
    [["--resume", "no-such-id", "-p", "hi"], /no earlier session to resume in this workspace \(transcripts are kept in /],
    [["--fork-session", "-p", "hi"], /--fork-session forks the session --continue or --resume picks/],
    [["--continue", "-p", "hi"], /no earlier session to continue in this workspace/],
  ])("%j: a clear error, nothing sent to the model", async (args, message) => {
    const { run, bodies } = await printOverHttp({ turns: [] }, args);
    expect(run.code).not.toBe(0);
    expect(run.stderr).toMatch(message);
    expect(bodies).toEqual([]);
  }, CLI_RUN_TIMEOUT_MS);
});
