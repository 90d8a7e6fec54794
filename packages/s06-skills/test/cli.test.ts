/** s06 on the command line, as a real provider would be used: a child process against a local HTTP endpoint. */
import { readFile } from "node:fs/promises";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";
import { loadScript, Simulator, type Script } from "@learn/core";
import { runLessonCli, serveSimulator, useTempWorkspace } from "@learn/core/testing";
import { lesson } from "../src/index.ts";
import { breakpointsOf, type Body } from "./helpers.ts";

const pkg = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
/** The CLI, and a Node process of the workspace's logging hook for each call: a limit, not a measure. */
const CLI_RUN_TIMEOUT_MS = 120_000;
const KEY = "sk-test-s06-do-not-log";

const ws = useTempWorkspace();

describe("s06 on the command line", () => {
  it("--print: the skill is loaded and followed; every request carries breakpoints; the usage lines show cache reads; no key in the trace", async () => {
    const script = await loadScript(lesson.demoScripts[0]!);
    // --print runs the first prompt only: the turns of the others stay in the queue.
    const endpoint = await serveSimulator(new Simulator(script));
    const trace = path.join(ws.dir, "trace.jsonl");
    try {
      const run = await runLessonCli(pkg, ["--", "--print", (script as Script & { prompt: string[] }).prompt[0]!, "--cwd", ws.dir, "--trace", trace], {
        env: { ANTHROPIC_BASE_URL: endpoint.url, ANTHROPIC_API_KEY: KEY, MODEL_ID: "test-model" },
      });
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

      const lines = (await readFile(trace, "utf8")).trim().split("\n").map((l) => JSON.parse(l) as { type: string; agent: string; body: Body });
      const requests = lines.filter((l) => l.type === "request");
      expect(requests).toHaveLength(5);
      for (const r of requests) {
        const last = r.body.messages.length - 1;
        const blocks = r.body.messages[last]!.content;
        expect(breakpointsOf(r.body)).toEqual(["system.0", "system.1", `messages.${last}.${typeof blocks === "string" ? 0 : blocks.length - 1}`]);
      }
      // The key went to the endpoint, and nowhere a person could read it afterwards.
      expect(JSON.stringify(endpoint.headers[0])).toContain(KEY);
      expect(await readFile(trace, "utf8")).not.toContain(KEY);
      expect(run.stdout + run.stderr).not.toContain(KEY);
    } finally {
      await endpoint.close();
    }
  }, CLI_RUN_TIMEOUT_MS);
});
