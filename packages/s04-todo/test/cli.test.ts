/**
 * The command line, as a student runs it: a real child process against a real HTTP endpoint
 * on loopback (the simulator behind node:http), with the demo script as the model.
 */
import { readFile } from "node:fs/promises";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";
import { loadScript, Simulator } from "@learn/core/simulator";
import { runLessonCli, serveSimulator, useTempWorkspace } from "@learn/core/testing";
import { lesson } from "../src/index.ts";

const pkg = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
/**
 * The run starts some twenty Node processes (the CLI, the logging hook on every call, three
 * test runs): on a loaded machine that takes longer than the default timeout. A limit, not a
 * measure: nothing here asserts how long it took.
 */
const CLI_RUN_TIMEOUT_MS = 120_000;

const ws = useTempWorkspace();

describe("s04 on the command line", () => {
  it("--print against a real endpoint: the refactor is done, the plan is on stderr, the reminder reached the model", async () => {
    const script = await loadScript(lesson.demoScripts[0]!);
    const simulator = new Simulator(script);
    const endpoint = await serveSimulator(simulator);
    try {
      const run = await runLessonCli(pkg, ["--", "--print", script.prompt as string, "--permission-mode", "acceptEdits", "--cwd", ws.dir], {
        env: { ANTHROPIC_BASE_URL: endpoint.url, ANTHROPIC_API_KEY: "sk-test-s04", MODEL_ID: "test-model" },
      });
      expect(run.code).toBe(0);
      expect(run.stdout).toMatch(/^Done, all five steps\./);
      expect(run.stderr).toContain("[x] Run the tests again");
      expect(run.stderr).toContain("(5/5 completed)");
      expect(simulator.requests).toHaveLength(10);
      expect(simulator.requests.every((r) => r.status === 200)).toBe(true);
      expect(JSON.stringify(simulator.requests[5]!.body)).toContain("<reminder>Your plan has not changed in 3 rounds");
      expect(await readFile(path.join(ws.dir, "inventory/stock.js"), "utf8")).toContain("const LOW_STOCK = 5;");
    } finally {
      await endpoint.close();
    }
  }, CLI_RUN_TIMEOUT_MS);
});
