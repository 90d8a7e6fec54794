/** s06 on the command line, as a real provider would be used: a child process against a local HTTP endpoint. */
import { readFile, writeFile } from "node:fs/promises";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { expectKeyOnlyAtEndpoint } from "../src/testing/index.ts";
import { describe, expect, it } from "vitest";
import { loadScript, Simulator, type Script } from "@learn/core/simulator";
import { runLessonCli, serveSimulator, useTempWorkspace, type Endpoint } from "@learn/core/testing";
import { lesson } from "../src/index.ts";
import { breakpointsOf, type Body } from "./helpers.ts";

const pkg = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
/** The CLI, and a Node process of the workspace's logging hook for each call: a limit, not a measure. */
const CLI_RUN_TIMEOUT_MS = 120_000;
const KEY = "sk-test-s06-do-not-log";
const INDEX_LINE = "- [test-file-header](test-file-header.md) (feedback) — New test files start with a one-line comment saying what they cover";

const ws = useTempWorkspace();

/** One run of the CLI in the workspace, against `endpoint`, tracing to `trace`; in acceptEdits, the demo's mode (it writes tests). */
const cli = (endpoint: Endpoint, args: string[], trace = path.join(ws.dir, "trace.jsonl")) =>
  runLessonCli(pkg, ["--", ...args, "--permission-mode", "acceptEdits", "--cwd", ws.dir, "--trace", trace], {
    env: { ANTHROPIC_BASE_URL: endpoint.url, ANTHROPIC_API_KEY: KEY, MODEL_ID: "test-model" },
  });

async function requestsIn(trace: string): Promise<Body[]> {
  const lines = (await readFile(trace, "utf8")).trim().split("\n").map((l) => JSON.parse(l) as { type: string; body: Body });
  return lines.filter((l) => l.type === "request").map((l) => l.body);
}

describe("s06 on the command line", () => {
  it("--print: the skill is loaded and followed; every request carries breakpoints; the usage lines show cache reads; no key in the trace", async () => {
    const script = await loadScript(lesson.demoScripts[0]!);
    // --print runs the first prompt only: the turns of the others stay in the queue.
    const endpoint = await serveSimulator(new Simulator(script));
    const trace = path.join(ws.dir, "trace.jsonl");
    try {
      const run = await cli(endpoint, ["--print", (script as Script & { prompt: string[] }).prompt[0]!], trace);
      expect(run.stderr).not.toContain("Error");
      expect(run.code).toBe(0);
      expect(run.stdout).toMatch(/^Added shop\/test\/format\.test\.js with four tests/);
      expect(await readFile(path.join(ws.dir, "shop/test/format.test.js"), "utf8")).toContain('import { formatPrice } from "../src/format.js";');
      expect(endpoint.headers.map((h) => h["x-learn-agent"])).toEqual(Array(5).fill("lead"));

      // One usage line per response: the first writes the cache, the second reads it.
      const usage = run.stderr.split("\n").filter((l) => / in(?: \(.*\))?, \d+ out/.test(l));
      expect(usage).toHaveLength(5);
      expect(usage[0]).toMatch(/\(0 cache read, [1-9]\d* cache write\)/);
      expect(usage[1]).toMatch(/\([1-9]\d* cache read, \d+ cache write\)/);

      const requests = await requestsIn(trace);
      expect(requests).toHaveLength(5);
      for (const body of requests) {
        const last = body.messages.length - 1;
        const blocks = body.messages[last]!.content;
        expect(breakpointsOf(body)).toEqual(["system.0", "system.1", `messages.${last}.${typeof blocks === "string" ? 0 : blocks.length - 1}`]);
      }
      await expectKeyOnlyAtEndpoint(KEY, endpoint.headers[0], trace, run.stdout + run.stderr);
    } finally {
      await endpoint.close();
    }
  }, CLI_RUN_TIMEOUT_MS);

  it("one process a prompt: the memory the second session saves is in the third's first request; --print /memory lists it", async () => {
    const script = await loadScript(lesson.demoScripts[0]!);
    const prompts = (script as Script & { prompt: string[] }).prompt;
    // One endpoint for every session, as one provider would be: its cache outlives the processes.
    const endpoint = await serveSimulator(new Simulator(script));
    const traces = [0, 1, 2].map((i) => path.join(ws.dir, `trace-${i}.jsonl`));
    try {
      const runs = [];
      for (const [i, prompt] of prompts.entries()) runs.push(await cli(endpoint, ["--print", prompt], traces[i]));
      expect(runs.map((r) => r.code)).toEqual([0, 0, 0]);
      expect(runs[1]!.stdout).toMatch(/^Saved\./);
      expect(runs[2]!.stdout).toMatch(/^Added shop\/test\/line-total\.test\.js/);
      expect((await readFile(path.join(ws.dir, "shop/test/line-total.test.js"), "utf8")).split("\n")[0]).toBe("// Covers lineTotal: price times quantity, in cents.");

      const [first, second, third] = await Promise.all(traces.map(requestsIn));
      // A fresh process read the memory from disk: the index is in its very first request.
      expect([...first!, second![0]!].some((b) => JSON.stringify(b.system).includes("test-file-header"))).toBe(false);
      expect(third![0]!.system[1]!.text).toContain(INDEX_LINE);
      // The tools and the fixed layer are the same bytes in every session (where the agent
      // works is in the unmarked tail): a new session starts by reading them from the cache.
      expect(second![0]!.system[0]).toEqual(first![0]!.system[0]);
      expect(third![0]!.system[0]).toEqual(first![0]!.system[0]);
      for (const run of runs.slice(1)) expect(run.stderr.split("\n").find((l) => l.includes(" cache read, "))).toMatch(/\([1-9]\d* cache read, /);

      const memory = await cli(endpoint, ["--print", "/memory"]);
      expect(memory.code).toBe(0);
      expect(memory.stdout).toBe(
        "1 memory in .memory/:\n  test-file-header [feedback] — New test files start with a one-line comment saying what they cover  (test-file-header.md)\n",
      );
      expect(endpoint.headers).toHaveLength(11); // /memory asked the model nothing
    } finally {
      await endpoint.close();
    }
  }, 4 * CLI_RUN_TIMEOUT_MS);
  it("--print /cmd whose inline command fails: the failure on screen, exit 1, no request sent", async () => {
    await writeFile(path.join(ws.dir, ".claude/commands/strict.md"), "Before: !`ls README.md missing.txt`\nThen look.\n");
    const endpoint = await serveSimulator(new Simulator({ turns: [{ content: [{ type: "text", text: "never" }] }] }));
    try {
      const run = await cli(endpoint, ["--print", "/strict"]);
      expect(run.code).toBe(1);
      // The practice rules approve no `node -e`: a program they do approve, failing after some output.
      // (ls's two streams may come in either order: the line that lists README.md is somewhere below.)
      expect(run.stderr).toMatch(/\/strict did not start: !`ls README\.md missing\.txt` failed with exit code 2:\n(.*\n)*README\.md$/m);
      expect(endpoint.bodies).toEqual([]);
    } finally {
      await endpoint.close();
    }
  });
});
