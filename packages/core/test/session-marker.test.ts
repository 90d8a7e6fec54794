/**
 * Two sessions in one workspace: the second says so, in one line, naming the first's lesson
 * and pid. A marker whose process is gone is ignored; a session's marker goes when it ends.
 */
import { spawnSync } from "node:child_process";
import { mkdir, mkdtemp, readdir, realpath, rm, symlink, writeFile } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { runCli } from "../src/app/cli/index.ts";
import type { Agent, Lesson } from "../src/runtime/lesson.ts";
import { holdWorkspace, otherSessionWarning, sessionMarkerDir } from "../src/app/session-marker.ts";

let dir: string;
let workspace: string;
const savedEnvFile = process.env.LEARN_ENV_FILE;
beforeEach(async () => {
  process.env.LEARN_ENV_FILE = "none"; // offline: no .env of the developer's

  dir = await mkdtemp(path.join(os.tmpdir(), "learn-test-markers-"));
  workspace = await mkdtemp(path.join(os.tmpdir(), "learn-test-ws-"));
});
afterEach(async () => {
  if (savedEnvFile === undefined) delete process.env.LEARN_ENV_FILE;
  else process.env.LEARN_ENV_FILE = savedEnvFile;
  vi.restoreAllMocks();
  await rm(dir, { recursive: true, force: true });
  await rm(workspace, { recursive: true, force: true });
});

/** A pid that ran and has ended (and was reaped). */
function deadPid(): number {
  return spawnSync(process.execPath, ["-e", "0"]).pid!;
}

describe("the session marker", () => {
  it("a session that starts where another runs is told which lesson and pid", async () => {
    // The other session: a process that is alive for the whole test (vitest's own parent).
    const first = await holdWorkspace(workspace, "s08", { dir, pid: process.ppid });
    const second = await holdWorkspace(workspace, "s11", { dir });
    try {
      expect(first.others).toEqual([]);
      expect(second.others).toEqual([{ pid: process.ppid, lesson: "s08", workspace: await realpath(workspace) }]);
      expect(otherSessionWarning(second.others)).toMatch(/^Another session works in this workspace: s08 \(pid \d+\)\. .*another folder with --cwd\.$/);
    } finally {
      first.release();
      second.release();
    }
    expect(await readdir(dir)).toEqual([]);
  });

  it("ignores (and tidies) a marker whose process is gone, and markers of other workspaces", async () => {
    const gone = deadPid();
    await writeFile(path.join(dir, `${gone}.json`), JSON.stringify({ pid: gone, lesson: "s08", workspace: await realpath(workspace) }));
    const elsewhere = await holdWorkspace(os.tmpdir(), "s10", { dir, pid: process.ppid });
    const held = await holdWorkspace(workspace, "s11", { dir });
    try {
      expect(held.others).toEqual([]);
      expect((await readdir(dir)).sort()).toEqual([`${process.pid}.json`, `${process.ppid}.json`].sort());
    } finally {
      held.release();
      elsewhere.release();
    }
  });

  it("on the command line: one line on stderr before the run, and the marker gone after it", async () => {
    const other = await holdWorkspace(workspace, "s08", { pid: process.ppid });
    const agent: Agent = { anatomy: () => ({ tools: [], hooks: [], promptSections: [], commands: [] }), run: async () => "ok", clear: () => {} };
    const lesson = { id: "s11", title: "t", headline: "h", demoScripts: [], createAgent: () => agent } as unknown as Lesson;
    await writeFile(path.join(workspace, "s.yaml"), "turns: [ { content: [ { type: text, text: hi } ] } ]\n");
    const err: string[] = [];
    vi.spyOn(process.stdout, "write").mockImplementation(() => true);
    vi.spyOn(process.stderr, "write").mockImplementation((chunk) => (err.push(String(chunk)), true));
    try {
      expect(await runCli(lesson, ["--model-script", path.join(workspace, "s.yaml"), "--cwd", workspace, "-p", "go"])).toBe(0);
    } finally {
      other.release();
      vi.restoreAllMocks();
    }
    expect(err.join("")).toContain(`Another session works in this workspace: s08 (pid ${process.ppid}).`);
    expect(await readdir(sessionMarkerDir())).not.toContain(`${process.pid}.json`);
  });

  it("a learn-sessions/ that is a symlink in the temporary folder is not followed: no marker written or tidied where it leads, and the session runs", async () => {
    const tmp = await mkdtemp(path.join(os.tmpdir(), "learn-test-tmp-"));
    const elsewhere = path.join(tmp, "elsewhere");
    await mkdir(elsewhere);
    const gone = deadPid();
    await writeFile(path.join(elsewhere, `${gone}.json`), JSON.stringify({ pid: gone, lesson: "s08", workspace }));
    await symlink(elsewhere, path.join(tmp, "learn-sessions"));
    const agent: Agent = { anatomy: () => ({ tools: [], hooks: [], promptSections: [], commands: [] }), run: async () => "ok", clear: () => {} };
    const lesson = { id: "s11", title: "t", headline: "h", demoScripts: [], createAgent: () => agent } as unknown as Lesson;
    await writeFile(path.join(workspace, "s.yaml"), "turns: [ { content: [ { type: text, text: hi } ] } ]\n");
    const err: string[] = [];
    vi.spyOn(process.stdout, "write").mockImplementation(() => true);
    vi.spyOn(process.stderr, "write").mockImplementation((chunk) => (err.push(String(chunk)), true));
    const savedTmp = process.env.TMPDIR;
    process.env.TMPDIR = tmp;
    try {
      expect(await runCli(lesson, ["--model-script", path.join(workspace, "s.yaml"), "--cwd", workspace, "-p", "go"])).toBe(0);
    } finally {
      if (savedTmp === undefined) delete process.env.TMPDIR;
      else process.env.TMPDIR = savedTmp;
      vi.restoreAllMocks();
    }
    expect(err.join("")).toContain(`(no session marker: ${path.join(tmp, "learn-sessions")} is a symlink, and is not followed)`);
    expect(await readdir(elsewhere)).toEqual([`${gone}.json`]);
    await rm(tmp, { recursive: true, force: true });
  });
});
