/**
 * A named pipe (FIFO) where .claude/settings.json belongs. A plain read waits for a writer
 * forever, and not even SIGTERM ends the session then (the read is stuck in a thread Node
 * waits for at exit). Core's reader refuses it at once, and a policy that cannot be read
 * stops the session, as a file that is not JSON does: fail closed, naming the file. The
 * limits are far above what each run needs: a regression fails instead of hanging.
 */
import { rm } from "node:fs/promises";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";
import { ConfigError } from "@learn/core/harness";
import { makeFifo, runLessonCli, scriptedAgent, useFifos, useTempWorkspace } from "@learn/core/testing";
import { loadSettings } from "@learn/claude-code-files";
import { lesson } from "../src/index.ts";
import { scriptOf } from "./helpers.ts";

const pkg = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const LIMIT_MS = 10_000;
const CLI_LIMIT_MS = 60_000;

describe("a named pipe where .claude/settings.json belongs", () => {
  const ws = useTempWorkspace();
  useFifos();
  const pipeSettings = async () => {
    const file = path.join(ws.dir, ".claude/settings.json");
    await rm(file);
    return await makeFifo(file);
  };
  const message = (file: string) =>
    `${file}: the settings file cannot be read (a named pipe (FIFO), not a regular file). Fix it and start again: no session runs on a policy it cannot read.`;

  it("loadSettings: a ConfigError naming the file, at once; the agent is not created", async () => {
    const file = await pipeSettings();
    await expect(loadSettings(ws.dir, path.join(ws.dir, "no-user-settings"))).rejects.toThrow(new ConfigError(message(file)));
    await expect(scriptedAgent(lesson, scriptOf([]), ws.dir)).rejects.toThrow(ConfigError);
  }, LIMIT_MS);

  it("--print: that one line, exit 2", async () => {
    const file = await pipeSettings();
    const run = await runLessonCli(pkg, ["--", "-p", "hi", "--model-script", path.join(pkg, "demo/plan-mode.yaml"), "--cwd", ws.dir], {
      timeoutMs: CLI_LIMIT_MS,
    });
    expect(run.timedOut).toBeUndefined();
    expect(run.stderr).toBe(`${message(file)}\n`);
    expect(run.code).toBe(2);
  }, CLI_LIMIT_MS + 30_000);
});
