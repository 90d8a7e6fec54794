/**
 * A repository's own config can name programs for git to run: core.fsmonitor, hooks
 * (core.hooksPath or .git/hooks), a filter driver's smudge and clean, an include of another
 * file. The harness's own git calls — every worktree tool, plan mode's worktree_status
 * included — must run none of them: the ones an option can switch off are switched off, the
 * others make the call refuse, naming the key. Driven through the s12 agent (real SDK,
 * simulator, real git) in a temporary repository with the config planted and canary commands
 * that would each leave a file beside it.
 */
import { access, appendFile, chmod, mkdir, readdir, stat, utimes, writeFile } from "node:fs/promises";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { scriptedAgent, toolResultsOf } from "@learn/core/testing";
import { TaskBoard } from "@learn/s08";
import { lesson } from "../src/index.ts";
import { Worktrees } from "../src/worktrees/index.ts";
import { gitIn, runAll, text, use, useRepoWorkspace } from "./helpers.ts";

const ws = useRepoWorkspace();
const exists = (p: string) => access(p).then(() => true, () => false);

/** Where the canaries land: the test's temporary folder, beside the workspace. */
const canaryDir = () => path.dirname(ws.dir);
const canaries = async () => (await readdir(canaryDir())).filter((f) => f.startsWith("CANARY"));
const touch = (name: string) => `touch '${path.join(canaryDir(), `CANARY-${name}`)}'`;

/** Append to the repository's .git/config as the model might have, had it been let write there. */
const plant = (text: string) => appendFile(path.join(ws.dir, ".git", "config"), `\n${text}\n`);

/** A hook script (in `dir`) that leaves a canary when git runs it. */
async function hookScript(dir: string, hook: string): Promise<void> {
  await mkdir(dir, { recursive: true });
  await writeFile(path.join(dir, hook), `#!/bin/sh\n${touch(`hook-${hook}`)}\n`);
  await chmod(path.join(dir, hook), 0o755);
}

/** A worktree made before the config is planted (the manager, real git). */
async function worktreeBeforePlanting(name: string): Promise<void> {
  await new Worktrees(ws.dir, await TaskBoard.open(ws.dir)).create({ name });
}

/** Run these calls through the agent, one per round; their results and the questions asked. */
async function callsThroughAgent(calls: [string, Record<string, unknown>][], options: { flags?: Record<string, string>; answer?: string } = {}) {
  const asked: string[] = [];
  const turns = [...calls.map(([name, input]) => ({ content: [use(name, input)] })), { content: [text("done")] }];
  const scripted = await scriptedAgent(lesson, JSON.stringify({ turns }), ws.dir, {
    flags: { "idle-poll-ms": "50", ...options.flags },
    interactive: options.answer !== undefined,
    ask: async (q) => (asked.push(q), options.answer ?? "n"),
  });
  try {
    await runAll(scripted.agent, "go", scripted.renderer);
  } finally {
    await scripted.agent.close?.();
  }
  expect(scripted.simulator.remaining()).toBe(0);
  return { results: scripted.simulator.requests.slice(1).map((r) => toolResultsOf(r.body)[0]!), asked };
}

/** Every worktree tool, and every git path behind them: create, list, status, keep, unforced and forced removal. */
const EVERY_PATH: [string, Record<string, unknown>][] = [
  ["worktree_create", { name: "a" }],
  ["worktree_list", {}],
  ["worktree_status", { name: "a" }],
  ["worktree_keep", { name: "a" }],
  ["worktree_create", { name: "b" }],
  ["worktree_remove", { name: "b" }],
  ["worktree_remove", { name: "a", force: true }],
];

describe("config that an option switches off: every worktree tool works, and nothing planted runs", () => {
  it("core.fsmonitor, core.hooksPath and .git/hooks (post-checkout, reference-transaction)", async () => {
    const hooks = path.join(canaryDir(), "hooks");
    await hookScript(hooks, "post-checkout");
    await hookScript(hooks, "reference-transaction");
    await hookScript(path.join(ws.dir, ".git", "hooks"), "post-checkout");
    await hookScript(path.join(ws.dir, ".git", "hooks"), "reference-transaction");
    await plant(`[core]\n\tfsmonitor = ${touch("fsmonitor")}; true\n\thooksPath = ${hooks}`);

    const { results, asked } = await callsThroughAgent(EVERY_PATH, { answer: "y" });
    expect(results.map((r) => r.isError)).toEqual(EVERY_PATH.map(() => false));
    expect(results[2]!.content).toMatch(/^a +active +\.worktrees\/a  wt\/a  no task\n  uncommitted: none\n  merged: yes/);
    expect(asked).toHaveLength(1); // only the forced removal asks
    expect(await canaries()).toEqual([]);
    expect(await exists(path.join(ws.dir, ".worktrees/a"))).toBe(false);
  });

  it("plan mode: worktree_status and worktree_list run no planted fsmonitor", async () => {
    await worktreeBeforePlanting("a");
    await plant(`[core]\n\tfsmonitor = ${touch("fsmonitor")}; true`);
    const { results } = await callsThroughAgent([["worktree_status", { name: "a" }], ["worktree_list", {}]], { flags: { "permission-mode": "plan" } });
    expect(results.map((r) => r.isError)).toEqual([false, false]);
    expect(await canaries()).toEqual([]);
    expect(results[0]!.content).toContain("uncommitted: none");
  });
});

