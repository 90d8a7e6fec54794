/**
 * A process wrapper changes how the processes of one async context start (s14's sandbox):
 * inside `withProcessWrapper` every runCommand and startProcess goes through it, a job started
 * there keeps it, and outside it, or in the harness's own git, nothing is wrapped.
 */
import { mkdtemp, rm } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { runCommand, startProcess } from "../src/platform/process.ts";
import { withProcessWrapper, withoutProcessWrapper, currentProcessWrapper, type Launch, type ProcessWrapper } from "../src/platform/process-wrapper.ts";
import { runGit } from "../src/platform/safe-git.ts";

let cwd: string;
beforeAll(async () => {
  cwd = await mkdtemp(path.join(os.tmpdir(), "proc-wrap-"));
});
afterAll(() => rm(cwd, { recursive: true, force: true }));

/** A wrapper that runs every program through `env WRAPPED=yes`, and notes what it was asked to start. */
function marking(): ProcessWrapper & { seen: Launch[] } {
  const seen: Launch[] = [];
  return {
    name: "marking",
    seen,
    wrap(launch) {
      seen.push(launch);
      return { ...launch, file: "env", args: ["WRAPPED=yes", launch.file, ...launch.args] };
    },
  };
}

describe("withProcessWrapper", () => {
  it("starts every command of its context through the wrapper, with the environment and folder it would have had", async () => {
    const wrapper = marking();
    const result = await withProcessWrapper(wrapper, () => runCommand('echo "[$WRAPPED]" && pwd', { cwd, timeoutMs: 30_000 }));
    expect(result.output).toBe(`[yes]\n${cwd}\n`);
    expect(wrapper.seen).toHaveLength(1);
    expect(wrapper.seen[0]).toMatchObject({ file: "bash", cwd });
    expect(wrapper.seen[0]!.args.at(-1)).toBe('echo "[$WRAPPED]" && pwd');
  });

  it("wraps a job started inside it and nothing outside it", async () => {
    const wrapper = marking();
    const job = withProcessWrapper(wrapper, () => startProcess("bash", ["-c", 'echo "[$WRAPPED]"'], { cwd }));
    const outside = await runCommand('echo "[$WRAPPED]"', { cwd, timeoutMs: 30_000 });
    expect((await job.done).output).toBe("[yes]\n");
    expect(outside.output).toBe("[]\n");
    expect(currentProcessWrapper()).toBeUndefined();
  });

  it("keeps the wrapper across awaits, and lets the harness step out of it", async () => {
    const wrapper = marking();
    const [later, own] = await withProcessWrapper(wrapper, async () => {
      await new Promise((resolve) => setTimeout(resolve, 1));
      const later = await runCommand('echo "[$WRAPPED]"', { cwd, timeoutMs: 30_000 });
      const own = await withoutProcessWrapper(() => runCommand('echo "[$WRAPPED]"', { cwd, timeoutMs: 30_000 }));
      return [later.output, own.output];
    });
    expect([later, own]).toEqual(["[yes]\n", "[]\n"]);
  });

  it("never wraps the harness's own git", async () => {
    const wrapper = marking();
    const result = await withProcessWrapper(wrapper, () => runGit(cwd, ["--version"], { timeoutMs: 30_000 }));
    expect(result.output).toMatch(/^git version/);
    expect(wrapper.seen).toEqual([]);
  });
});
