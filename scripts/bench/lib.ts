/** Small helpers shared by the benchmark scripts: timing, medians, and running a command. */
import { spawn } from "node:child_process";

export function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2;
}

export const ms = (n: number) => `${n.toFixed(n < 10 ? 2 : 0)} ms`;

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

/** Median wall time of `runs` runs of a command (after one warm-up run). */
export async function medianOf(runs: number, command: string, args: string[], options?: { cwd?: string; env?: NodeJS.ProcessEnv }): Promise<number> {
  await timeCommand(command, args, options);
  const times: number[] = [];
  for (let i = 0; i < runs; i++) times.push(await timeCommand(command, args, options));
  return median(times);
}
