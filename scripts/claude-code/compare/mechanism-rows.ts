/**
 * What every mechanism case shares: one spec through both harnesses at once, a row that
 * compares two descriptions, and a log file a hook wrote.
 */
import { readFile } from "node:fs/promises";
import type { Verdict } from "./outcome.ts";
import type { HarnessRun } from "./run-harness.ts";
import { runCalls, type SessionOutput, type SessionSpec } from "./session.ts";
import type { Row } from "./table.ts";

/** Run one spec through both harnesses at once (two processes: the machine's two cores). */
export function both(course: HarnessRun, claudeCode: HarnessRun, spec: SessionSpec): Promise<[SessionOutput, SessionOutput]> {
  return Promise.all([runCalls(course, spec), runCalls(claudeCode, spec)]);
}

/** A row comparing descriptions ("match" or "differs"), unless a ranked verdict is given. */
export function described(mechanism: string, group: string, label: string, course: string, claudeCode: string, ranked?: Verdict, mode = "default"): Row {
  return { mechanism, group, case: label, mode, course, claudeCode, verdict: ranked ?? (course === claudeCode ? "match" : "differs") };
}

export async function readLines(file: string): Promise<string[]> {
  const text = await readFile(file, "utf8").catch(() => "");
  return text.split("\n").filter((line) => line.trim() !== "");
}
