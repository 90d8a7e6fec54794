/**
 * Nothing outlives the session: a real Node process (the fixture, bundled) that starts a
 * background job and is then sent SIGTERM exits as core's cleanup says (143), kills the job,
 * ends its log with the stopped line and tells the user on stderr which job it stopped.
 */
import { spawn } from "node:child_process";
import { readFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { expect, it } from "vitest";
import { bundledForNode, isRunning, useTempWorkspace } from "@learn/core/testing";
import { STOPPED_AT_EXIT_LINE } from "../src/jobs/index.ts";
import { waitFor } from "./fixtures/jobs/helpers.ts";

const ws = useTempWorkspace({ "README.md": "A workspace.\n" });
const packageDir = fileURLToPath(new URL("..", import.meta.url));
const session = fileURLToPath(new URL("./fixtures/jobs/session-with-a-job.ts", import.meta.url));

it("SIGTERM to a session with a running job: exit 143, the job's process gone, its log and stderr say so", async () => {
  const child = spawn(process.execPath, [await bundledForNode(session), ws.dir], { cwd: packageDir, stdio: ["ignore", "pipe", "pipe"] });
  let stdout = "";
  let stderr = "";
  child.stdout!.on("data", (chunk: Buffer) => (stdout += chunk.toString()));
  child.stderr!.on("data", (chunk: Buffer) => (stderr += chunk.toString()));
  const exited = new Promise<number | null>((resolve) => child.on("exit", (code) => resolve(code)));

  await waitFor(() => stdout.endsWith("\n"), "the job's pid");
  const pid = Number(stdout.trim());
  expect(isRunning(pid)).toBe(true);

  child.kill("SIGTERM");
  expect(await exited).toBe(143);
  expect(stderr).toContain("Stopped background job job-1 (sleep 30): the session ended.\n");
  await waitFor(() => !isRunning(pid), "the job's process to be gone");
  expect(readFileSync(path.join(ws.dir, ".runtime-tasks", "job-1.log"), "utf8")).toBe(`${STOPPED_AT_EXIT_LINE}\n`);
});
