/**
 * Every lesson's REPL `/demo`, twice, as a student runs it at the practice workspace: the REPL
 * (core's Repl, fed line by line), the lesson's agent with its demo flags, the real SDK on the
 * simulator, and a temporary repository laid out like the course's — `practice-workspace/`
 * watched by the write ledger, `pnpm reset` (the real script) beside it.
 *
 *   /demo … /demo          every prompt of the demo, each after the last turn (and the
 *                          teammates' turns it set off) has ended
 *   pnpm reset             from "another terminal", the REPL still open
 *   /clear, /demo … /demo  the same demo again: the freshness check lets it through, and it
 *                          runs as the first time did
 *
 * s12 prepares a fresh copy of its own for every session (its workspace must be a repository of
 * its own), and so do s14–s16 (s14's copy has the sandbox on): there the second run is a second
 * session. s14 needs a sandbox that starts (bubblewrap): without one its case fails, and says so.
 * Each lesson runs alone, in sequence; the waits poll for the end of the lesson's turns with a
 * limit, never a measure of speed.
 */
import { spawnSync } from "node:child_process";
import { cpSync, mkdirSync, writeFileSync } from "node:fs";
import { mkdtemp, rm } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { PassThrough } from "node:stream";
import { describe, expect, it } from "vitest";
import type { Lesson } from "@learn/core/harness";
import { lessonWorkspace, Repl } from "@learn/core/harness";
import { loadScript, type Script } from "@learn/core/simulator";
import { practiceRepoCopy, scriptedModel } from "@learn/core/testing";
import { repoRoot } from "../../packages/core/src/platform/config.ts";
import { demoReplayRefusal } from "../../packages/core/src/app/workspace-drift.ts";

const LESSONS = [
  "s01-loop",
  "s02-tools",
  "s03-hooks",
  "s04-todo",
  "s05-subagent",
  "s06-skills",
  "s07-compact",
  "s08-tasks",
  "s09-background",
  "s10-teams",
  "s11-autonomy",
  "s12-worktree",
  "s13-mcp",
  "s14-sandbox",
  "s15-sessions",
  "s16-goal",
  "s17-workflows",
];

/** A limit for one demo run to end, not a measure: a demo that hangs fails here instead. */
const RUN_LIMIT_MS = Number(process.env.LEARN_DEMO_LIMIT_MS ?? 120_000);

const git = (cwd: string, ...args: string[]) =>
  spawnSync("git", ["-c", "user.name=Test", "-c", "user.email=test@example.invalid", "-c", "commit.gpgsign=false", ...args], { cwd, encoding: "utf8" });

