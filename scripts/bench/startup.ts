/**
 * Benchmark: an offline `--print` run of s01, from process start to exit.
 * Target: median under 1.5 s. `node -e 0` and a bare tsx script are shown for scale.
 *
 *   pnpm exec tsx scripts/bench/startup.ts
 */
import { mkdtemp, rm, writeFile } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { medianOf, ms } from "./lib.ts";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../..");
const tsx = path.join(root, "node_modules/.bin/tsx");
// What `pnpm start` runs: node with tsx's loader (no extra tsx CLI process in between).
const lessonNode = (...args: string[]) => ["--import", "tsx", ...args];
const RUNS = 7;
const PROMPT = "Create hello.js that prints Hello Agent, run it, and tell me what it printed.";

const tmp = await mkdtemp(path.join(os.tmpdir(), "bench-startup-"));
const bare = path.join(tmp, "bare.ts");
await writeFile(bare, "const x: number = 1;\nconsole.log(x);\n");
// No key in the environment: the run is offline, whatever the shell has set.
const env = Object.fromEntries(Object.entries(process.env).filter(([k]) => !k.startsWith("ANTHROPIC_")));

const rows: [string, number][] = [
  ["node -e 0", await medianOf(RUNS, "node", ["-e", "0"])],
  ["tsx bare.ts (tsx CLI, a one-line TypeScript file)", await medianOf(RUNS, tsx, [bare])],
  ["node --import tsx bare.ts (the same without the CLI's extra process)", await medianOf(RUNS, "node", lessonNode(bare), { cwd: root })],
  [
    "node --import tsx src/main.ts --print (s01 offline: 3 model calls, 2 bash runs)",
    await medianOf(RUNS, "node", lessonNode("src/main.ts", "--print", PROMPT, "--cwd", tmp), { cwd: path.join(root, "packages/s01-loop"), env }),
  ],
  [
    "pnpm --filter s01 start -- --print (the same, through pnpm)",
    await medianOf(RUNS, "pnpm", ["--filter", "s01", "start", "--", "--print", PROMPT, "--cwd", tmp], { cwd: root, env }),
  ],
];
await rm(tmp, { recursive: true, force: true });

console.log(`Offline --print of s01 to exit, median of ${RUNS} runs (target: under 1500 ms)`);
for (const [label, time] of rows) console.log(`  ${ms(time).padStart(9)}  ${label}`);
