/**
 * A job as text, written one way for every reader: a line for check_background and /jobs,
 * the last line of its log, and the note the model gets when it finishes. Measured times
 * are always seconds with one decimal ("3.1s"), so the same format reads the same
 * everywhere (and the docs can mask it: a run's timings are never the same twice).
 *
 *   job-1 · running for 2.0s · node --test shop/test/*.test.js
 *   job-1 · completed · exit 0 after 3.1s · node --test shop/test/*.test.js
 *   job-2 · failed · exit 1 after 0.4s · npm run build
 *   job-3 · timeout after 300.0s · npm run serve
 */
import { quoteText } from "@learn/core";
import type { Job } from "./job.ts";
import { tailOf } from "./log-file.ts";

/** How much of its output the model gets when a job finishes; the rest is in the log. */
export const NOTE_TAIL_CHARS = 2_000;
/** The last line of a log when the session ended while the job ran. */
export const STOPPED_AT_EXIT_LINE = "[stopped: the session ended]";

/** "3.1s": one decimal, no space. */
export const seconds = (ms: number) => `${(ms / 1000).toFixed(1)}s`;

/** A long command cut for a one-line mention. */
export function shortCommand(command: string, max = 60): string {
  const line = command.replace(/\s+/g, " ").trim();
  return line.length <= max ? line : `${line.slice(0, max - 1)}…`;
}

const took = (job: Job, now: number) => seconds((job.endedAt ?? now) - job.startedAt);

/** "exit 1", "killed by SIGTERM", or "could not start" (no exit code, no signal). */
function exitText(job: Job): string {
  if (typeof job.exitCode === "number") return `exit ${job.exitCode}`;
  return job.signal ? `killed by ${job.signal}` : "could not start";
}

/** "running for 2.0s", "completed · exit 0 after 3.1s", "timeout after 300.0s", "killed after 1.2s" */
function outcome(job: Job, now: number): string {
  if (job.status === "running") return `running for ${took(job, now)}`;
  if (job.status === "timeout" || job.status === "killed") return `${job.status} after ${took(job, now)}`;
  return `${job.status} · ${exitText(job)} after ${took(job, now)}`;
}

/** One line: id, status, time, command. */
export function describeJob(job: Job, now = Date.now()): string {
  return `${job.id} · ${outcome(job, now)} · ${shortCommand(job.command, 80)}`;
}

/** The last line the manager writes to a finished job's log: "[exit 0 after 3.1s]". */
export function endLine(job: Job): string {
  if (job.status === "timeout") return `[timed out after ${job.timeoutMs / 1000}s: killed]`;
  if (job.status === "killed") return `[killed after ${took(job, Date.now())}]`;
  return `[${exitText(job)} after ${took(job, Date.now())}]`;
}

/** "job-1 completed (exit 0 after 3.1s)", "job-3 timed out (after 300.0s)" */
function headline(job: Job): string {
  const time = took(job, Date.now());
  if (job.status === "timeout") return `${job.id} timed out (killed after ${time})`;
  if (job.status === "killed") return `${job.id} was killed (after ${time})`;
  return `${job.id} ${job.status} (${exitText(job)} after ${time})`;
}

/**
 * The end of a log for the model: the last `max` characters, saying so when that is not all
 * of it, or `empty` when there is nothing. Pass a tail read with at least one character more
 * than `max`, so that a cut can be told apart from a log of exactly `max` characters.
 */
export function tailSection(tail: string, max: number, empty: string): string {
  if (tail.trim() === "") return empty;
  if (tail.length <= max) return `Output:\n${tail.trimEnd()}`;
  return `Output (last ${max.toLocaleString("en-US")} characters):\n${tail.slice(-max).trimEnd()}`;
}

/**
 * What the model reads when a job finishes: how it ended, the end of its output, where the
 * rest is. `tail` is the end of its log (readFinishedNote reads it). The log ends with
 * "<output>\n<end line>\n"; the end line repeats the note's first line, so it is left out.
 */
export function finishedNote(job: Job, tail: string): string {
  const end = `${endLine(job)}\n`;
  const output = tail.endsWith(end) ? tail.slice(0, -end.length).replace(/\n$/, "") : tail;
  // The output is the program's words, not the harness's: quoted (core's quote.ts), so that
  // none of it can close the <background-results> block or pose as another job's result.
  const [label, ...shown] = tailSection(output, NOTE_TAIL_CHARS, "(no output)").split("\n");
  const section = shown.length > 0 ? `${label}\n${quoteText(shown.join("\n"))}` : label!;
  return [`${headline(job)}: ${job.command}`, section, `Full log: ${job.logPath}`].join("\n");
}

/** finishedNote with the tail read from the job's log (a log that cannot be read says so). */
export async function readFinishedNote(job: Job): Promise<string> {
  // The output's last NOTE_TAIL_CHARS + 1 characters (one more, to tell if it was cut), "\n", the end line, "\n".
  const tail = await tailOf(job.log, NOTE_TAIL_CHARS + 1 + endLine(job).length + 2).catch(
    (err: Error) => `(the log cannot be read: ${err.message})`,
  );
  return finishedNote(job, tail);
}
