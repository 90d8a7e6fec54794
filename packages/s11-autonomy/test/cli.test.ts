/**
 * s11 on the command line: a child process against a local HTTP endpoint, as a real provider
 * would be used: the demo's three agents, the lead's last answer on stdout, no key anywhere.
 */
import path from "node:path";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";
import { loadScript, Simulator } from "@learn/core";
import { demoPromptOf, expectKeyOnlyAtEndpoint, traceRequests } from "@learn/s06/testing";
import { runLessonCli, serveSimulator, useTempWorkspace, type Endpoint } from "@learn/core/testing";
import { checkConversation } from "@learn/s07";
import { lesson } from "../src/index.ts";
import type { Body } from "./helpers.ts";

const pkg = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const CLI_RUN_TIMEOUT_MS = 120_000;
const KEY = "sk-test-s11-do-not-log";

const ws = useTempWorkspace();

describe("s11 on the command line", () => {
  it("--print the demo against an HTTP endpoint (idle polls from LEARN_IDLE_POLL_MS): every agent under its name, the answer on stdout", async () => {
    const endpoint: Endpoint = await serveSimulator(new Simulator(await loadScript(lesson.demoScripts[0]!)));
    const trace = path.join(ws.dir, "trace.jsonl");
    try {
      const run = await runLessonCli(pkg, ["--", "--print", await demoPromptOf(lesson), "--cwd", ws.dir, "--trace", trace], {
        env: { ANTHROPIC_BASE_URL: endpoint.url, ANTHROPIC_API_KEY: KEY, MODEL_ID: "test-model", LEARN_IDLE_POLL_MS: "100" },
      });
      expect(run.stderr).not.toMatch(/^✗/m);
      expect(run.code).toBe(0);
      expect(run.stdout).toMatch(/^Done without assigning anything/);
      const agents = endpoint.headers.map((h) => h["x-learn-agent"]);
      expect(new Set(agents)).toEqual(new Set(["lead", "alice", "bob"]));
      for (const r of await traceRequests<Body>(trace)) expect(checkConversation(r.body.messages)).toEqual([]);
      await expectKeyOnlyAtEndpoint(KEY, endpoint.headers[0], trace, run.stdout + run.stderr);
    } finally {
      await endpoint.close();
    }
  }, CLI_RUN_TIMEOUT_MS);

  it("a bad LEARN_IDLE_TIMEOUT_MS is one clear line and exit 2", async () => {
    const run = await runLessonCli(pkg, ["--", "--print", "hi", "--cwd", ws.dir], { env: { LEARN_IDLE_TIMEOUT_MS: "soon" } });
    expect(run.code).toBe(2);
    expect(run.stderr).toContain('--idle-timeout-ms (or LEARN_IDLE_TIMEOUT_MS) must be a whole number of milliseconds above 0, not "soon"');
  }, CLI_RUN_TIMEOUT_MS);
});
