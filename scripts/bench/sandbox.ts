/**
 * Benchmark: what s14's sandbox adds to one command. The same command lines run plain (core's
 * runCommand, as s13 runs them) and inside the sandbox (the same call under s14's process
 * wrapper: the mounts looked up in the practice workspace, then bubblewrap), interleaved
 * plain / sandboxed, 30 times each; each figure is min / median / max, with the ratio of the
 * medians (and of each pair) and the time added. The lookup of the mounts alone (the walk of
 * the workspace against the Read deny rules) is timed apart. The figures go to REFERENCE.md
 * (figures.ts: `pnpm bench sandbox --write`).
 *
 *   pnpm bench sandbox           (needs bubblewrap; --quick for a smoke run)
 */
import { mkdtemp, rm } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { copyPracticeWorkspace, runCommand, withProcessWrapper } from "@learn/core/harness";
import { parseRule, policyFor, readableUnder } from "@learn/s03";
import { mountsFor, probeSandbox, sandboxWrapper, type DenialInputs } from "@learn/s14";
import { figure } from "./figures.ts";
import { compare, interleave, median, ms, reps, spread } from "./lib.ts";

const COMMANDS = ["true", "ls shop", "node -e 0"];
const REPS = reps(30, 2);

const ws = await copyPracticeWorkspace("bench-sandbox");
const tmp = await mkdtemp(path.join(os.tmpdir(), "learn-bench-sandbox-tmp-"));
try {
  const probe = await probeSandbox(ws);
  if (!probe.available) throw new Error(`the sandbox cannot start here: ${probe.reason}`);
  const policy = policyFor({ rules: { deny: [parseRule("Read(./.env)")], ask: [], allow: [] }, degraded: false }, "default", ".claude/settings.json").policy;
  const inputs: DenialInputs = { workspace: ws, tmp, readable: readableUnder(policy, ws), secretFiles: [], readDenials: [] };
  const sandbox = sandboxWrapper(() => inputs, []);
  const timed = async (run: () => Promise<unknown>) => {
    const start = performance.now();
    await run();
    return performance.now() - start;
  };
  console.log(`s14 sandbox: time per command, ${REPS} interleaved runs each (min / median / max)`);
  for (const command of COMMANDS) {
    const run = () => runCommand(command, { cwd: ws, timeoutMs: 30_000 });
    const r = await interleave(REPS, {
      plain: () => timed(run),
      sandboxed: () => timed(() => withProcessWrapper(sandbox, run)),
    });
    const id = `sandbox.${command.replace(/\W+/g, "-")}`;
    console.log(`  ${command.padEnd(10)} plain ${figure(`${id}.plain`, spread(r.plain))}   sandboxed ${figure(`${id}.sandboxed`, spread(r.sandboxed))}`);
    console.log(`  ${"".padEnd(10)} sandboxed / plain ${figure(`${id}.ratio`, compare(r.sandboxed, r.plain))}, +${figure(`${id}.added`, ms(median(r.sandboxed) - median(r.plain)))} a command (medians)`);
  }
  const lookups: number[] = [];
  for (let i = 0; i < REPS; i++) {
    const start = performance.now();
    mountsFor(inputs);
    lookups.push(performance.now() - start);
  }
  console.log(`  the mounts' lookup alone (the practice workspace walked): ${figure("sandbox.lookup", spread(lookups))}`);
} finally {
  await rm(ws, { recursive: true, force: true });
  await rm(tmp, { recursive: true, force: true });
}
