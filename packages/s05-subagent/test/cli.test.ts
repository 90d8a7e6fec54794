/** s05 on the command line, as a real provider would be used: a child process against a local HTTP endpoint. */
import { readFile } from "node:fs/promises";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";
import { loadScript, Simulator } from "@learn/core/simulator";
import { runLessonCli, serveSimulator, useTempWorkspace } from "@learn/core/testing";
import { lesson } from "../src/index.ts";

const pkg = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
/** The CLI, and a Node process of the logging hook for each of the child's calls: a limit, not a measure. */
const CLI_RUN_TIMEOUT_MS = 120_000;

const ws = useTempWorkspace();

describe("s05 on the command line", () => {
  it("--print: the lead and its test-scout child talk to the endpoint under their own names; the trace keeps both", async () => {
    const script = await loadScript(lesson.demoScripts[0]!);
    const endpoint = await serveSimulator(new Simulator(script));
    const trace = path.join(ws.dir, "trace.jsonl");
    try {
      const run = await runLessonCli(pkg, ["--", "--print", (script.prompt as string[])[0]!, "--cwd", ws.dir, "--trace", trace], {
        env: { ANTHROPIC_BASE_URL: endpoint.url, ANTHROPIC_API_KEY: "sk-test-s05", MODEL_ID: "test-model" },
      });
      expect(run.stderr).not.toContain("Error");
      expect(run.code).toBe(0);
      expect(run.stdout).toMatch(/^The sample project uses Node's built-in test runner/);
      // The child's calls are on stderr (the progress), indented and named under the lead's task call.
      expect(run.stderr).toContain("↳ test-scout-1 · Find the test framework");
      expect(run.stderr).toMatch(/^ {4}\[test-scout-1\] ⏺ read_file shop\/test\/cart\.test\.js$/m);
      expect(endpoint.headers.map((h) => h["x-learn-agent"])).toEqual(["lead", "test-scout-1", "test-scout-1", "test-scout-1", "lead"]);

      const lines = (await readFile(trace, "utf8")).trim().split("\n").map((l) => JSON.parse(l));
      const requests = lines.filter((l) => l.type === "request");
      expect(requests.map((l) => l.agent)).toEqual(["lead", "test-scout-1", "test-scout-1", "test-scout-1", "lead"]);
      // `model: haiku` in the agent file is an alias: the child uses the model the lead was given.
      expect(requests.map((l) => l.body.model)).toEqual(Array(5).fill("test-model"));
    } finally {
      await endpoint.close();
    }
  }, CLI_RUN_TIMEOUT_MS);
});
