/**
 * The worktree manager against real git, in a fresh repository per test (a prepared copy of the
 * practice workspace in a temporary folder — never the course's own repository): what each
 * operation does to the folder, the branch, the index and the event log, and every refusal.
 */
import { mkdir, mkdtemp, readFile, rm, writeFile } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { lessonWorkspace, practiceWorkspace } from "@learn/core/harness";
import { TaskBoard } from "@learn/s08";
import { EVENTS_FILE, INDEX_FILE, lesson } from "../src/index.ts";
import { repositoryOf } from "../src/worktrees/git/repository.ts";
import { Worktrees } from "../src/worktrees/index.ts";
import { WorktreeIndex } from "../src/worktrees/index-file.ts";
import { gitIn, useRepoWorkspace } from "./helpers.ts";

const ws = useRepoWorkspace();
const open = async () => new Worktrees(ws.dir, await TaskBoard.open(ws.dir));
const exists = (p: string) => readFile(p).then(() => true, () => false);
const events = async () => (await readFile(path.join(ws.dir, EVENTS_FILE), "utf8")).trim().split("\n").map((l) => JSON.parse(l) as { event: string; name: string });
const indexText = () => readFile(path.join(ws.dir, INDEX_FILE), "utf8");

describe("worktree_create", () => {
  it("makes a folder on a new branch from HEAD, writes the index and the log, and keeps .worktrees/ out of commits", async () => {
    const worktrees = await open();
    const task = await worktrees.board.create({ subject: "Write applyDiscount" });
    const entry = await worktrees.create({ name: "discount", taskId: task.id });
    expect(entry).toMatchObject({ name: "discount", path: ".worktrees/discount", branch: "wt/discount", task_id: 1, status: "active" });
    expect(entry.base).toBe((await gitIn(ws.dir, "rev-parse", "HEAD")).trim());
    expect(await exists(path.join(ws.dir, ".worktrees/discount/shop/src/cart.js"))).toBe(true);
    expect((await gitIn(path.join(ws.dir, ".worktrees/discount"), "branch", "--show-current")).trim()).toBe("wt/discount");
    expect(JSON.parse(await indexText()).worktrees).toEqual([entry]);
    expect(await events()).toMatchObject([{ event: "worktree.create", name: "discount", branch: "wt/discount", task_id: 1 }]);
    expect(await gitIn(ws.dir, "status", "--porcelain")).toBe(""); // the checkout is not the workspace's change
  });

  it("starts from base_ref, and refuses a ref that is not a commit, creating nothing", async () => {
    const worktrees = await open();
    const first = (await gitIn(ws.dir, "rev-parse", "HEAD")).trim();
    await writeFile(path.join(ws.dir, "later.md"), "later\n");
    await gitIn(ws.dir, "add", "later.md");
    await gitIn(ws.dir, "commit", "--quiet", "-m", "later");
    expect((await worktrees.create({ name: "old", baseRef: first })).base).toBe(first);
    expect(await exists(path.join(ws.dir, ".worktrees/old/later.md"))).toBe(false);

    await expect(worktrees.create({ name: "nope", baseRef: "no-such-branch" })).rejects.toThrow('base_ref "no-such-branch" is not a commit in this repository');
    expect(await exists(path.join(ws.dir, ".worktrees/nope"))).toBe(false);
    expect(await gitIn(ws.dir, "branch", "--list", "wt/nope")).toBe("");
  });

  it("refuses a name in use and a task that already has a worktree", async () => {
    const worktrees = await open();
    await worktrees.board.create({ subject: "one" });
    await worktrees.create({ name: "a", taskId: 1 });
    await expect(worktrees.create({ name: "a" })).rejects.toThrow("A worktree named a already exists (active, .worktrees/a)");
    await expect(worktrees.create({ name: "b", taskId: 1 })).rejects.toThrow("Task #1 already has worktree a");
    await expect(worktrees.create({ name: "c", taskId: 9 })).rejects.toThrow(/#9/);
  });

  it("two agents creating one name at once: one worktree, one refusal", async () => {
    const [a, b] = [await open(), await open()];
    const results = await Promise.allSettled([a.create({ name: "same" }), b.create({ name: "same" })]);
    expect(results.map((r) => r.status).sort()).toEqual(["fulfilled", "rejected"]);
    expect(JSON.parse(await indexText()).worktrees).toHaveLength(1);
  });
});

describe("worktree_remove", () => {
  it("refuses uncommitted work, then unmerged commits, losing nothing; force throws them away", async () => {
    const worktrees = await open();
    await worktrees.create({ name: "w" });
    const folder = path.join(ws.dir, ".worktrees/w");
    await writeFile(path.join(folder, "new.js"), "export const x = 1;\n");
    await expect(worktrees.remove({ name: "w" })).rejects.toThrow("Worktree w has uncommitted changes (?? new.js)");
    await gitIn(folder, "add", "new.js");
    await gitIn(folder, "commit", "--quiet", "-m", "new");
    await expect(worktrees.remove({ name: "w" })).rejects.toThrow("Branch wt/w has 1 commit(s) not merged into the workspace's branch: merge it (git merge wt/w)");
    expect(await exists(path.join(folder, "new.js"))).toBe(true);
    expect(JSON.parse(await indexText()).worktrees[0].status).toBe("active");

    const { entry } = await worktrees.remove({ name: "w", force: true });
    expect(entry).toMatchObject({ status: "removed", note: "removed with force: unmerged work was dropped" });
    expect(await exists(folder)).toBe(false);
    expect(await gitIn(ws.dir, "branch", "--list", "wt/w")).toBe("");
    expect((await events()).map((e) => e.event)).toEqual(["worktree.create", "worktree.remove"]);
  });

  it("removes merged work with its branch and completes the bound task", async () => {
    const worktrees = await open();
    await worktrees.board.create({ subject: "Write it" });
    await worktrees.create({ name: "done", taskId: 1 });
    const folder = path.join(ws.dir, ".worktrees/done");
    await writeFile(path.join(folder, "it.js"), "export const it = 1;\n");
    await gitIn(folder, "add", "it.js");
    await gitIn(folder, "commit", "--quiet", "-m", "it");
    await gitIn(ws.dir, "merge", "--quiet", "--no-edit", "wt/done");
    expect(await worktrees.remove({ name: "done", completeTask: true })).toMatchObject({ completed: 1, entry: { status: "removed" } });
    expect(await exists(path.join(ws.dir, "it.js"))).toBe(true);
    expect(await gitIn(ws.dir, "branch", "--list", "wt/done")).toBe("");
    await worktrees.board.reload();
    expect(worktrees.board.get(1)?.status).toBe("completed");
  });

  it("a removed worktree's name can be used again; the log keeps both lives", async () => {
    const worktrees = await open();
    await worktrees.create({ name: "again" });
    await worktrees.remove({ name: "again" });
    await expect(worktrees.remove({ name: "again" })).rejects.toThrow("Worktree again was removed; worktree_create makes a new one with that name.");
    const second = await worktrees.create({ name: "again" });
    expect(second.status).toBe("active");
    expect(JSON.parse(await indexText()).worktrees).toEqual([second]);
    expect((await events()).map((e) => e.event)).toEqual(["worktree.create", "worktree.remove", "worktree.create"]);
  });
});

describe("a worktree deleted by hand", () => {
  it("is found missing: status says so, the index heals, git forgets it, the log records it", async () => {
    const worktrees = await open();
    await worktrees.create({ name: "gone" });
    await rm(path.join(ws.dir, ".worktrees/gone"), { recursive: true, force: true }); // inside the temporary repository
    const entry = await worktrees.get("gone");
    expect(entry).toMatchObject({ status: "removed", note: "its folder was deleted by hand; branch wt/gone was kept" });
    expect(JSON.parse(await indexText()).worktrees[0].status).toBe("removed");
    expect(await gitIn(ws.dir, "worktree", "list")).not.toContain("gone");
    expect((await events()).map((e) => e.event)).toEqual(["worktree.create", "worktree.missing"]);
    // Its branch is kept (it may hold work): the name is free in the index, the branch is not.
    await expect(worktrees.create({ name: "gone" })).rejects.toThrow("Branch wt/gone already exists (left by an earlier worktree named gone?): merge or delete it (git branch -D wt/gone)");
  });
});

describe("keep and bind", () => {
  it("keep marks it kept; bind ties a task to it, one worktree per task", async () => {
    const worktrees = await open();
    await worktrees.board.create({ subject: "one" });
    await worktrees.board.create({ subject: "two" });
    await worktrees.create({ name: "a", taskId: 1 });
    await worktrees.create({ name: "b" });
    expect((await worktrees.keep("a")).status).toBe("kept");
    await expect(worktrees.bind(1, "b")).rejects.toThrow("Task #1 is already bound to worktree a");
    expect((await worktrees.bind(2, "b")).task_id).toBe(2);
    await expect(worktrees.bind(3, "b")).rejects.toThrow(/#3/);
    await expect(worktrees.keep("zzz")).rejects.toThrow("No worktree named zzz. Worktrees: a, b.");
    expect((await events()).map((e) => e.event)).toEqual(["worktree.create", "worktree.create", "worktree.keep", "worktree.bind"]);
  });
});

describe("a broken index", () => {
  it("is reported and never overwritten; nothing is created", async () => {
    const worktrees = await open();
    await mkdir(path.join(ws.dir, ".worktrees"), { recursive: true });
    await writeFile(path.join(ws.dir, INDEX_FILE), "{ not json");
    expect((await worktrees.list()).problem).toMatch(/^\.worktrees\/index\.json is broken \(.+\): fix it or delete it\.$/);
    await expect(worktrees.create({ name: "x" })).rejects.toThrow("is broken");
    expect(await indexText()).toBe("{ not json");
    expect(await exists(path.join(ws.dir, ".worktrees/x"))).toBe(false);
  });

  it("that cannot be read at all is named in the words of every other state file (cannot be read: …)", async () => {
    const dir = await mkdtemp(path.join(os.tmpdir(), "s12-index-"));
    try {
      await writeFile(path.join(dir, ".worktrees"), "a file where the folder belongs\n");
      expect((await new WorktreeIndex(dir).read()).problem).toMatch(/^\.worktrees\/index\.json is broken \(cannot be read: ENOTDIR\b.*\): fix it or delete it\.$/);
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });
});

describe("the prepared copy", () => {
  it("is a repository whose first commit has the same id every time (the walkthrough shows it)", async () => {
    const copies = [await lessonWorkspace(lesson, "s12-same"), await lessonWorkspace(lesson, "s12-same")];
    try {
      const [a, b] = await Promise.all(copies.map(async (dir) => (await gitIn(dir, "rev-parse", "HEAD")).trim()));
      expect(a).toBe(b);
      expect(await gitIn(copies[0]!, "log", "--format=%s · %an · %aI · %cI")).toMatch(/^The practice workspace · Practice Agent · 2026-01-01T00:00:00(Z|\+00:00) · 2026-01-01T00:00:00(Z|\+00:00)\n$/);
      expect(await gitIn(copies[0]!, "status", "--porcelain")).toBe("");
    } finally {
      for (const dir of copies) await rm(dir, { recursive: true, force: true });
    }
  });
});

describe("the workspace must be the root of a repository of its own", () => {
  it("the course's practice workspace, inside the course's repository, is refused with how to git init a copy", async () => {
    const refusal = repositoryOf(practiceWorkspace());
    await expect(refusal).rejects.toThrow(/is inside the repository at .+: a worktree made here would belong to that repository\. Nothing was changed\./);
    await expect(refusal).rejects.toThrow(/git init && git add -A && git commit -m start/);
  });

  it("a folder in no repository, and a repository with no commit, are refused with what to do", async () => {
    const dir = await mkdtemp(path.join(os.tmpdir(), "learn-s12-norepo-"));
    try {
      await expect(repositoryOf(dir)).rejects.toThrow(/Worktrees need a git repository, and .+ is not one[\s\S]*git init/);
      await gitIn(dir, "init", "--quiet");
      await expect(repositoryOf(dir)).rejects.toThrow("has no commit yet, and a worktree starts from one");
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });
});
