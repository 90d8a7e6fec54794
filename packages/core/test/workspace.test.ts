import { access, readdir, readFile, rm, writeFile } from "node:fs/promises";
import path from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { practiceWorkspace } from "../src/platform/config.ts";
import { copyPracticeWorkspace, resolveWorkspace, startingWorkspace, userPath, WorkspaceError } from "../src/app/workspace.ts";

const leftover = path.join(practiceWorkspace(), "left-by-an-agent.txt");
let copy: string | undefined;
afterEach(async () => {
  await rm(leftover, { force: true });
  if (copy) await rm(copy, { recursive: true, force: true });
});

describe("the practice workspace", () => {
  it("is copied without the files an agent created there", async () => {
    await writeFile(leftover, "not part of the template");
    copy = await copyPracticeWorkspace("test");
    const names = await readdir(copy);
    expect(names).toContain("README.md");
    expect(names).toContain(".gitignore");
    expect(names).not.toContain("left-by-an-agent.txt");
  });

  it("copies the template as git has it, not as an agent left it", async () => {
    const cart = path.join(practiceWorkspace(), "shop", "src", "cart.js");
    const original = await readFile(cart, "utf8");
    try {
      const fixed = original.replace("sum - lineTotal(line)", "sum + lineTotal(line)");
      expect(fixed).not.toBe(original);
      await writeFile(cart, fixed); // what the s02 demo prompt has an agent do
      copy = await copyPracticeWorkspace("test");
      expect(await readFile(path.join(copy, "shop", "src", "cart.js"), "utf8")).toBe(original);
    } finally {
      await writeFile(cart, original);
    }
  });

  it("copies the template's nested files", async () => {
    copy = await copyPracticeWorkspace("test");
    await expect(access(path.join(copy, "shop", "src", "cart.js"))).resolves.toBeUndefined();
  });

  it("a missing --cwd folder is a clear error, not created", async () => {
    await expect(resolveWorkspace("/no/such/place")).rejects.toThrow(WorkspaceError);
    await expect(resolveWorkspace("/no/such/place")).rejects.toThrow("does not exist: /no/such/place");
  });
});

describe("a lesson that prepares its workspace", () => {
  const prepared: string[] = [];
  const lesson = {
    id: "sXX",
    workspace: { why: "needs a marker", prepare: async (dir: string) => void (prepared.push(dir), await writeFile(path.join(dir, "MARKER"), "ready")) },
  };

  it("starts, with no --cwd, in a fresh copy it prepared", async () => {
    copy = await startingWorkspace(lesson, undefined, {});
    expect(copy).not.toBe(practiceWorkspace());
    expect(prepared).toContain(copy);
    expect(await readFile(path.join(copy, "MARKER"), "utf8")).toBe("ready");
    expect(await readdir(copy)).toContain("README.md");
  });

  it("works where it is told, untouched, with --cwd or LEARN_WORKDIR", async () => {
    const before = prepared.length;
    expect(await startingWorkspace(lesson, practiceWorkspace(), {})).toBe(practiceWorkspace());
    expect(await startingWorkspace(lesson, undefined, { LEARN_WORKDIR: practiceWorkspace() })).toBe(practiceWorkspace());
    expect(prepared.length).toBe(before);
  });

  it("a set-up that fails is one clear WorkspaceError naming the lesson and the folder", async () => {
    const broken = { id: "sYY", workspace: { why: "", prepare: async () => Promise.reject(new Error("git could not be started")) } };
    const failure = startingWorkspace(broken, undefined, {});
    await expect(failure).rejects.toThrow(WorkspaceError);
    await expect(failure).rejects.toThrow(/^Could not prepare a fresh copy of the practice workspace for sYY: git could not be started$/);
  });

  it("a lesson without one starts in the practice workspace itself", async () => {
    expect(await startingWorkspace({ id: "s01" }, undefined, {})).toBe(practiceWorkspace());
  });
});

describe("userPath", () => {
  it("resolves a relative path against the folder pnpm was started from", () => {
    expect(userPath("t.jsonl", { INIT_CWD: "/home/me/course" })).toBe("/home/me/course/t.jsonl");
    expect(userPath("/abs/t.jsonl", { INIT_CWD: "/home/me/course" })).toBe("/abs/t.jsonl");
    expect(userPath("t.jsonl", {})).toBe(path.resolve("t.jsonl"));
  });
});
