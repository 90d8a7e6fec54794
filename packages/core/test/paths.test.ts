import { mkdir, mkdtemp, rm, symlink, writeFile } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { PathError, displayPath, isInside, resolveInWorkspace } from "../src/platform/paths.ts";

let base: string;
let ws: string;

beforeAll(async () => {
  base = await mkdtemp(path.join(os.tmpdir(), "paths-"));
  ws = path.join(base, "app");
  await mkdir(path.join(ws, "src"), { recursive: true });
  await writeFile(path.join(ws, "src", "a.js"), "a");
  await mkdir(path.join(base, "app-old"));
  await writeFile(path.join(base, "app-old", "secret.txt"), "s");
  await writeFile(path.join(base, "outside.txt"), "o");
  await symlink(path.join(base, "outside.txt"), path.join(ws, "link-out"));
  await symlink(base, path.join(ws, "dir-out"));
  await symlink(path.join(ws, "src"), path.join(ws, "link-in"));
  await symlink(path.join(base, "not-yet.txt"), path.join(ws, "dangling-out"));
  await symlink(path.join(base, "missing-dir"), path.join(ws, "dangling-dir-out"));
  await symlink(path.join(ws, "src", "later.js"), path.join(ws, "dangling-in"));
  await symlink(path.join(ws, "loop-b"), path.join(ws, "loop-a"));
  await symlink(path.join(ws, "loop-a"), path.join(ws, "loop-b"));
});
afterAll(() => rm(base, { recursive: true, force: true }));

describe("resolveInWorkspace", () => {
  it.each([
    ["src/a.js", "src/a.js"],
    ["./src/../src/a.js", "src/a.js"],
    ["new/dir/file.txt", "new/dir/file.txt"],
    ["link-in/a.js", "link-in/a.js"],
    ["dangling-in", "dangling-in"],
    // A name that merely starts with two dots is a name, not a step up.
    ["..notes", "..notes"],
    ["..foo/bar", "..foo/bar"],
    ["src/..hidden", "src/..hidden"],
    ["...", "..."],
  ])("accepts %s", async (input, rel) => {
    expect(await resolveInWorkspace(ws, input)).toBe(path.join(ws, rel));
  });

  it("accepts an absolute path inside the workspace", async () => {
    expect(await resolveInWorkspace(ws, path.join(ws, "src/a.js"))).toBe(path.join(ws, "src/a.js"));
  });

  it.each([
    ["..", /escapes the workspace/],
    ["../outside.txt", /escapes the workspace/],
    ["src/../../outside.txt", /escapes the workspace/],
    ["/etc/passwd", /escapes the workspace/],
    ["../app-old/secret.txt", /escapes the workspace/],
    ["link-out", /symlink/],
    ["dir-out/outside.txt", /symlink/],
    ["dir-out/new-file.txt", /symlink/],
    ["dangling-out", /symlink/],
    ["dangling-dir-out/new.txt", /symlink/],
    ["loop-a", /a loop of symlinks/],
    ["src/a.js\0.png", /null byte/],
    ["", /empty/],
  ])("refuses %j", async (input, message) => {
    await expect(resolveInWorkspace(ws, input)).rejects.toThrow(message);
    await expect(resolveInWorkspace(ws, input)).rejects.toBeInstanceOf(PathError);
  });

  it("refuses a sibling folder sharing the workspace's prefix given as an absolute path", async () => {
    await expect(resolveInWorkspace(ws, path.join(base, "app-old", "secret.txt"))).rejects.toThrow(PathError);
  });
});

describe("isInside / displayPath", () => {
  it("does not confuse a shared prefix with containment", () => {
    expect(isInside("/w/app", "/w/app/x")).toBe(true);
    expect(isInside("/w/app", "/w/app")).toBe(true);
    expect(isInside("/w/app", "/w/app-old/x")).toBe(false);
    expect(isInside("/w/app", "/w")).toBe(false);
  });
  it("treats a name starting with .. as inside, and only a whole .. segment as outside", () => {
    expect(isInside("/w/app", "/w/app/..notes")).toBe(true);
    expect(isInside("/w/app", "/w/app/..foo/bar")).toBe(true);
    expect(isInside("/w/app", "/w/..notes")).toBe(false);
    expect(isInside("/w/app", "/w/app/../x")).toBe(false);
  });
  it("shows paths relative to the workspace", () => {
    expect(displayPath("/w/app", "/w/app/src/a.js")).toBe("src/a.js");
    expect(displayPath("/w/app", "/w/app")).toBe(".");
  });
});
