/** s07 on the command line: a child process, offline on the demo script, and against a local HTTP endpoint as a real provider would be used. */
import { mkdir, readdir, readFile, rm, writeFile } from "node:fs/promises";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";
import { checkConversation } from "@learn/core";
import { loadScript, Simulator } from "@learn/core/simulator";
import { demoPromptOf, expectKeyOnlyAtEndpoint, traceRequests } from "@learn/s06/testing";
import { filesHolding, runLessonCli, secretEnvFile, serveSimulator, useTempWorkspace, type Endpoint } from "@learn/core/testing";
import { lesson } from "../src/index.ts";
import { text, use, type Body } from "./helpers.ts";

const pkg = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
/** The CLI, real tools and a test run in the workspace: a limit, not a measure. */
const CLI_RUN_TIMEOUT_MS = 120_000;
const KEY = "sk-test-s07-do-not-log";
const DEMO = lesson.demoScripts[0]!;

const ws = useTempWorkspace();

const demoPrompt = () => demoPromptOf(lesson);
const requestsIn = (trace: string) => traceRequests<Body>(trace);

const compactions = (stderr: string) => stderr.split("\n").filter((l) => l.includes("Compacted the conversation: ~"));

describe("s07 on the command line", () => {
  it("--print with --model-script the demo: offline, so the demo's threshold applies; two compactions and the retry on stderr, the answer on stdout", async () => {
    const run = await runLessonCli(pkg, ["--", "--print", await demoPrompt(), "--model-script", DEMO, "--cwd", ws.dir]);
    expect(run.code).toBe(0);
    expect(run.stdout).toMatch(/^Done\. cartTotal in shop\/src\/cart\.js subtracted each line/);
    expect(run.stderr).toContain("Overloaded (529); retrying in 1.0 s (attempt 2 of 8)");
    expect(compactions(run.stderr)).toHaveLength(2);
    for (const line of compactions(run.stderr)) expect(line).toMatch(/Compacted the conversation: ~[\d,]+ → ~[\d,]+ tokens; the full history is in \.transcripts\/[\w-]+\.jsonl\./);
    expect(await readFile(path.join(ws.dir, "shop/src/cart.js"), "utf8")).toContain("sum + lineTotal(line)");
  }, CLI_RUN_TIMEOUT_MS);

  it("a student's own Claude Code folder (a skill listed in every request) does not move the demo's compactions: the replay reads an empty one", async () => {
    // Without the empty folder, the skill's line in the listing took the demo over its threshold one request early.
    const userDir = path.join(ws.dir, "..", `user-claude-${process.pid}`);
    await mkdir(path.join(userDir, "skills", "tidy"), { recursive: true });
    await writeFile(path.join(userDir, "skills", "tidy", "SKILL.md"), `---\nname: tidy\ndescription: ${"Tidy the shop code when asked. ".repeat(4)}\n---\nRun prettier.\n`);
    try {
      const run = await runLessonCli(pkg, ["--", "--print", await demoPrompt(), "--cwd", ws.dir], { env: { CLAUDE_CONFIG_DIR: userDir } });
      expect(run.stderr).not.toContain("Compaction failed");
      expect(run.code).toBe(0);
      expect(compactions(run.stderr)).toHaveLength(2);
    } finally {
      await rm(userDir, { recursive: true, force: true });
    }
  }, CLI_RUN_TIMEOUT_MS);

  it("against an HTTP endpoint with a key: --compact-threshold given, agent headers on every request, valid conversations, no key in the trace", async () => {
    const endpoint: Endpoint = await serveSimulator(new Simulator(await loadScript(DEMO)));
    const trace = path.join(ws.dir, "trace.jsonl");
    try {
      // Online the demo's flags do not apply: the threshold is given, as a user would.
      const run = await runLessonCli(pkg, ["--", "--print", await demoPrompt(), "--compact-threshold", "5600", "--permission-mode", "acceptEdits", "--cwd", ws.dir, "--trace", trace], {
        env: { ANTHROPIC_BASE_URL: endpoint.url, ANTHROPIC_API_KEY: KEY, MODEL_ID: "test-model" },
      });
      expect(run.stderr).not.toMatch(/^✗/m); // no error shown (the failing test run's output is the tool's, not the agent's)
      expect(run.code).toBe(0);
      expect(run.stdout).toMatch(/^Done\./);
      expect(compactions(run.stderr)).toHaveLength(2);
      // Ten requests: the 529 and its retry, two summaries; all of them the lead's.
      expect(endpoint.headers.map((h) => h["x-learn-agent"])).toEqual(Array(10).fill("lead"));

      const requests = await requestsIn(trace);
      expect(requests.map((r) => r.body.model)).toEqual(Array(10).fill("test-model"));
      // The summaries (5th and 9th) are the agent's own requests, its tools included, the summary prompt last.
      expect(requests.map((r) => JSON.stringify(r.body.messages.at(-1)).includes("Summarise the conversation so far"))).toEqual([false, false, false, false, true, false, false, false, true, false]);
      expect(requests.map((r) => (r.body.tools ?? []).length > 0)).toEqual(Array(10).fill(true));
      for (const r of requests) expect(checkConversation(r.body.messages)).toBeUndefined();
      await expectKeyOnlyAtEndpoint(KEY, endpoint.headers[0], trace, run.stdout + run.stderr);
    } finally {
      await endpoint.close();
    }
  }, CLI_RUN_TIMEOUT_MS);

  it("a key in the environment and a secret in the env file, printed by bash: the large output saved to .task_outputs holds neither, nor does any request, the trace, the screen or any file", async () => {
    const fileSecret = "s07-db-password-from-env-file";
    const envFile = await secretEnvFile({ DB_PASSWORD: fileSecret });
    // In the workspace, a log holding both, large enough to be saved to a file (over 30,000 characters).
    const log = `key ${KEY} db ${fileSecret}\n${"filler line of the log\n".repeat(1600)}end ${KEY} ${fileSecret}\n`;
    await writeFile(path.join(ws.dir, "creds.log"), log);
    const script = {
      turns: [
        { content: [use("bash", { command: "cat creds.log" })] },
        { expect: { lastUserIncludes: "persisted-output" }, content: [text("It is a long log.")] },
      ],
    };
    const endpoint: Endpoint = await serveSimulator(new Simulator(script));
    const trace = path.join(ws.dir, "trace.jsonl");
    try {
      const run = await runLessonCli(pkg, ["--", "--print", "What is in creds.log?", "--cwd", ws.dir, "--trace", trace], {
        env: { ANTHROPIC_BASE_URL: endpoint.url, ANTHROPIC_API_KEY: KEY, MODEL_ID: "test-model", LEARN_ENV_FILE: envFile },
      });
      expect(run.code).toBe(0);
      expect(run.stdout).toBe("It is a long log.\n");
      const [saved, ...more] = await readdir(path.join(ws.dir, ".task_outputs/tool-results"));
      expect(more).toEqual([]);
      const savedText = await readFile(path.join(ws.dir, ".task_outputs/tool-results", saved!), "utf8");
      expect(savedText.startsWith("key [REDACTED] db [REDACTED]\n")).toBe(true);
      expect(savedText.trimEnd().endsWith("end [REDACTED] [REDACTED]")).toBe(true);
      for (const secret of [KEY, fileSecret]) {
        for (const body of endpoint.bodies) expect(body).not.toContain(secret);
        expect(run.stdout + run.stderr).not.toContain(secret);
      }
      expect(endpoint.bodies).toHaveLength(2);
      expect(await filesHolding(ws.dir, [KEY, fileSecret], ["creds.log"])).toEqual([]);
      expect(await readFile(trace, "utf8")).toContain("[REDACTED]");
    } finally {
      await endpoint.close();
    }
  }, CLI_RUN_TIMEOUT_MS);

  it("--compact-threshold abc: one line that names the flag, exit code 2, nothing sent", async () => {
    const endpoint: Endpoint = await serveSimulator(new Simulator(await loadScript(DEMO)));
    try {
      const run = await runLessonCli(pkg, ["--", "--print", "hi", "--compact-threshold", "abc", "--cwd", ws.dir], {
        env: { ANTHROPIC_BASE_URL: endpoint.url, ANTHROPIC_API_KEY: KEY, MODEL_ID: "test-model" },
      });
      expect(run.code).toBe(2);
      expect(run.stderr).toBe('--compact-threshold (or LEARN_COMPACT_THRESHOLD) must be a whole number of tokens above 0 (e.g. 50000), not "abc"\n');
      expect(run.stdout).toBe("");
      expect(endpoint.headers).toEqual([]);
    } finally {
      await endpoint.close();
    }
  }, CLI_RUN_TIMEOUT_MS);

  it("LEARN_COMPACT_THRESHOLD=0 is refused the same way: one line, exit code 2", async () => {
    const run = await runLessonCli(pkg, ["--", "--print", "hi", "--cwd", ws.dir], {
      env: { ANTHROPIC_BASE_URL: "http://127.0.0.1:9", ANTHROPIC_API_KEY: KEY, MODEL_ID: "test-model", LEARN_COMPACT_THRESHOLD: "0" },
    });
    expect(run.code).toBe(2);
    // (The environment's value is read as the flag's, so the line names --compact-threshold.)
    expect(run.stderr).toMatch(/^--compact-threshold \(or LEARN_COMPACT_THRESHOLD\) must be a whole number of tokens above 0 \(e\.g\. 50000\), not "0"\n$/);
  }, CLI_RUN_TIMEOUT_MS);
});
