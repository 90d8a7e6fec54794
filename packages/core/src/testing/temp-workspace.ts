/**
 * A temporary copy of the practice workspace (or a folder of given files) for a test: every
 * test works on its own copy, so none can damage the real workspace or see another's files.
 *
 * The template is taken from git once per test process (copyPracticeWorkspace: two git
 * processes and a staging folder, about a quarter of a second of CPU) and each test copies that
 * pristine copy: the suite makes a few hundred copies, and git's index does not change under
 * a running test process.
 */
import { randomUUID } from "node:crypto";
import { cp, rm, mkdtemp, writeFile, mkdir, readdir, rename } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { afterEach, beforeEach } from "vitest";
import { copyPracticeWorkspace } from "../app/workspace.ts";
import { isRunning } from "./is-running.ts";

export interface TempWorkspace {
  dir: string;
  cleanup(): Promise<void>;
}

/** A fresh copy of practice-workspace/, or an empty folder with `files` when given. */
export async function tempWorkspace(files?: Record<string, string>): Promise<TempWorkspace> {
  let dir: string;
  if (files) {
    dir = await mkdtemp(path.join(os.tmpdir(), "learn-test-"));
    for (const [name, content] of Object.entries(files)) {
      await mkdir(path.dirname(path.join(dir, name)), { recursive: true });
      await writeFile(path.join(dir, name), content);
    }
  } else {
    const template = await pristineTemplate();
    dir = await mkdtemp(path.join(os.tmpdir(), "learn-test-"));
    await cp(template, dir, { recursive: true });
  }
  return { dir, cleanup: () => rm(dir, { recursive: true, force: true }) };
}

/** Where test processes keep their template, one folder each named after the process's id. */
const TEMPLATES = path.join(os.tmpdir(), "learn-test-templates");

let pristine: Promise<string> | undefined;

/** This process's copy of the template as git has it, made on first use. */
function pristineTemplate(): Promise<string> {
  pristine ??= makeTemplate().catch((err: unknown) => {
    pristine = undefined; // not kept: the next test tries again
    throw err;
  });
  return pristine;
}

/**
 * A process cannot remove its own template when it ends (vitest stops its workers with a
 * signal), so each new one removes those of processes that have ended.
 */
async function makeTemplate(): Promise<string> {
  await mkdir(TEMPLATES, { recursive: true });
  for (const name of await readdir(TEMPLATES)) {
    const pid = Number(name.split("-")[0]);
    if (pid !== process.pid && !(pid > 0 && isRunning(pid))) await rm(path.join(TEMPLATES, name), { recursive: true, force: true });
  }
  const made = await copyPracticeWorkspace("test");
  const dir = path.join(TEMPLATES, `${process.pid}-${randomUUID()}`);
  await rename(made, dir);
  return dir;
}

/**
 * A fresh temporary workspace for every test of the file that calls this (at its top level or
 * in a `describe`): made before each test, deleted after it. Read `.dir` inside a test.
 */
export function useTempWorkspace(files?: Record<string, string>): { readonly dir: string } {
  let current: TempWorkspace | undefined;
  beforeEach(async () => {
    current = await tempWorkspace(files);
  });
  afterEach(async () => {
    await current?.cleanup();
    current = undefined;
  });
  return {
    get dir() {
      if (!current) throw new Error("useTempWorkspace: the workspace exists only while a test runs");
      return current.dir;
    },
  };
}