/** A REPL session on the lesson's demo, in `cwd`: lines go in one at a time, as a person types them. */
async function replSession(lesson: Lesson, script: Script, cwd: string, userDir: string) {
  const { model, simulator, renderer } = scriptedModel(script);
  const agent = await lesson.createAgent({ model, cwd, renderer, interactive: false, ask: async () => "n", flags: { ...lesson.demoFlags }, userDir });
  const input = new PassThrough();
  const output = new PassThrough();
  let screen = "";
  output.on("data", (chunk: Buffer) => (screen += chunk.toString()));
  const prompts = Array.isArray(script.prompt) ? script.prompt : [script.prompt as string];
  const repl = new Repl({
    agent,
    renderer,
    input,
    output,
    terminal: false,
    demoPrompts: prompts,
    offlinePrompts: prompts,
    onClear: () => simulator.restart(),
    // What the command line checks before a replay (modes.ts): a used workspace refuses /demo.
    beforeDemo: () => demoReplayRefusal(lesson, cwd, script, false),
  });
  const done = repl.start();
  const busy = () => (repl as unknown as { busy: boolean }).busy;
  const errors = () => renderer.ofKind("error").map((e) => e.text);

  /** Type each line; resolve once the script has been answered to its end, no turn runs and no teammate works. */
  async function type(lines: string[]): Promise<void> {
    for (const line of lines) input.write(`${line}\n`);
    const deadline = Date.now() + RUN_LIMIT_MS;
    while (simulator.remaining() > 0 || busy() || agent.working?.()) {
      if (Date.now() > deadline) {
        throw new Error(`${lesson.id}: the demo did not end; ${simulator.remaining()} scripted answers left.\n${screen}\nred lines: ${errors().join("\n")}\nrequests served: ${simulator.requests.map((r) => `${r.agent} ${r.status}`).join(", ")}`);
      }
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
  }
  const close = async () => {
    input.end();
    await done;
  };
  return { type, close, simulator, errors, prompts, script, screen: () => screen };
}

/** Each request the simulator answered this run: all valid, the script answered to its end. */
function expectRunOk(id: string, run: number, s: Awaited<ReturnType<typeof replSession>>, from: number): number {
  const requests = s.simulator.requests.slice(from);
  expect(s.errors(), `${id} run ${run}: no red lines on the screen\n${s.screen()}`).toEqual([]);
  expect(requests.length, `${id} run ${run}: the demo sent requests`).toBeGreaterThan(0);
  // A fault the script injects on purpose (s07's 529) is answered as written; nothing else may fail.
  const injected = new Set(s.script.turns.flatMap((t) => ((t as { error?: { status?: number } }).error?.status ?? [])));
  expect(requests.filter((r) => r.status !== 200 && !injected.has(r.status)).map((r) => r.status), `${id} run ${run}: every request valid`).toEqual([]);
  expect(s.simulator.remaining(), `${id} run ${run}: the script answered to its end`).toBe(0);
  return s.simulator.requests.length;
}

describe("every lesson's REPL /demo, twice in a row", () => {
  it.each(LESSONS)("%s", async (dir) => {
    const { lesson } = (await import(path.join(repoRoot(), "packages", dir, "src", "index.ts"))) as { lesson: Lesson };
    // A demo that needs something this machine lacks (s14: a sandbox that starts) fails, and says
    // what: it never passes without having run.
    const missing = await lesson.demoNeeds?.();
    if (missing) throw new Error(`${lesson.id}: the demo cannot run here: ${missing}`);
    const script = await loadScript(lesson.demoScripts[0]!);
    const userDir = await mkdtemp(path.join(os.tmpdir(), "learn-demo-user-")); // no student's ~/.claude in a demo

    try {
      if (lesson.workspace) {
        // A fresh prepared copy for each session, as `pnpm --filter s12 start` makes one.
        for (const run of [1, 2]) {
          const cwd = await lessonWorkspace(lesson, `${lesson.id}-repl-test`);
          const s = await replSession(lesson, script, cwd, userDir);
          try {
            await s.type(s.prompts.map(() => "/demo"));
            expectRunOk(lesson.id, run, s, 0);
          } finally {
            await s.close();
            await rm(cwd, { recursive: true, force: true });
          }
        }
        return;
      }

      const repo = await practiceRepoCopy();
      try {
        // `pnpm reset` needs the repository's commit of the template, as the course's clone has it.
        mkdirSync(path.join(repo.root, "scripts"));
        cpSync(path.join(repoRoot(), "scripts", "reset-workspace.mjs"), path.join(repo.root, "scripts", "reset-workspace.mjs"));
        writeFileSync(path.join(repo.root, ".gitignore"), "/*practice-workspace-ledger.json*\n");
        for (const args of [["init", "--quiet"], ["add", "--all"], ["commit", "--quiet", "--message", "the course"]]) {
          expect(git(repo.root, ...args).status).toBe(0);
        }
        const s = await replSession(lesson, script, repo.workspace, userDir);
        try {
          await s.type(s.prompts.map(() => "/demo"));
          const seen = expectRunOk(lesson.id, 1, s, 0);

          const reset = spawnSync(process.execPath, ["scripts/reset-workspace.mjs"], { cwd: repo.root, encoding: "utf8" });
          expect(reset.status, `${lesson.id}: pnpm reset\n${reset.stdout}${reset.stderr}`).toBe(0);

          await s.type(["/clear", ...s.prompts.map(() => "/demo")]);
          expectRunOk(lesson.id, 2, s, seen);
        } finally {
          await s.close();
        }
      } finally {
        await repo.cleanup();
      }
    } finally {
      await rm(userDir, { recursive: true, force: true });
    }
  }, 4 * RUN_LIMIT_MS);
});