describe("a config the harness has not read: a submodule's own", () => {
  it("worktree_status does not look into a submodule, so its planted filter never runs", async () => {
    await worktreeBeforePlanting("a");
    const sub = path.join(ws.dir, ".worktrees/a/sub");
    await mkdir(sub);
    await gitIn(sub, "init", "--quiet");
    await writeFile(path.join(sub, "g.txt"), "g\n");
    await writeFile(path.join(sub, ".gitattributes"), "g.txt filter=evil\n");
    await gitIn(sub, "add", "--all");
    await gitIn(sub, "-c", "user.name=t", "-c", "user.email=t@t.invalid", "commit", "--quiet", "-m", "sub");
    await gitIn(path.dirname(sub), "add", "sub");
    await gitIn(path.dirname(sub), "commit", "--quiet", "-m", "a submodule");
    await appendFile(path.join(sub, ".git", "config"), `[filter "evil"]\n\tclean = ${touch("submodule-clean")}; cat\n`);
    // Same content, another time: git must read the file (through the clean filter) to know it is unchanged.
    const { mtime } = await stat(path.join(sub, "g.txt"));
    await utimes(path.join(sub, "g.txt"), mtime, new Date(mtime.getTime() + 100_000));
    const { results } = await callsThroughAgent([["worktree_status", { name: "a" }]], { flags: { "permission-mode": "plan" } });
    expect(await canaries()).toEqual([]);
    expect(results[0]!.content).toContain("uncommitted: none");
  });
});

describe("config that no option switches off: the call is refused, naming the key, and nothing runs", () => {
  /** A committed .gitattributes that sends every file through driver "evil". */
  async function filteredRepo(): Promise<void> {
    await writeFile(path.join(ws.dir, ".gitattributes"), "* filter=evil\n");
    await gitIn(ws.dir, "add", ".gitattributes");
    await gitIn(ws.dir, "commit", "--quiet", "-m", "attributes");
  }

  it("a filter driver's smudge and clean: worktree_create refuses, and no checkout runs them", async () => {
    await filteredRepo();
    await plant(`[filter "evil"]\n\tsmudge = ${touch("smudge")}; cat\n\tclean = ${touch("clean")}; cat`);
    const { results } = await callsThroughAgent([["worktree_create", { name: "a" }], ["worktree_list", {}]]);
    expect(results.map((r) => r.isError)).toEqual([true, true]);
    expect(results[0]!.content).toMatch(/filter\.evil\.smudge/);
    expect(results[0]!.content).toMatch(/UnsafeGitConfigError: This repository's git config sets filter\.evil\.smudge in \.git\/config \(and filter\.evil\.clean\).*nothing was run/);
    expect(await canaries()).toEqual([]);
    expect(await exists(path.join(ws.dir, ".worktrees/a"))).toBe(false);
  });

  it("plan mode: worktree_status of a worktree made before the filter was planted refuses, running nothing", async () => {
    await filteredRepo();
    await worktreeBeforePlanting("a");
    // A changed file's content must be read through the clean filter to compare it: status would run it.
    await appendFile(path.join(ws.dir, ".worktrees/a/README.md"), "\n");
    await plant(`[filter "evil"]\n\tclean = ${touch("clean")}; cat`);
    const { results } = await callsThroughAgent([["worktree_status", { name: "a" }]], { flags: { "permission-mode": "plan" } });
    expect(results[0]!.isError).toBe(true);
    expect(results[0]!.content).toMatch(/filter\.evil\.clean/);
    expect(await canaries()).toEqual([]);
  });

  it("include.path: the included file is refused whatever it holds, so a planted include cannot bring in a driver", async () => {
    await filteredRepo();
    await writeFile(path.join(ws.dir, "more.cfg"), `[filter "evil"]\n\tsmudge = ${touch("smudge")}; cat\n`);
    await plant("[include]\n\tpath = ../more.cfg");
    const { results } = await callsThroughAgent([["worktree_create", { name: "a" }]]);
    expect(results[0]!.isError).toBe(true);
    expect(results[0]!.content).toMatch(/include\.path/);
    expect(await canaries()).toEqual([]);
    expect(await exists(path.join(ws.dir, ".worktrees/a"))).toBe(false);
  });

  it("the refusal passes: once the key is gone, the same call works", async () => {
    await plant(`[diff "evil"]\n\ttextconv = ${touch("textconv")}`);
    const first = await callsThroughAgent([["worktree_create", { name: "a" }]]);
    expect(first.results[0]!.content).toMatch(/diff\.evil\.textconv/);
    await gitIn(ws.dir, "config", "--remove-section", "diff.evil");
    const second = await callsThroughAgent([["worktree_create", { name: "a" }]]);
    expect(second.results[0]).toMatchObject({ isError: false });
    expect(await canaries()).toEqual([]);
  });
});
