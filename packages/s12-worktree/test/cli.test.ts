/**
 * s12 on the command line, as a real provider would be used: the demo against a local HTTP
 * endpoint (a real socket), the lead's answer on stdout, no key anywhere but the endpoint; with
 * no --cwd, a fresh copy made a repository of its own; inside another repository, the refusal.
 */
import { cp, mkdtemp, readFile, rm, writeFile } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";
import { copyPracticeWorkspace } from "@learn/core/harness";
import { runLessonCli } from "@learn/core/testing";
import { loadScript } from "@learn/core/simulator";
import { lesson } from "../src/index.ts";
import { gitIn, printDemoOverHttp, useRepoWorkspace } from "./helpers.ts";

const pkg = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const CLI_RUN_TIMEOUT_MS = 120_000;
const KEY = "sk-test-s12-do-not-log";

const ws = useRepoWorkspace();

/** A one-prompt script: worktree_create, then whatever its result says, as the answer. */
const probeScript = (expectText: string) =>
  JSON.stringify({
    prompt: "make a worktree",
    turns: [
      { content: [{ type: "tool_use", name: "worktree_create", input: { name: "probe" } }] },
      { expect: { lastUserIncludes: expectText }, content: [{ type: "text", text: `seen: ${expectText}` }] },
    ],
  });

describe("the README's offline Try-it scripts (try/)", () => {
  it("try/forced-removal.yaml: uncommitted work refuses the removal; force is a person's question, refused with no terminal; nothing is lost", async () => {
    const script = path.join(pkg, "try", "forced-removal.yaml");
    const { prompt } = await loadScript(script);
    expect(await readFile(path.join(pkg, "README.md"), "utf8")).toContain(`--model-script packages/s12-worktree/try/forced-removal.yaml -p "${prompt}"`);
    const run = await runLessonCli(pkg, ["--", "--print", String(prompt), "--model-script", script, "--cwd", ws.dir]);
    expect(run.code).toBe(0);
    expect(run.stderr).toContain("Worktree experiment has uncommitted changes (?? notes.md)");
    expect(run.stderr).toMatch(/Denied: worktree_remove needs permission .*no rule can approve this one: force discards/);
    expect(await readFile(path.join(ws.dir, ".worktrees", "experiment", "notes.md"), "utf8")).toBe("Draft notes, not committed.\n");
    expect(await gitIn(ws.dir, "branch", "--list", "wt/experiment")).toContain("wt/experiment");
  }, CLI_RUN_TIMEOUT_MS);
});

describe("s12 on the command line", () => {
  it("--print the demo against an HTTP endpoint: every agent under its name, both branches merged, the answer on stdout", async () => {
    const { run, agents } = await printDemoOverHttp(lesson, pkg, ws.dir, { key: KEY, env: { LEARN_IDLE_POLL_MS: "100" } });
    expect(run.stdout).toMatch(/^Both branches are merged into main/);
    expect(new Set(agents)).toEqual(new Set(["lead", "alice", "bob"]));
    expect(await gitIn(ws.dir, "log", "--format=%s", "--no-merges", "-2")).toMatch(/Add (applyDiscount|withTax)\nAdd (applyDiscount|withTax)/);
  }, CLI_RUN_TIMEOUT_MS);

  it("with no --cwd it works in a fresh copy of the practice workspace made a repository, so a worktree can be made", async () => {
    const dir = await mkdtemp(path.join(os.tmpdir(), "learn-s12-cli-"));
    try {
      await writeFile(path.join(dir, "probe.json"), probeScript("Created worktree probe"));
      // TMPDIR: the fresh copy is made inside this test's folder, and removed with it.
      const run = await runLessonCli(pkg, ["--", "--print", "make a worktree", "--model-script", path.join(dir, "probe.json")], { env: { TMPDIR: dir } });
      expect(run.stderr).not.toMatch(/^✗/m);
      expect(run.stdout.trim()).toBe("seen: Created worktree probe");
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  }, CLI_RUN_TIMEOUT_MS);

  it("a workspace inside another repository is refused, with how to git init a copy; nothing is created", async () => {
    const outer = await mkdtemp(path.join(os.tmpdir(), "learn-s12-outer-"));
    try {
      await gitIn(outer, "init", "--quiet");
      const inner = path.join(outer, "workspace");
      const copy = await copyPracticeWorkspace("s12-inner");
      await cp(copy, inner, { recursive: true });
      await rm(copy, { recursive: true, force: true });
      await writeFile(path.join(outer, "probe.json"), probeScript("is inside the repository at"));
      const run = await runLessonCli(pkg, ["--", "--print", "make a worktree", "--cwd", inner, "--model-script", path.join(outer, "probe.json")]);
      expect(run.code).toBe(0);
      expect(run.stdout.trim()).toBe("seen: is inside the repository at");
      expect(await gitIn(outer, "branch", "--list", "wt/*")).toBe("");
    } finally {
      await rm(outer, { recursive: true, force: true });
    }
  }, CLI_RUN_TIMEOUT_MS);
});
