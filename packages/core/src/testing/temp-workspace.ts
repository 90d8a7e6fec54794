/**
 * A temporary copy of the practice workspace (or a folder of given files) for a test: every
 * test works on its own copy, so none can damage the real workspace or see another's files.
 */
import { rm, mkdtemp, writeFile, mkdir } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { afterEach, beforeEach } from "vitest";
import { copyPracticeWorkspace } from "../workspace.ts";

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
    dir = await copyPracticeWorkspace("test");
  }
  return { dir, cleanup: () => rm(dir, { recursive: true, force: true }) };
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
