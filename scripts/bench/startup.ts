/**
 * Benchmark: start to exit of one offline `--print` round (one scripted answer, no tool) for
 * s01 and s12, as a student starts them — `node scripts/start.mjs sNN` (the cached bundle) and
 * `pnpm -s --filter sNN start` (the same, through pnpm) — beside `node -e 0`. The runs are
 * interleaved (one of each, then again), so a busy moment of the machine hits every row alike.
 * Targets: s12 within 1.5× of s01; s01 under 3× `node -e 0`.
 *
 *   pnpm exec tsx scripts/bench/startup.ts
 */
import { mkdir, mkdtemp, rm, writeFile } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { median, timeCommand } from "./lib.ts";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../..");
const RUNS = 9;
const PROMPT = "Say hi.";

const tmp = await mkdtemp(path.join(os.tmpdir(), "bench-startup-"));
const script = path.join(tmp, "one-round.yaml");
await writeFile(script, `prompt: ${JSON.stringify(PROMPT)}\nturns:\n  - content: [ { type: text, text: "Hi." } ]\n`);
const workspace = path.join(tmp, "workspace");
// No key in the environment: the run is offline, whatever the shell has set.
const env = Object.fromEntries(Object.entries(process.env).filter(([k]) => !k.startsWith("ANTHROPIC_")));
const round = ["--print", PROMPT, "--model-script", script, "--cwd", workspace];

const rows: { label: string; command: string; args: string[] }[] = [
  { label: "node -e 0", command: "node", args: ["-e", "0"] },
  { label: "s01: node scripts/start.mjs s01 --print", command: "node", args: ["scripts/start.mjs", "s01", ...round] },
  { label: "s12: node scripts/start.mjs s12 --print", command: "node", args: ["scripts/start.mjs", "s12", ...round] },
  { label: "s01: pnpm -s --filter s01 start -- --print", command: "pnpm", args: ["-s", "--filter", "s01", "start", "--", ...round] },
  { label: "s12: pnpm -s --filter s12 start -- --print", command: "pnpm", args: ["-s", "--filter", "s12", "start", "--", ...round] },
];

await mkdir(workspace);
// One run of each first: it builds a bundle whose sources changed, and warms the disk cache.
for (const row of rows) await timeCommand(row.command, row.args, { cwd: root, env });
const times = rows.map(() => [] as number[]);
for (let i = 0; i < RUNS; i++) {
  for (const [n, row] of rows.entries()) times[n]!.push(await timeCommand(row.command, row.args, { cwd: root, env }));
}
await rm(tmp, { recursive: true, force: true });

const s = (ms: number) => `${(ms / 1000).toFixed(2)} s`;
const medians = times.map(median);
console.log(`Offline --print, one round, start to exit: min / median / max of ${RUNS} interleaved runs`);
for (const [n, row] of rows.entries()) {
  const t = times[n]!;
  console.log(`  ${s(Math.min(...t))} / ${s(medians[n]!)} / ${s(Math.max(...t))}  ${row.label}`);
}
const [node0, s01, s12, pnpm01, pnpm12] = medians as [number, number, number, number, number];
console.log(`  s12 / s01 (node): ${(s12 / s01).toFixed(2)}× (target ≤ 1.5×); s01 / node -e 0: ${(s01 / node0).toFixed(2)}× (target < 3×)`);
console.log(`  pnpm's own start-up: +${s(pnpm01 - s01)} (s01), +${s(pnpm12 - s12)} (s12)`);
