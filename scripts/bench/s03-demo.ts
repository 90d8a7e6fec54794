/**
 * Benchmark: start to exit of s03's first demo prompt, offline — what a student waits for
 * when they run the lesson's demo: the process starts (the cached bundle), loads the bash
 * parser, and plays four rounds (a denied `rm -rf`, a write, `node hello.js` through bash and
 * the logging hook, the answer) with the demo's own model script (demo/guarded.yaml).
 * Beside it, the same start with a one-answer script and no tool, so the difference is the
 * demo's own work. Each run gets a fresh copy of practice-workspace/ (made before the clock
 * starts). The two run interleaved (demo, one answer, demo, one answer …), 7 times after one
 * warm-up run of each; min / median / max of each, and the difference of the medians.
 *
 *   pnpm bench s03-demo        (--quick: 2 repetitions)
 */
import { mkdtemp, readFile, rm, writeFile } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { copyPracticeWorkspace } from "@learn/core/harness";
import { parse as parseYaml } from "yaml";
import { interleave, median, ms, reps, seconds, spread, timeCommand } from "./lib.ts";
import { figure } from "./figures.ts";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../..");
const RUNS = reps(7, 2);
const demo = path.join(root, "packages/s03-hooks/demo/guarded.yaml");
const firstPrompt = (parseYaml(await readFile(demo, "utf8")) as { prompt: string[] }).prompt[0]!;

const tmp = await mkdtemp(path.join(os.tmpdir(), "bench-s03-demo-"));
const oneAnswer = path.join(tmp, "one-answer.yaml");
await writeFile(oneAnswer, "turns:\n  - content: [ { type: text, text: Hi. } ]\n");
// No key in the environment, whatever the shell has set: the model script is the model.
const env = Object.fromEntries(Object.entries(process.env).filter(([k]) => !k.startsWith("ANTHROPIC_")));

/** One `--print` of s03 with `script`, in a fresh copy of the practice workspace. */
async function print(prompt: string, script: string): Promise<number> {
  const cwd = await copyPracticeWorkspace("bench-s03-demo");
  try {
    return await timeCommand("node", ["scripts/start.mjs", "s03", "--print", prompt, "--model-script", script, "--cwd", cwd], { cwd: root, env });
  } finally {
    await rm(cwd, { recursive: true, force: true });
  }
}

const cases = { demo: () => print(firstPrompt, demo), "one answer": () => print("Say hi.", oneAnswer) };
try {
  for (const run of Object.values(cases)) await run(); // builds the bundle if its sources changed; warms the disk cache
  const results = await interleave(RUNS, cases);
  console.log(`s03 offline --print, start to exit (node scripts/start.mjs s03), min / median / max of ${RUNS} interleaved runs:`);
  console.log(`  the demo's first prompt (4 rounds, the hook, bash)   ${figure("s03-demo.demo", spread(results.demo, seconds))}`);
  console.log(`  one answer, no tool (start-up alone)                 ${figure("s03-demo.one-answer", spread(results["one answer"], seconds))}`);
  console.log(`  the demo's own work (difference of the medians): ${figure("s03-demo.own-work", ms(median(results.demo) - median(results["one answer"])))}`);
} finally {
  await rm(tmp, { recursive: true, force: true });
}
