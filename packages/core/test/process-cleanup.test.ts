import { spawn } from "node:child_process";
import { existsSync, readFileSync } from "node:fs";
import { mkdtemp, rm } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { bundledForNode, isRunning } from "../src/testing/index.ts";

const fixture = fileURLToPath(new URL("./fixtures/run-until-signalled.ts", import.meta.url));

let dir: string;
beforeEach(async () => {
  dir = await mkdtemp(path.join(os.tmpdir(), "cleanup-"));
});
afterEach(() => rm(dir, { recursive: true, force: true }));


/** Poll until `check` holds: a net of 50 s for a loaded machine (the test's own limit is 60 s), not a measure. */
async function waitFor(check: () => boolean, what: string): Promise<void> {
  for (let i = 0; i < 1000; i++) {
    if (check()) return;
    await new Promise((r) => setTimeout(r, 50));
  }
  throw new Error(`gave up waiting for ${what}`);
}

describe("a lesson process that is signalled", () => {
  it.each([
    ["SIGTERM", 143],
    ["SIGHUP", 129],
  ] as const)("ends every process it started on %s, and exits %i", async (signal, code) => {
    const child = spawn(process.execPath, [await bundledForNode(fixture), dir], { stdio: "ignore" });
    const exited = new Promise<number | null>((resolve) => child.on("exit", (c) => resolve(c)));
    const pidFiles = ["grouped.pid", "escaped.pid"].map((f) => path.join(dir, f));
    await waitFor(() => pidFiles.every((f) => existsSync(f)), "the sleepers to start");
    const sleepers = pidFiles.map((f) => Number(readFileSync(f, "utf8").trim()));
    expect(sleepers.every(isRunning)).toBe(true);

    child.kill(signal);
    expect(await exited).toBe(code);
    await waitFor(() => !sleepers.some(isRunning), "the sleepers to be gone");
  });
});
