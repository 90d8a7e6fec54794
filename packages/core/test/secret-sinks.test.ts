/**
 * Every known secret — the key in the environment, a value the harness loaded from its env
 * file — stops at the tool that read it: not in the tool's result, a hook, a request to the
 * model, the trace, a file the harness writes, a child's output or a child's environment.
 */
import { spawn } from "node:child_process";
import { mkdtemp, readFile, rm, writeFile } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { z } from "zod";
import { MAX_OUTPUT_CHARS } from "../src/platform/cap.ts";
import { defineHook, Kernel } from "../src/runtime/kernel/index.ts";
import { runCommand } from "../src/platform/process.ts";
import { appendJsonl, writeFileAtomic, writeJsonFile } from "../src/platform/state/index.ts";
import { bundledForNode, type RecordingRenderer, scriptedModel } from "../src/testing/index.ts";
import { loadConfigAsHarness } from "../src/testing/secret-leaks.ts";
import { defineTool } from "../src/runtime/tool.ts";
import { FileTracer, MemoryTracer } from "../src/platform/trace.ts";

const KEY = "sk-ant-sinks-key-0123456789";
const FILE_SECRET = "db-pass-from-env-file-4242";
/** A secret that is all digits: scrubbing it from JSON text could break a number. */
const DIGITS = "73195282";
/** A secret with a quote and a backslash: JSON writes it escaped. */
const QUOTED = 'pa"ss\\word-42';
const SECRETS = [KEY, FILE_SECRET, DIGITS];
const noSecretIn = (text: string) => {
  for (const secret of SECRETS) expect(text).not.toContain(secret);
};

const packageDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
let dir: string;
let envFile: string;
let restore: () => void;

beforeAll(async () => {
  dir = await mkdtemp(path.join(os.tmpdir(), "secret-sinks-"));
  envFile = path.join(dir, "course.env");
  await writeFile(envFile, `DB_PASSWORD=${FILE_SECRET}\nPIN=${DIGITS}\nQUOTED='${QUOTED}'\nMODEL_ID=a-model-name\nLEARN_COMPACT_THRESHOLD=12345678\nDEBUG=true\n`);
  // As the harness starts: the key in the environment, the env file loaded into it.
  restore = loadConfigAsHarness({ ANTHROPIC_API_KEY: KEY }, envFile);
});
afterAll(async () => {
  restore();
  await rm(dir, { recursive: true, force: true });
});

/** A tool that prints whatever it is given, as a tool that ran `cat` on a secret would. */
const echoTool = defineTool({
  name: "echo",
  description: "Print the text.",
  input: z.object({ text: z.string(), fail: z.boolean().optional() }),
  run: ({ text, fail }) => {
    if (fail) throw new Error(`could not: ${text}`);
    return { content: text, display: `shown: ${text}` };
  },
});
/** The tool's text, the secrets in it written as `<key>` etc., so a script can name them. */
const withSecrets = (text: string) => text.replaceAll("<key>", KEY).replaceAll("<file>", FILE_SECRET).replaceAll("<digits>", DIGITS);

describe("a tool's result", () => {
  it("is scrubbed where it is made: content, display and a thrown error", async () => {
    const ctx = {} as never;
    const ok = await echoTool.execute({ text: withSecrets("key=<key> db=<file> pin=<digits>") }, ctx);
    expect(ok).toEqual({ content: "key=[REDACTED] db=[REDACTED] pin=[REDACTED]", display: "shown: key=[REDACTED] db=[REDACTED] pin=[REDACTED]", isError: false });
    const failed = await echoTool.execute({ text: withSecrets("<key>"), fail: true }, ctx);
    expect(failed).toEqual({ content: "Error: could not: [REDACTED]", isError: true });
  });

  it("is scrubbed before it is cut to size: a secret at the cut leaves no half behind", async () => {
    const total = 2 * MAX_OUTPUT_CHARS;
    const big = await echoTool.execute({ text: "y".repeat(total) }, {} as never);
    const kept = big.content.search(/[^y]/); // where the cap cuts a text this long
    const text = "y".repeat(kept - 10) + KEY + "y".repeat(total - kept + 10 - KEY.length);
    const cut = await echoTool.execute({ text }, {} as never);
    expect(cut.content).not.toContain(KEY.slice(0, 10));
  });

  it("reaches hooks, the screen and every request scrubbed; text a hook adds is scrubbed on its way to the model", async () => {
    const { model, simulator, renderer } = scriptedModel(`
turns:
  - content: [ { type: tool_use, name: echo, input: { text: "key=${KEY} db=${FILE_SECRET}" } } ]
  - content: [ { type: text, text: done } ]
`);
    const seenByHook: string[] = [];
    const hooks = [
      defineHook("PostToolUse", "spy", async ({ outcome }) => void seenByHook.push(outcome.content)),
      // A PreModel hook adding mail or a job's notice, with a secret in it.
      defineHook("PreModel", "mail", async ({ round }, ctx) => (round === 1 ? [...ctx.messages.slice(0, -1), withNote(ctx.messages.at(-1)!)] : undefined)),
    ];
    const kernel = new Kernel({ model, system: "Test.", tools: [echoTool], hooks, cwd: dir, renderer });
    expect(await kernel.run("go", new AbortController().signal)).toBe("done");
    expect(seenByHook).toEqual(["key=[REDACTED] db=[REDACTED]"]);
    const sent = JSON.stringify(simulator.requests.map((r) => r.body));
    noSecretIn(sent);
    expect(sent).toContain("mail: [REDACTED]");
    // The call's input is the model's own (it named the secrets here); what the tool said is scrubbed.
    noSecretIn(JSON.stringify((renderer as RecordingRenderer).events.filter((e) => e.kind === "toolResult")));
  });
});

