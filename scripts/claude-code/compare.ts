/**
 * `pnpm compare:claude-code` — the course beside the real Claude Code, driven by the same
 * scripted model turns (the course's simulator, served over HTTP on 127.0.0.1): a corpus of
 * bash commands × the permission modes × one settings file, then hooks, a subagent, a skill,
 * a custom command, a compaction, MCP (always lesson 13: the first with MCP) and /goal (always lesson 16). Per case it prints both outcomes and whether the course
 * matches, is stricter or is looser; then a summary per mechanism; and it writes the table
 * the book's chapter is generated from (packages/docs/data/claude-code-comparison.json), then
 * regenerates the docs, so one command refreshes both.
 *
 *   pnpm compare:claude-code [--lesson s12] [--quick] [--isolate] [--only <words in a job's name>] [--out file.json]
 *
 * `--isolate`: every bash case in a session of its own (slower), to show which cases a batch's
 * earlier commands change.
 *
 * A benchmark, not a test: it needs Claude Code (installed on first use; without the registry
 * it stops in one line, exit 2) and takes minutes. Two harness processes at a time at most
 * (the machine's two cores); each session gets a fresh copy of the practice workspace.
 */
import { spawnSync } from "node:child_process";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { parseArgs } from "node:util";
import { claudeCodeBinary, CLAUDE_CODE_VERSION } from "./binary.ts";
import { bashJobs, type Job } from "./compare/bash-cases.ts";
import { mechanismJobs } from "./compare/mechanism-cases.ts";
import { checkStandIns } from "./compare/preflight.ts";
import type { HarnessRun } from "./compare/run-harness.ts";
import { printRow, printSummary, summarise, writeComparison, type Row } from "./compare/table.ts";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../..");
export const COMPARISON_JSON = path.join(root, "packages", "docs", "data", "claude-code-comparison.json");

const { values } = parseArgs({ options: { lesson: { type: "string", default: "s12" }, quick: { type: "boolean", default: false }, isolate: { type: "boolean", default: false }, only: { type: "string" }, out: { type: "string" } } });
const quick = values.quick ?? false;
const lesson = values.lesson ?? "s12";

let claude: string;
try {
  claude = await claudeCodeBinary();
} catch (err) {
  process.stderr.write(`compare:claude-code: ${(err as Error).message}\n`);
  process.exit(2);
}

const course: HarnessRun = { harness: "course", lesson, claude };
const claudeCode: HarnessRun = { harness: "claude-code", lesson, claude };
const started = Date.now();

// Nothing runs until both harnesses' shells find the stand-ins first on PATH.
const preflight = await checkStandIns(course, claudeCode);
if (preflight) {
  process.stderr.write(`compare:claude-code: stopped before any case ran: ${preflight}\n`);
  process.exit(1);
}

const jobs: Job[] = [...bashJobs({ quick, isolate: values.isolate }), ...mechanismJobs({ quick })].filter((job) => values.only === undefined || job.label.includes(values.only));
const rows: Row[] = [];
for (const [i, job] of jobs.entries()) {
  const t = Date.now();
  const got = await job.run(course, claudeCode).catch((err: unknown) => {
    console.error(`(${job.label} failed: ${err instanceof Error ? err.message : String(err)})`);
    return [] as Row[];
  });
  console.log(`— ${job.label} (${i + 1}/${jobs.length}, ${((Date.now() - t) / 1000).toFixed(1)} s)`);
  got.forEach(printRow);
  rows.push(...got);
}

const comparison = {
  claudeCodeVersion: CLAUDE_CODE_VERSION,
  date: new Date().toISOString().slice(0, 10),
  lesson,
  seconds: Math.round((Date.now() - started) / 1000),
  quick,
  ...(values.isolate ? { isolate: true } : {}),
  summary: summarise(rows),
  rows,
};
printSummary(comparison);

// A quick or partial run is a smoke test: it writes the table only where asked, never over the book's.
const out = values.out ?? (quick || values.only !== undefined ? undefined : COMPARISON_JSON);
if (out) {
  await writeComparison(out, comparison);
  console.log(`Wrote ${path.relative(root, out)}`);
  if (out === COMPARISON_JSON) {
    const docs = spawnSync("pnpm", ["run", "docs"], { cwd: root, stdio: "inherit" });
    if (docs.status !== 0) process.exitCode = 1;
  }
}
