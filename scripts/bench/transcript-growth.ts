/**
 * Benchmark: how big lesson 15's transcript grows in a long session, and what of it is the
 * writer's branches — no timing, bytes only (the same figures every run).
 *
 * A scripted 200-round session on the lesson's own agent (one `read_file` of shop/src/cart.js
 * each round, then an answer; default settings, so s07's micro-compaction replaces old results
 * in batches of 8). Each batch changes the conversation in place, several rounds back: the
 * writer never rewrites a line, so it branches off where the conversation still agrees and
 * writes the rest again (src/transcript/writer.ts). Reported: the file's size and lines; how much
 * of it is the path a resume reads (the conversation now) and how much is branches left behind;
 * how much is written again unchanged (what branching itself costs: the rest off the path is
 * every result as it first came, whole, which an append-only record keeps anyway); and the size
 * of the conversation itself, as the last request carried it.
 *
 *   pnpm bench transcript-growth
 */
import { mkdtemp, readdir, readFile, rm } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { copyPracticeWorkspace } from "@learn/core/harness";
import { scriptedAgent } from "@learn/core/testing";
import { lesson, loadTranscript, projectDir } from "@learn/s15";
import { figure } from "./figures.ts";

/** 200 for the figures; ROUNDS=100 shows the growth is linear (half the bytes, near enough). */
const ROUNDS = Number(process.env.ROUNDS ?? 200);
const kb = (bytes: number) => `${Math.round(bytes / 1000).toLocaleString("en-US")} KB`;

const ws = await copyPracticeWorkspace("bench-transcript-growth");
const sessions = await mkdtemp(path.join(os.tmpdir(), "bench-transcript-growth-"));
try {
  const script = {
    turns: [
      { repeat: ROUNDS, content: [{ type: "tool_use" as const, name: "read_file", input: { path: "shop/src/cart.js" } }] },
      { content: [{ type: "text" as const, text: `Read it ${ROUNDS} times.` }] },
    ],
  };
  const { agent, simulator } = await scriptedAgent(lesson, script, ws, { flags: { "sessions-dir": sessions } });
  try {
    await agent.run("Read shop/src/cart.js, again and again.", new AbortController().signal);
  } finally {
    await agent.close?.();
  }
  if (simulator.remaining() !== 0) throw new Error(`the session stopped early: ${simulator.remaining()} turns left`);

  const dir = projectDir(sessions, ws);
  const [name] = (await readdir(dir)).filter((f) => f.endsWith(".jsonl"));
  const file = path.join(dir, name!);
  const text = await readFile(file, "utf8");
  const lines = text.trimEnd().split("\n");
  const loaded = await loadTranscript(file, name!.slice(0, -".jsonl".length));
  const onPath = new Set(loaded.path?.map((e) => e.uuid));
  const pathBytes = lines.filter((l) => onPath.has((JSON.parse(l) as { uuid?: string }).uuid ?? "")).reduce((n, l) => n + Buffer.byteLength(l) + 1, 0);
  const bytes = Buffer.byteLength(text);
  // A line whose message was written before (a branch writes again what did not change): the branches' real cost.
  const seen = new Set<string>();
  let repeated = 0;
  for (const line of lines) {
    const message = JSON.stringify((JSON.parse(line) as { message?: unknown }).message ?? null);
    if (message !== "null" && seen.has(message)) repeated += Buffer.byteLength(line) + 1;
    seen.add(message);
  }
  const last = simulator.requests.at(-1)!.body as { messages: unknown[] };
  const conversation = Buffer.byteLength(JSON.stringify(last.messages));

  console.log(`${simulator.requests.length} requests; the transcript: ${figure("transcript-growth.bytes", kb(bytes))} in ${figure("transcript-growth.lines", lines.length.toLocaleString("en-US"))} lines`);
  console.log(`  on the path a resume reads: ${kb(pathBytes)} (${onPath.size} messages); branches left behind: ${figure("transcript-growth.branches", `${Math.round((100 * (bytes - pathBytes)) / bytes)} %`)} of the bytes (${lines.length - onPath.size} lines)`);
  console.log(`  written again unchanged (the branches' own cost): ${figure("transcript-growth.repeated", `${Math.round((100 * repeated) / bytes)} %`)} of the bytes; the rest of what is off the path is each result as it first came, whole`);
  console.log(`  the conversation the last request carried: ${kb(conversation)}; the file is ${figure("transcript-growth.ratio", `${(bytes / conversation).toFixed(1)}×`)} that`);
} finally {
  await rm(ws, { recursive: true, force: true });
  await rm(sessions, { recursive: true, force: true });
}
