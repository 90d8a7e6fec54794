/**
 * Benchmark: loading the bash parser s03 uses (@learn/bash-analysis: web-tree-sitter + the
 * tree-sitter-bash grammar, both WebAssembly) the first time, in a fresh Node process each run —
 * the cost every s03 session pays once at start-up, before its first permission decision. Then parsing, once loaded.
 * 10 fresh processes, one after another (no peer to interleave with); every figure printed as
 * min / median / max over them. Targets: first load under 100 ms, and a 1 ms timer right after
 * the first parse firing within 50 ms (medians).
 *
 *   pnpm bench bash-parser-load        (--quick: 2 processes)
 */
import { spawn } from "node:child_process";
import path from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";
import { median, reps, spread, us } from "./lib.ts";
import { figure } from "./figures.ts";

const RUNS = reps(10, 2);
const loader = pathToFileURL(path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../../packages/bash-analysis/src/parser.ts")).href;

// The child imports the loader module (its top-level await is the load; the module times it),
// checks the parser works, then times parses of a typical command line. The whole import also
// includes tsx compiling the TypeScript, which a real session pays for every module anyway.
const child = `
const started = performance.now();
const { withSyntaxTree, parserLoadMs: loadMs } = await import(${JSON.stringify(loader)});
const importMs = performance.now() - started;
const type = withSyntaxTree("ls", (root) => root.type);
if (type !== "program") throw new Error("the parser did not load: " + JSON.stringify(type));
// How long a 1 ms timer waits right after the first parse: the main thread must stay free
// (V8 recompiling the grammar with its optimizing compiler once blocked it for over a second).
const tick = performance.now();
await new Promise((r) => setTimeout(r, 1));
const stallMs = performance.now() - tick;
const line = "cd shop && timeout 60 npm test -- --watch=false 2>&1 | tee test.log; echo \\"done: $(date)\\"";
const times = [];
for (let i = 0; i < 2000; i++) { const t = performance.now(); withSyntaxTree(line, (root) => root.childCount); times.push(performance.now() - t); }
times.sort((a, b) => a - b);
console.log(JSON.stringify({ loadMs, importMs, parseMs: times[times.length >> 1], stallMs }));
`;

type Run = { loadMs: number; importMs: number; parseMs: number; stallMs: number };

function runChild(): Promise<Run> {
  return new Promise((resolve, reject) => {
    const proc = spawn("node", ["--import", "tsx", "--input-type=module", "-e", child], { stdio: ["ignore", "pipe", "pipe"] });
    let out = "";
    let err = "";
    proc.stdout.on("data", (c: Buffer) => (out += c));
    proc.stderr.on("data", (c: Buffer) => (err += c));
    proc.on("error", reject);
    proc.on("close", (code) => (code === 0 ? resolve(JSON.parse(out.trim().split("\n").at(-1)!)) : reject(new Error(`child exited ${code}: ${err.slice(-500)}`))));
  });
}

const runs: Run[] = [];
for (let i = 0; i < RUNS; i++) runs.push(await runChild());
const of = (key: keyof Run) => runs.map((r) => r[key]);
console.log(`bash parser (web-tree-sitter + tree-sitter-bash), min / median / max of ${RUNS} fresh processes`);
console.log(`  first load (WebAssembly runtime + grammar): ${figure("bash-parser-load.load", spread(of("loadMs")))}  (target: median < 100 ms)`);
console.log(`  the whole first import, tsx compiling the module included: ${figure("bash-parser-load.import", spread(of("importMs")))}`);
console.log(`  one parse of a compound command line, once loaded (each process's median): ${figure("bash-parser-load.parse", spread(of("parseMs"), us))}`);
console.log(`  a 1 ms timer right after the first parse fires after: ${spread(of("stallMs"))}  (target: median < 50 ms: the main thread stays free)`);
if (median(of("stallMs")) >= 50) {
  console.error("the main thread stalls after the first parse");
  process.exitCode = 1;
}
if (median(of("loadMs")) >= 100) {
  console.error("the parser's first load is over the 100 ms target");
  process.exitCode = 1;
}
