/** s08 on the command line: a child process against a local HTTP endpoint, as a real provider would be used. */
import { readFile } from "node:fs/promises";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";
import { checkConversation } from "@learn/core";
import { loadScript, Simulator } from "@learn/core/simulator";
import { demoPromptOf, expectKeyOnlyAtEndpoint, traceRequests } from "@learn/s06/testing";
import { runLessonCli, serveSimulator, useTempWorkspace, type Endpoint } from "@learn/core/testing";
import { lesson } from "../src/index.ts";
import { taskFiles, type Body } from "./helpers.ts";

const pkg = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
/** The CLI, real tools and a test run in the workspace: a limit, not a measure. */
const CLI_RUN_TIMEOUT_MS = 120_000;
const KEY = "sk-test-s08-do-not-log";
const DEMO = lesson.demoScripts[0]!;

const ws = useTempWorkspace();

const demoPrompt = () => demoPromptOf(lesson);
const requestsIn = (trace: string) => traceRequests<Body>(trace);

describe("the README's offline Try-it scripts (try/)", () => {
  it("try/cycle.yaml: a dependency that would close a loop is refused, named, and the board is left as it was", async () => {
    const script = path.join(pkg, "try", "cycle.yaml");
    const { prompt } = await loadScript(script);
    // The README gives this exact command line.
    expect(await readFile(path.join(pkg, "README.md"), "utf8")).toContain(`--model-script packages/s08-tasks/try/cycle.yaml -p "${prompt}"`);
    const run = await runLessonCli(pkg, ["--", "--print", String(prompt), "--model-script", script, "--cwd", ws.dir]);
    expect(run.code).toBe(0);
    expect(run.stderr).toContain('Error: #1 cannot wait for #3: that would make a loop in which no task could ever start: #1 → #3 → #2 → #1');
    const first = JSON.parse(await readFile(path.join(ws.dir, ".tasks", "1.json"), "utf8")) as { blockedBy: number[] };
    expect(first.blockedBy).toEqual([]);
  }, CLI_RUN_TIMEOUT_MS);
});

describe("s08 on the command line", () => {
  it("--print the demo against an HTTP endpoint with a key: the answer on stdout, the board in .tasks/, no key in the trace", async () => {
    const endpoint: Endpoint = await serveSimulator(new Simulator(await loadScript(DEMO)));
    const trace = path.join(ws.dir, "trace.jsonl");
    try {
      const run = await runLessonCli(pkg, ["--", "--print", await demoPrompt(), "--permission-mode", "acceptEdits", "--cwd", ws.dir, "--trace", trace], {
        env: { ANTHROPIC_BASE_URL: endpoint.url, ANTHROPIC_API_KEY: KEY, MODEL_ID: "test-model" },
      });
      expect(run.stderr).not.toMatch(/^✗/m); // no error shown
      expect(run.code).toBe(0);
      expect(run.stdout).toMatch(/^Done, in the order the graph allowed: /);
      // Eight requests, all the lead's, each a valid conversation offering the task tools.
      expect(endpoint.headers.map((h) => h["x-learn-agent"])).toEqual(Array(8).fill("lead"));
      const requests = await requestsIn(trace);
      expect(requests.map((r) => r.body.model)).toEqual(Array(8).fill("test-model"));
      for (const r of requests) {
        expect(checkConversation(r.body.messages)).toBeUndefined();
        expect((r.body.tools ?? []).map((t) => t.name)).toEqual(expect.arrayContaining(["task_create", "task_update", "task_list", "task_get"]));
      }

      // The board the model planned is on disk, worked to the end.
      const files = await taskFiles(ws.dir);
      expect(Object.keys(files)).toEqual(["1.json", "2.json", "3.json"]);
      expect(Object.values(files).every((t) => t.status === "completed")).toBe(true);
      expect(files["3.json"]!.blockedBy).toEqual([1, 2]);
      expect(await readFile(path.join(ws.dir, "shop/src/cart.js"), "utf8")).toContain("sum + lineTotal(line)");

      await expectKeyOnlyAtEndpoint(KEY, endpoint.headers[0], trace, run.stdout + run.stderr);
    } finally {
      await endpoint.close();
    }
  }, CLI_RUN_TIMEOUT_MS);
});
