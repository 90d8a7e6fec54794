/**
 * Benchmark: what the practice workspace's PreToolUse hook costs per round. s03's agent reads a
 * small file 20 times (one read_file a round) in a fresh copy of practice-workspace/, with:
 *   - no command hook at all (the rules alone),
 *   - the logging hook as shipped: `sh .claude/hooks/log-tool.sh`,
 *   - the same hook written in Node (`node .claude/hooks/log-tool.mjs`), as it was before.
 * The three are interleaved, seven times; each figure is the time per round (wall time of the
 * session / rounds), min / median / max over the seven.
 *
 *   pnpm exec tsx scripts/bench/practice-hook.ts        (REPEATS=1 for a quick look)
 */
import { readFile, rm, writeFile } from "node:fs/promises";
import path from "node:path";
import { copyPracticeWorkspace } from "@learn/core/harness";
import type { Script } from "@learn/core/simulator";
import { scriptedAgent } from "@learn/core/testing";
import { lesson } from "@learn/s03";
import { median, ms } from "./lib.ts";
import { figure } from "./figures.ts";

const ROUNDS = 20;
const REPEATS = Number(process.env.REPEATS ?? 7);

const NODE_HOOK = `import { appendFileSync, readFileSync } from "node:fs";
appendFileSync(".claude/tool-log.jsonl", readFileSync(0, "utf8").trim() + "\\n");
`;

function script(): Script {
  const turns: Script["turns"] = [];
  for (let i = 0; i < ROUNDS; i++) turns.push({ content: [{ type: "tool_use", name: "read_file", input: { path: "shop/src/cart.js" } }] });
  turns.push({ content: [{ type: "text", text: "done" }] });
  return { turns };
}

type Setup = "no hook" | "sh hook" | "node hook";

/** A fresh copy of the practice workspace with the hook `setup` names. */
async function workspaceFor(setup: Setup): Promise<string> {
  const dir = await copyPracticeWorkspace("bench-hook");
  const file = path.join(dir, ".claude/settings.json");
  const settings = JSON.parse(await readFile(file, "utf8")) as { hooks?: unknown };
  if (setup === "no hook") delete settings.hooks;
  if (setup === "node hook") {
    await writeFile(path.join(dir, ".claude/hooks/log-tool.mjs"), NODE_HOOK);
    settings.hooks = { PreToolUse: [{ matcher: "*", hooks: [{ type: "command", command: "node .claude/hooks/log-tool.mjs", timeout: 10 }] }] };
  }
  await writeFile(file, JSON.stringify(settings));
  return dir;
}

/** Time per round of one session of ROUNDS reads. */
async function perRound(setup: Setup): Promise<number> {
  const dir = await workspaceFor(setup);
  try {
    const { agent } = await scriptedAgent(lesson, script(), dir);
    const started = performance.now();
    const answer = await agent.run("go", new AbortController().signal);
    const elapsed = performance.now() - started;
    if (answer !== "done") throw new Error(`${setup}: unexpected answer ${answer}`);
    if (setup !== "no hook") {
      const logged = (await readFile(path.join(dir, ".claude/tool-log.jsonl"), "utf8")).trim().split("\n");
      if (logged.length !== ROUNDS) throw new Error(`${setup}: the hook logged ${logged.length} calls, not ${ROUNDS}`);
    }
    return elapsed / ROUNDS;
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

const setups: Setup[] = ["no hook", "sh hook", "node hook"];
const times = new Map<Setup, number[]>(setups.map((s) => [s, []]));
await perRound("sh hook"); // warm-up: the bash parser, the SDK, the file cache
for (let i = 0; i < REPEATS; i++) for (const setup of setups) times.get(setup)!.push(await perRound(setup));

console.log(`Time per round, s03's agent, ${ROUNDS} read_file rounds in a copy of practice-workspace/ (min / median / max of ${REPEATS}, interleaved)`);
for (const setup of setups) {
  const t = times.get(setup)!;
  console.log(`  ${setup.padEnd(10)} ${figure(`practice-hook.${setup.replaceAll(" ", "-")}`, `${ms(Math.min(...t))} / ${ms(median(t))} / ${ms(Math.max(...t))}`)}`);
}
const ratio = median(times.get("node hook")!) / median(times.get("sh hook")!);
console.log(`  the node hook costs ${figure("practice-hook.node-over-sh", `${ratio.toFixed(1)}×`)} the sh hook per round (medians)`);