/** The last user message with a text block appended that holds the file's secret. */
function withNote(message: { content: unknown }) {
  const content = Array.isArray(message.content) ? message.content : [{ type: "text", text: String(message.content) }];
  return { ...message, content: [...content, { type: "text", text: `mail: ${FILE_SECRET}` }] } as never;
}

describe("a child's output", () => {
  it("is scrubbed as it is read, even when a secret comes in two pieces", async () => {
    const half = Math.floor(KEY.length / 2);
    const pieces: string[] = [];
    const r = await runCommand(`printf '%s' '${KEY.slice(0, half)}'; sleep 0.2; printf '%s\\n' '${KEY.slice(half)} and ${FILE_SECRET}'`, {
      cwd: dir,
      timeoutMs: 10_000,
      onOutput: (text) => pieces.push(text),
    });
    expect(r.output).toBe("[REDACTED] and [REDACTED]\n");
    expect(pieces.join("")).toBe("[REDACTED] and [REDACTED]\n");
  });

  it("of `cat /proc/$PPID/environ` (the environment the harness started with) has the key scrubbed", async () => {
    // A harness started with the key in its environment, running what a model asked for.
    const fixture = path.join(packageDir, "test/fixtures/read-start-environment.ts");
    const child = spawn(process.execPath, [await bundledForNode(fixture)], {
      cwd: packageDir,
      env: { ...process.env, ANTHROPIC_API_KEY: KEY, LEARN_ENV_FILE: "none" },
    });
    let stdout = "";
    child.stdout.on("data", (c: Buffer) => (stdout += c));
    await new Promise((resolve) => child.on("close", resolve));
    expect(stdout).toContain("ANTHROPIC_API_KEY=[REDACTED]");
    expect(stdout).not.toContain(KEY);
  });
});

describe("files the harness writes", () => {
  it("writeFileAtomic scrubs text and bytes alike", async () => {
    const text = path.join(dir, "saved.txt");
    await writeFileAtomic(text, withSecrets("out: <key> <file>\n"));
    expect(await readFile(text, "utf8")).toBe("out: [REDACTED] [REDACTED]\n");
    const bytes = path.join(dir, "saved.bin");
    await writeFileAtomic(bytes, Buffer.concat([Buffer.from([0, 255]), Buffer.from(KEY), Buffer.from([1])]));
    expect([...(await readFile(bytes))]).toEqual([0, 255, ...Buffer.from("[REDACTED]"), 1]);
  });

  it("JSON state has the secrets scrubbed from its strings, and stays valid JSON (a number that contains an all-digit secret is kept)", async () => {
    const file = path.join(dir, "state.json");
    const value = { subject: withSecrets("use <file>"), count: Number(`9${DIGITS}1`), [`k-${KEY}`]: "named" };
    await writeJsonFile(file, value);
    expect(JSON.parse(await readFile(file, "utf8"))).toEqual({ subject: "use [REDACTED]", count: Number(`9${DIGITS}1`), "k-[REDACTED]": "named" });

    const inbox = path.join(dir, "inbox.jsonl");
    await appendJsonl(inbox, { from: "alice", content: withSecrets("the key is <key>, the pin <digits>"), at: Number(`${DIGITS}0`) });
    expect(JSON.parse(await readFile(inbox, "utf8"))).toEqual({ from: "alice", content: "the key is [REDACTED], the pin [REDACTED]", at: Number(`${DIGITS}0`) });
  });

  it("a secret with a quote in it is scrubbed from text that is already JSON", async () => {
    const file = path.join(dir, "transcript.jsonl");
    await writeFileAtomic(file, `${JSON.stringify({ content: `it is ${QUOTED}` })}\n`);
    expect(JSON.parse(await readFile(file, "utf8"))).toEqual({ content: "it is [REDACTED]" });
  });

  it("the trace: secrets scrubbed, every line valid JSON", async () => {
    const file = path.join(dir, "trace.jsonl");
    const tracer = new FileTracer(file);
    tracer.record("request", "lead", { content: withSecrets("<key> <file>"), max_tokens: Number(`1${DIGITS}`) });
    await tracer.flush();
    expect(JSON.parse(await readFile(file, "utf8"))).toEqual({ type: "request", agent: "lead", body: { content: "[REDACTED] [REDACTED]", max_tokens: Number(`1${DIGITS}`) } });
    const memory = new MemoryTracer();
    memory.record("response", "lead", { text: withSecrets("<file>") });
    expect(memory.entries).toEqual([{ type: "response", agent: "lead", body: { text: "[REDACTED]" } }]);
  });
});
