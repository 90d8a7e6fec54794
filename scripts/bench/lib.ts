/**
 * Small helpers shared by the benchmark scripts, so every figure is measured and printed the
 * same way: repetitions run interleaved (A B A B …, so a busy moment of a shared machine hits
 * every case alike), each figure printed as min / median / max over the repetitions, and a
 * comparison as a ratio of medians with the spread of the paired ratios (one per repetition),
 * which shows how far the comparison swings between runs.
 */
import { spawn } from "node:child_process";

/** A quick smoke run: `--quick` on the command line, or BENCH_QUICK=1 (`pnpm bench --quick` sets it). */
export const QUICK = process.argv.includes("--quick") || process.env.BENCH_QUICK === "1";

/** How many repetitions: `full` normally, `quick` in a quick run. */
export const reps = (full: number, quick = 1): number => (QUICK ? quick : full);

export function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2;
}

export const ms = (n: number) => `${n.toFixed(n < 10 ? 2 : 0)} ms`;
export const us = (msValue: number) => `${(msValue * 1000).toFixed(1)} µs`;
export const seconds = (msValue: number) => `${(msValue / 1000).toFixed(2)} s`;
export const times = (r: number) => `${r.toFixed(2)}×`;

/** "min / median / max" of some figures, each shown by `show` (ms by default). */
export function spread(values: number[], show: (x: number) => string = ms): string {
  return `${show(Math.min(...values))} / ${show(median(values))} / ${show(Math.max(...values))}`;
}

/**
 * Run every case once per repetition, in order — A B A B …, never all A then all B — and
 * collect each case's results.
 */
export async function interleave<K extends string, T>(repetitions: number, cases: Record<K, () => Promise<T>>): Promise<Record<K, T[]>> {
  const names = Object.keys(cases) as K[];
  const results = Object.fromEntries(names.map((k) => [k, [] as T[]])) as Record<K, T[]>;
  for (let i = 0; i < repetitions; i++) for (const name of names) results[name].push(await cases[name]());
  return results;
}

/** a / b for each repetition (a[i] and b[i] ran side by side). */
export const pairedRatios = (a: number[], b: number[]): number[] => a.map((x, i) => x / b[i]!);

/** The ratio of the medians. */
export const ratio = (a: number[], b: number[]): number => median(a) / median(b);

/** "1.23× (paired: 1.10× / 1.22× / 1.40×)": the ratio of medians, and how the per-repetition ratio spread. */
export function compare(a: number[], b: number[]): string {
  const single = a.length < 2 ? "" : ` (paired runs: ${spread(pairedRatios(a, b), times)})`;
  return `${times(ratio(a, b))}${single}`;
}

/** Run a command to completion and return its wall time in ms (throws on a non-zero exit). */
export function timeCommand(command: string, args: string[], options: { cwd?: string; env?: NodeJS.ProcessEnv } = {}): Promise<number> {
  const started = performance.now();
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, { cwd: options.cwd, env: options.env ?? process.env, stdio: ["ignore", "ignore", "pipe"] });
    let stderr = "";
    child.stderr.on("data", (c: Buffer) => (stderr += c));
    child.on("error", reject);
    child.on("close", (code) =>
      code === 0 ? resolve(performance.now() - started) : reject(new Error(`${command} ${args.join(" ")} exited ${code}: ${stderr.slice(-500)}`)),
    );
  });
}
