/**
 * runGit, the harness's own git: in a temporary repository with a planted config, git does its
 * work and starts none of the planted programs — switched off (fsmonitor, hooks) or refused
 * before git starts, naming the key (filter drivers, includes). The user's global config is
 * trusted; the environment cannot switch anything back on.
 */
import { access, appendFile, chmod, mkdir, mkdtemp, readdir, rm, writeFile } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { programKeysIn, runGit, safeGitEnv, UnsafeGitConfigError } from "../src/platform/safe-git.ts";

let tmp: string;
let repo: string;
const canaries = async () => (await readdir(tmp)).filter((f) => f.startsWith("CANARY"));
const touch = (name: string) => `touch '${path.join(tmp, `CANARY-${name}`)}'`;
const plant = (text: string) => appendFile(path.join(repo, ".git", "config"), `\n${text}\n`);
const git = async (args: string[], env: NodeJS.ProcessEnv = {}) => {
  const result = await runGit(repo, args, { timeoutMs: 30_000, env });
  if (result.exitCode !== 0) throw new Error(`git ${args.join(" ")}: ${result.stderr}`);
  return result.stdout;
};

beforeEach(async () => {
  tmp = await mkdtemp(path.join(os.tmpdir(), "learn-safe-git-"));
  repo = path.join(tmp, "repo");
  await mkdir(repo);
  await git(["init", "--quiet", "--initial-branch=main"]);
  await writeFile(path.join(repo, "a.txt"), "a\n");
  await writeFile(path.join(repo, ".gitattributes"), "*.txt filter=evil\n");
  await git(["add", "--all"]);
  await git(["-c", "user.name=t", "-c", "user.email=t@t.invalid", "commit", "--quiet", "-m", "one"]);
});
afterEach(async () => {
  await rm(tmp, { recursive: true, force: true });
});

describe("runGit", () => {
  it("switches off core.fsmonitor and every hook, however they were planted: the work is done, nothing planted runs", async () => {
    const hooks = path.join(tmp, "hooks");
    await mkdir(hooks);
    for (const dir of [hooks, path.join(repo, ".git", "hooks")]) {
      await writeFile(path.join(dir, "post-checkout"), `#!/bin/sh\n${touch("hook")}\n`);
      await chmod(path.join(dir, "post-checkout"), 0o755);
    }
    await plant(`[core]\n\tfsmonitor = ${touch("fsmonitor")}; true\n\thooksPath = ${hooks}\n[pager]\n\tstatus = ${touch("pager")}`);
    await git(["worktree", "add", "--quiet", "-b", "wt/x", path.join(tmp, "x")]);
    expect(await git(["status", "--porcelain"])).toBe("");
    await expect(access(path.join(tmp, "x", "a.txt"))).resolves.toBeUndefined();
    expect(await canaries()).toEqual([]);
  });

  it("refuses a filter driver before git starts, naming the key and the file; nothing runs", async () => {
    await plant(`[filter "evil"]\n\tsmudge = ${touch("smudge")}; cat`);
    const run = runGit(repo, ["checkout-index", "--all", "--force"], { timeoutMs: 30_000 });
    await expect(run).rejects.toThrow(UnsafeGitConfigError);
    await expect(run).rejects.toThrow(/^This repository's git config sets filter\.evil\.smudge in \.git\/config — a filter driver's program/);
    expect(await canaries()).toEqual([]);
  });

  it("refuses an include, whatever the included file holds", async () => {
    await writeFile(path.join(tmp, "more.cfg"), "[user]\n\tname = included\n");
    await plant(`[include]\n\tpath = ${path.join(tmp, "more.cfg")}`);
    await expect(git(["status"])).rejects.toThrow(/sets include\.path in \.git\/config — an include/);
  });

  it("trusts the user's global config (an agent cannot write it), and no GIT_* variable from outside gets through", async () => {
    const home = path.join(tmp, "home");
    await mkdir(home);
    await writeFile(path.join(home, ".gitconfig"), `[filter "evil"]\n\tsmudge = ${touch("global-smudge")}; cat\n`);
    await rm(path.join(repo, "a.txt"));
    await git(["checkout", "--", "a.txt"], { HOME: home });
    expect(await canaries()).toEqual(["CANARY-global-smudge"]);
    const env = safeGitEnv({ GIT_ALLOW_PROTOCOL: "ext" }, { PATH: "/bin", GIT_DIR: "/elsewhere", GIT_CONFIG_PARAMETERS: "'core.hookspath'='/x'" });
    expect(env).toEqual({ PATH: "/bin", GIT_TERMINAL_PROMPT: "0", GIT_EDITOR: "true", GIT_ALLOW_PROTOCOL: "" });
  });

  it("reaches no other repository: every transport is refused", async () => {
    const result = await runGit(repo, ["ls-remote", `ext::sh -c ${touch("ext").replaceAll(" ", "% ")}`], { timeoutMs: 30_000 });
    expect(result.exitCode).not.toBe(0);
    expect(result.stderr).toMatch(/transport 'ext' not allowed/);
    expect(await canaries()).toEqual([]);
  });
});

describe("programKeysIn", () => {
  it("reads git's -z listing: the repository's scopes only, each key with where it is set", () => {
    const listing = ["global", "file:/root/.gitconfig", "filter.lfs.process\ngit-lfs filter-process", "local", "file:.git/config", "core.bare\nfalse", "local", "file:.git/config", "diff.pdf.textconv\npdftotext", "worktree", "file:.git/config.worktree", "merge.ours.driver\ntrue", "local", "file:.git/config", "a.flag", ""].join("\0");
    expect(programKeysIn(listing).map((k) => `${k.key} ${k.origin}`)).toEqual(["diff.pdf.textconv file:.git/config", "merge.ours.driver file:.git/config.worktree"]);
  });
});
