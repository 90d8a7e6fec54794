/**
 * Benchmark: start to exit of one `--print` round (one answer, no tool) — the lessons as a
 * student starts them, and the real Claude Code as the peer — beside `node -e 0`.
 *
 * Two ways to get the answer:
 *   offline  the course's own offline model (`--model-script`), in the process
 *   HTTP     a local endpoint that answers every request with the same text at once
 *            (claude-code/fixed-answer-endpoint.ts): the course with a key and ANTHROPIC_BASE_URL,
 *            Claude Code with the same (`claude -p`), so both pay the same network hop
 * The lessons start through `node scripts/start.mjs sNN` (the cached bundle) and through
 * `pnpm -s --filter sNN start` (the same, plus pnpm's own start-up). The runs are interleaved
 * (one of each row, then again), so a busy moment of the machine hits every row alike.
 *
 * Targets, on the medians: s12 over HTTP at most 0.8× Claude Code's; s01 at most 0.7× of it.
 * Claude Code is installed on first use (scripts/claude-code/binary.ts); without the registry
 * its row is left out, saying so.
 *
 *   pnpm exec tsx scripts/bench/startup.ts        RUNS=15 for more runs
 */
import { mkdir, mkdtemp, rm, writeFile } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { claudeCodeBinary, claudeCodeEnv, CLAUDE_CODE_VERSION } from "../claude-code/binary.ts";
import { serveFixedAnswer } from "../claude-code/fixed-answer-endpoint.ts";
import { figure } from "./figures.ts";
import { median, timeCommand } from "./lib.ts";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../..");
const RUNS = Number(process.env.RUNS ?? 9);
const PROMPT = "Say hi.";
const ANSWER = "Hi.";

const tmp = await mkdtemp(path.join(os.tmpdir(), "bench-startup-"));
const script = path.join(tmp, "one-round.yaml");
await writeFile(script, `prompt: ${JSON.stringify(PROMPT)}\nturns:\n  - content: [ { type: text, text: ${JSON.stringify(ANSWER)} } ]\n`);
const workspace = path.join(tmp, "workspace");
const home = path.join(tmp, "home");
await mkdir(workspace);
await mkdir(home);
const endpoint = await serveFixedAnswer(ANSWER);

// Offline: no key in the environment, whatever the shell has set. HTTP: the endpoint and a test key.
const offlineEnv = Object.fromEntries(Object.entries(process.env).filter(([k]) => !k.startsWith("ANTHROPIC_")));
const httpEnv = { ...offlineEnv, ANTHROPIC_BASE_URL: endpoint.url, ANTHROPIC_API_KEY: "sk-ant-test-local-endpoint", MODEL_ID: "fixed-answer", LEARN_ENV_FILE: "none" };
const offline = ["--print", PROMPT, "--model-script", script, "--cwd", workspace];
const overHttp = ["--print", PROMPT, "--cwd", workspace];

/** `key` names the row's figure in the README (figures.ts). */
interface Row { key: string; label: string; command: string; args: string[]; env: NodeJS.ProcessEnv; cwd: string }
const rows: Row[] = [
  { key: "node", label: "node -e 0", command: "node", args: ["-e", "0"], env: offlineEnv, cwd: root },
  { key: "s01.offline", label: "s01 offline: node scripts/start.mjs s01 --print", command: "node", args: ["scripts/start.mjs", "s01", ...offline], env: offlineEnv, cwd: root },
  { key: "s12.offline", label: "s12 offline: node scripts/start.mjs s12 --print", command: "node", args: ["scripts/start.mjs", "s12", ...offline], env: offlineEnv, cwd: root },
  { key: "s01.http", label: "s01 HTTP: node scripts/start.mjs s01 --print", command: "node", args: ["scripts/start.mjs", "s01", ...overHttp], env: httpEnv, cwd: root },
  { key: "s12.http", label: "s12 HTTP: node scripts/start.mjs s12 --print", command: "node", args: ["scripts/start.mjs", "s12", ...overHttp], env: httpEnv, cwd: root },
  { key: "s01.pnpm", label: "s01 offline: pnpm -s --filter s01 start -- --print", command: "pnpm", args: ["-s", "--filter", "s01", "start", "--", ...offline], env: offlineEnv, cwd: root },
  { key: "s12.pnpm", label: "s12 offline: pnpm -s --filter s12 start -- --print", command: "pnpm", args: ["-s", "--filter", "s12", "start", "--", ...offline], env: offlineEnv, cwd: root },
];
const claude = await claudeCodeBinary().catch((err: Error) => {
  console.log(`(Claude Code left out: ${err.message})`);
  return undefined;
});
if (claude) rows.push({ key: "claude-code.http", label: `Claude Code ${CLAUDE_CODE_VERSION} HTTP: claude -p`, command: claude, args: ["-p", PROMPT], env: claudeCodeEnv(home, endpoint.url), cwd: workspace });

try {
  // One run of each first: it builds a bundle whose sources changed, and warms the disk cache.
  for (const row of rows) await timeCommand(row.command, row.args, row);
  const times = rows.map(() => [] as number[]);
  for (let i = 0; i < RUNS; i++) {
    for (const [n, row] of rows.entries()) times[n]!.push(await timeCommand(row.command, row.args, row));
  }
  report(times);
} finally {
  await endpoint.close();
  await rm(tmp, { recursive: true, force: true });
}

function report(times: number[][]): void {
  const s = (ms: number) => `${(ms / 1000).toFixed(2)} s`;
  const medians = times.map(median);
  const at = (label: string) => medians[rows.findIndex((r) => r.label.startsWith(label))]!;
  console.log(`One --print round, start to exit: min / median / max of ${RUNS} interleaved runs`);
  for (const [n, row] of rows.entries()) console.log(`  ${figure(`startup.${row.key}`, `${s(Math.min(...times[n]!))} / ${s(medians[n]!)} / ${s(Math.max(...times[n]!))}`)}  ${row.label}`);
  console.log(`  s12 / s01 (offline): ${(at("s12 offline: node") / at("s01 offline: node")).toFixed(2)}×; s01 / node -e 0: ${(at("s01 offline: node") / at("node -e 0")).toFixed(2)}×`);
  // pnpm's own start-up, as the README words it: the smaller and the larger of the two differences.
  const overheads = [at("s01 offline: pnpm") - at("s01 offline: node"), at("s12 offline: pnpm") - at("s12 offline: node")].sort((a, b) => a - b);
  console.log(`  pnpm's own start-up (medians, s01 and s12): ${figure("startup.pnpm-overhead", `+${s(overheads[0]!)} to +${s(overheads[1]!)}`)}`);
  if (!claude) return;
  const cc = at("Claude Code");
  const s12 = at("s12 HTTP") / cc;
  const s01 = at("s01 HTTP") / cc;
  console.log(`  against Claude Code (HTTP, medians): s12 ${figure("startup.s12.ratio", `${s12.toFixed(2)}×`)} (target ≤ 0.8: ${s12 <= 0.8 ? "met" : "MISSED"}), s01 ${figure("startup.s01.ratio", `${s01.toFixed(2)}×`)} (target ≤ 0.7: ${s01 <= 0.7 ? "met" : "MISSED"})`);
}
