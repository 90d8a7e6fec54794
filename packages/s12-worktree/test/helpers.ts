/** What s12's tests share: the agent-level helpers of `@learn/s09/testing`, and a workspace that is a git repository of its own. */
import { execFile } from "node:child_process";
import { cp, mkdtemp, rm } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { promisify } from "node:util";
import { afterAll, afterEach, beforeAll, beforeEach } from "vitest";
import { lessonWorkspace, SAFE_GIT_OPTIONS, safeGitEnv } from "@learn/core/harness";
import { lesson } from "../src/index.ts";

export * from "@learn/s09/testing";

const run = promisify(execFile);

/**
 * A fresh copy of the practice workspace, prepared as the lesson prepares it (git init, one
 * commit), per test: prepared once per file, then copied (a repository copies like any folder).
 */
export function useRepoWorkspace(): { readonly dir: string } {
  let template: string | undefined;
  let dir: string | undefined;
  beforeAll(async () => {
    template = await lessonWorkspace(lesson, "s12-template");
  });
  afterAll(async () => {
    if (template) await rm(template, { recursive: true, force: true });
  });
  beforeEach(async () => {
    dir = path.join(await mkdtemp(path.join(os.tmpdir(), "learn-s12-test-")), "workspace");
    await cp(template!, dir, { recursive: true });
  });
  afterEach(async () => {
    if (dir) await rm(path.dirname(dir), { recursive: true, force: true });
    dir = undefined;
  });
  return {
    get dir() {
      if (!dir) throw new Error("the workspace exists only while a test runs");
      return dir;
    },
  };
}

/** git in a test: an argument array, with the lesson's options and environment (so a planted config runs nothing here either); stdout. */
export async function gitIn(cwd: string, ...args: string[]): Promise<string> {
  return (await run("git", [...SAFE_GIT_OPTIONS, ...args], { cwd, env: safeGitEnv() })).stdout;
}
