/**
 * Benchmark: harness time per round, the course beside the real Claude Code, in one run.
 *
 * Each harness runs the same scripted session twice over the course's simulator (served on
 * 127.0.0.1, as `pnpm compare:claude-code` serves it): one tool call, then ROUNDS tool calls,
 * then the answer. A round is one model call and the one tool call it asks for, so
 *
 *     per round = (time of the long session − time of the short one) / (ROUNDS − 1)
 *
 * which takes start-up, the first request and the exit out of the figure. Two tools: reading
 * a small file (no process started) and `bash` running `true` under an allow rule (one process
 * per round, the permission check included). The lesson is s12, every mechanism on, started as
 * `node scripts/start.mjs s12 --print` does; Claude Code as `claude -p`. Runs are interleaved
 * (course short, course long, Claude Code short, Claude Code long, then again), so a busy
 * moment of the machine hits both alike; printed: min / median / max per round over the runs,
 * and course / Claude Code as a ratio of medians with the spread of the paired ratios.
 *
 *   pnpm bench rounds-claude-code          RUNS=7, ROUNDS=51 by default; --quick: 2 runs
 */
import { claudeCodeBinary, CLAUDE_CODE_VERSION } from "../claude-code/binary.ts";
import type { HarnessRun } from "../claude-code/compare/run-harness.ts";
import { runCalls, type CallSpec } from "../claude-code/compare/session.ts";
import type { Step } from "../claude-code/compare/steps.ts";
import { compare, QUICK, spread } from "./lib.ts";
import { figure } from "./figures.ts";

const RUNS = Number(process.env.RUNS ?? (QUICK ? 2 : 7));
const ROUNDS = Number(process.env.ROUNDS ?? 51);

const CASES: Record<string, { step: Step; settings: object }> = {
  "read a file": { step: { tool: "read", path: "README.md" }, settings: {} },
  "bash `true` (allowed)": { step: { tool: "bash", command: "true" }, settings: { permissions: { allow: ["Bash(true)"] } } },
};

const claude = await claudeCodeBinary().catch((err: Error) => {
  console.log(`Claude Code left out (${err.message}): nothing to compare with.`);
  process.exit(2);
});
const harnesses: HarnessRun[] = [
  { harness: "course", lesson: "s12", claude },
  { harness: "claude-code", lesson: "s12", claude },
];

/** Milliseconds from start to exit of one session of `rounds` calls; throws when a call did not run. */
async function session(run: HarnessRun, step: Step, settings: object, rounds: number): Promise<number> {
  const calls: CallSpec[] = Array.from({ length: rounds }, () => ({ step }));
  const { calls: results, result } = await runCalls(run, { calls, settings, mode: "default" });
  const failed = results.findIndex((c) => c.text === undefined || c.isError);
  if (failed >= 0) throw new Error(`${run.harness}: call ${failed + 1} of ${rounds} did not run (${results[failed]!.text ?? "no result"}); stderr: ${result.stderr.slice(0, 300)}`);
  return result.ms;
}

console.log(`Harness time per round (one model call + one tool call), s12 beside Claude Code ${CLAUDE_CODE_VERSION}: (session of ${ROUNDS} calls − session of 1) / ${ROUNDS - 1}; min / median / max of ${RUNS} interleaved runs`);
for (const [label, { step, settings }] of Object.entries(CASES)) {
  const key = label.split(" ")[0]!.replace(/\W/g, "").toLowerCase(); // the README's name for the case's figures
  const perRound = { course: [] as number[], "claude-code": [] as number[] };
  for (let i = 0; i < RUNS + 1; i++) {
    for (const run of harnesses) {
      const short = await session(run, step, settings, 1);
      const long = await session(run, step, settings, ROUNDS);
      if (i > 0) perRound[run.harness].push((long - short) / (ROUNDS - 1)); // the first run warms the disk cache and the bundle
    }
  }
  console.log(`  ${label}`);
  console.log(`    course (s12):  ${figure(`rounds-claude-code.${key}.course`, spread(perRound.course))}`);
  console.log(`    Claude Code:   ${figure(`rounds-claude-code.${key}.claude-code`, spread(perRound["claude-code"]))}`);
  console.log(`    course / Claude Code: ${figure(`rounds-claude-code.${key}.ratio`, compare(perRound.course, perRound["claude-code"]))}`);
}
console.log("  (each session is timed start to exit: a run whose short or long session met a busy moment swings; the median is the figure)");
