/**
 * Lesson 6's real command line with named pipes (FIFOs) where CLAUDE.md and a SKILL.md belong,
 * and where the env file is read. Before core's reader, `--print` never answered, and SIGTERM
 * could not end it: the read was stuck in a thread Node waits for at exit. Each run is killed
 * after CLI_LIMIT_MS, a limit far above what it needs (a process start on a busy machine):
 * a regression fails as "timed out" instead of hanging the suite.
 */
import { mkdir, rm, writeFile } from "node:fs/promises";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";
import { makeFifo, runLessonCli, startLessonCli, useFifos, useTempWorkspace } from "@learn/core/testing";

const pkg = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const CLI_LIMIT_MS = 60_000;
const TEST_LIMIT_MS = 90_000;
const PIPE = "a named pipe (FIFO), not a regular file";

/** One answer; or a bash call that waits a minute (a run still busy when the SIGTERM comes), then one. */
const HELLO = "prompt: Hi.\nturns:\n  - content: [ { type: text, text: Hello. } ]\n";
const WAIT = [
  "prompt: Wait a minute.",
  "turns:",
  "  - content:",
  '      - { type: tool_use, name: bash, input: { command: "node -e \\"setTimeout(() => {}, 60000)\\"" } }',
  "  - content: [ { type: text, text: Done. } ]",
  "",
].join("\n");

describe("s06 on the command line, with named pipes where files belong", () => {
  const ws = useTempWorkspace();
  useFifos();

  /** CLAUDE.md and a workspace skill's SKILL.md are pipes; `script` is written beside the workspace's files. */
  async function pipedWorkspace(script: string): Promise<string> {
    await rm(path.join(ws.dir, "CLAUDE.md"));
    await makeFifo(path.join(ws.dir, "CLAUDE.md"));
    await mkdir(path.join(ws.dir, ".claude/skills/piped"), { recursive: true });
    await makeFifo(path.join(ws.dir, ".claude/skills/piped/SKILL.md"));
    const file = path.join(ws.dir, "script.yaml");
    await writeFile(file, script);
    return file;
  }

  it("--print reports both pipes, answers and exits 0", async () => {
    const script = await pipedWorkspace(HELLO);
    const run = await runLessonCli(pkg, ["--print", "Hi.", "--model-script", script, "--cwd", ws.dir], { timeoutMs: CLI_LIMIT_MS });
    expect(run.timedOut).toBeUndefined();
    expect(run.stderr).toContain(`.claude/skills/piped/SKILL.md: skipped: ${PIPE}`);
    expect(run.stderr).toContain(`CLAUDE.md: cannot be read (${PIPE}); ignored`);
    expect(run.stdout).toBe("Hello.\n");
    expect(run.code).toBe(0);
  }, TEST_LIMIT_MS);

  it("SIGTERM ends a --print run that is busy (a bash call running)", async () => {
    const script = await pipedWorkspace(WAIT);
    const cli = startLessonCli(pkg, ["--print", "Wait a minute.", "--model-script", script, "--cwd", ws.dir], { timeoutMs: CLI_LIMIT_MS });
    await cli.stderrMatches(/⏺ bash node -e/);
    cli.child.kill("SIGTERM");
    const run = await cli.done;
    expect(run.timedOut).toBeUndefined();
    expect(run.stdout).toBe(""); // it never answered: it was stopped
    expect(run.code ?? run.signal).toBe(128 + 15); // core's cleanup exits with 128 + the signal's number
  }, TEST_LIMIT_MS);

  it("an env file that is a pipe: one clear line, exit 2", async () => {
    const envFile = await makeFifo(path.join(ws.dir, "piped.env"));
    const run = await runLessonCli(pkg, ["--print", "Hi.", "--cwd", ws.dir], { timeoutMs: CLI_LIMIT_MS, env: { LEARN_ENV_FILE: envFile } });
    expect(run.timedOut).toBeUndefined();
    expect(run.stderr).toBe(`${envFile}: the env file cannot be read (${PIPE}). Fix or remove it, or set LEARN_ENV_FILE.\n`);
    expect(run.code).toBe(2);
  }, TEST_LIMIT_MS);
});
