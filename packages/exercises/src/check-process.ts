/**
 * `check` runs the checks in a vitest process of their own (vitest.check.config.ts), for two
 * reasons: the checks need vitest's module mocking to put the student's file into the lesson,
 * and a student's loop that never ends (`for (;;) {}` blocks even a time limit's timer) can
 * then be stopped from outside — the whole process group is killed after CHECK_PROCESS_LIMIT_MS.
 */
import { spawn } from "node:child_process";
import { mkdtempSync } from "node:fs";
import { readFile, rm } from "node:fs/promises";
import { createRequire } from "node:module";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import type { ExplainedOutcome } from "./explain.ts";

const PACKAGE_DIR = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const VITEST = path.join(path.dirname(createRequire(import.meta.url).resolve("vitest/package.json")), "vitest.mjs");

/**
 * The whole check, start to end; each check inside has its own, shorter limit (run-checks.ts).
 * LEARN_EXERCISE_LIMIT_S changes it (a slow machine, or a test of the limit itself).
 */
export const CHECK_PROCESS_LIMIT_MS = Number(process.env.LEARN_EXERCISE_LIMIT_S) * 1000 || 60_000;

export type CheckRun =
  | { kind: "done"; outcomes: ExplainedOutcome[] }
  | { kind: "hung" }
  | { kind: "broken"; output: string };

export async function checkInProcess(id: string, root: string, limitMs = CHECK_PROCESS_LIMIT_MS): Promise<CheckRun> {
  // Made at once, not awaited: the process starts before this function first yields, so the
  // caller's own work meanwhile (the type check, which blocks) runs beside it.
  const tmp = mkdtempSync(path.join(os.tmpdir(), "learn-exercise-"));
  const resultFile = path.join(tmp, "result.json");
  try {
    const child = spawn(process.execPath, [VITEST, "run", "--config", "vitest.check.config.ts", "--reporter=dot"], {
      cwd: PACKAGE_DIR,
      env: { ...process.env, LEARN_EXERCISE_ID: id, LEARN_EXERCISE_ROOT: root, LEARN_EXERCISE_RESULT: resultFile, FORCE_COLOR: "0" },
      stdio: ["ignore", "pipe", "pipe"],
      detached: true, // its own process group: a timeout kills vitest's workers too
    });
    let output = "";
    child.stdout.on("data", (chunk: Buffer) => (output += chunk.toString()));
    child.stderr.on("data", (chunk: Buffer) => (output += chunk.toString()));
    let hung = false;
    const timer = setTimeout(() => {
      hung = true;
      try {
        process.kill(-child.pid!, "SIGKILL");
      } catch {
        // already gone
      }
    }, limitMs);
    await new Promise<void>((resolve) => child.on("close", () => resolve()));
    clearTimeout(timer);
    if (hung) return { kind: "hung" };
    try {
      return { kind: "done", outcomes: JSON.parse(await readFile(resultFile, "utf8")) as ExplainedOutcome[] };
    } catch {
      return { kind: "broken", output };
    }
  } finally {
    await rm(tmp, { recursive: true, force: true });
  }
}
