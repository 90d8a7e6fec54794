/**
 * `pnpm bench`: run every benchmark script in this folder (*.ts), one after another, and print
 * their figures — or one of them by name, so each figure in the README has its own command.
 *
 *   pnpm bench                        every *.ts here (under ten minutes on a quiet 2-core machine)
 *   pnpm bench <name> [args…]         one: <name>.ts, or <name>.sh for the ones that clone or build
 *                                     (workspace-times, stage-test-times, site: minutes each, so
 *                                     never part of the whole run); args go to it
 *                                     (compaction --tune, stage-test-times s03)
 *   pnpm bench [name] --quick         a smoke run: few repetitions, figures not to be quoted
 *                                     (BENCH_QUICK=1; startup.ts and practice-hook.ts take RUNS=2
 *                                     and REPEATS=1 instead)
 *   pnpm bench [name] --write         the same, then this run's figures go into the READMEs
 *
 * Every figure a script prints through `figure()` (figures.ts) is compared at the end with the
 * README's copy of it (figures-check.ts): the differences are printed, and `--write` puts the
 * new figures in. A full run also dates them (the `bench.date` figure). A quick run checks nothing.
 */
import { spawn } from "node:child_process";
import { mkdtemp, readdir, readFile, rm } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { checkFigures, report, type Recorded } from "./figures-check.ts";

const here = path.dirname(fileURLToPath(import.meta.url));
const skip = new Set(["run-all.ts", "lib.ts", "figures.ts", "figures-check.ts"]);
const files = await readdir(here);
const benches = files.filter((f) => f.endsWith(".ts") && !skip.has(f)).sort();
const shells = files.filter((f) => f.endsWith(".sh")).sort();

const args = process.argv.slice(2).filter((a) => a !== "--"); // pnpm may pass a lone "--" through
const name = args.find((a) => !a.startsWith("-"));
const rest = args.filter((a) => a !== name);
const quick = rest.includes("--quick");
const write = rest.includes("--write");
const passOn = rest.filter((a) => a !== "--write");

const figuresDir = await mkdtemp(path.join(os.tmpdir(), "bench-figures-"));
const figuresFile = path.join(figuresDir, "figures.jsonl");
const env: NodeJS.ProcessEnv = { ...(quick ? { RUNS: "2", REPEATS: "1", ...process.env, BENCH_QUICK: "1" } : process.env), BENCH_FIGURES: figuresFile };
const named = name && [...benches, ...shells].find((f) => f === name || f.replace(/\.(ts|sh)$/, "") === name);
if (name && !named) {
  console.error(`no benchmark named ${name}: one of ${[...benches, ...shells].map((f) => f.replace(/\.(ts|sh)$/, "")).join(", ")}`);
  process.exit(2);
}

for (const file of named ? [named] : benches) {
  console.log(`\n# ${file}${quick ? " (quick: not figures to quote)" : ""}`);
  const started = performance.now();
  const [command, commandArgs] = file.endsWith(".sh") ? ["bash", [path.join(here, file), ...passOn.filter((a) => a !== "--quick")]] : ["node", ["--import", "tsx", path.join(here, file), ...passOn]];
  const code = await new Promise<number | null>((resolve) => {
    const child = spawn(command, commandArgs, { stdio: "inherit", cwd: here, env });
    child.on("close", resolve);
  });
  console.log(`(${file}: ${((performance.now() - started) / 1000).toFixed(0)} s)`);
  if (code !== 0) {
    console.error(`${file} failed (exit ${code})`);
    process.exitCode = 1;
  }
}

// The check: this run's figures against the READMEs'.
const records = (await readFile(figuresFile, "utf8").catch(() => "")).split("\n").filter(Boolean).map((line) => JSON.parse(line) as Recorded);
await rm(figuresDir, { recursive: true, force: true });
if (quick) console.log("\n(quick run: figures not checked against the README)");
else {
  const full = !named;
  // A full run dates its figures: the day it ran, in the README's words.
  if (full && process.exitCode === undefined) records.push({ id: "bench.date", text: new Date().toLocaleDateString("en-GB", { day: "numeric", month: "short", year: "numeric", timeZone: "UTC" }) });
  const result = await checkFigures(path.resolve(here, "../.."), records, write);
  console.log(`\n${report(result, write, full).join("\n")}`);
}
