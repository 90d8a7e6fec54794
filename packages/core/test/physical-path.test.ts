/**
 * physicalPath walks a path as the kernel does: `link/..` is the parent of where the link leads,
 * not the folder the link sits in. resolveInWorkspace (every file tool) judges and opens that.
 */
import { mkdir, mkdtemp, realpath, rm, symlink, writeFile } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { PathError, resolveInWorkspace } from "../src/platform/paths.ts";
import { physicalPath } from "../src/platform/physical-path.ts";

let base: string; // the folder above the workspace, holding the key's .env
let ws: string;

beforeAll(async () => {
  base = await realpath(await mkdtemp(path.join(os.tmpdir(), "physical-path-")));
  ws = path.join(base, "ws");
  await mkdir(path.join(ws, "docs"), { recursive: true });
  await mkdir(path.join(ws, "deep/a"), { recursive: true });
  await writeFile(path.join(base, ".env"), "KEY=canary\n");
  await writeFile(path.join(ws, "README.md"), "hello\n");
  await symlink("..", path.join(ws, "docs/up")); // docs/up is the workspace; docs/up/.. is above it
  await symlink("../../docs", path.join(ws, "deep/a/b")); // deep/a/b/.. is the workspace
  await symlink("hop", path.join(ws, "hop")); // a link to itself
  await symlink("docs/up/../gone/new.txt", path.join(ws, "dangling")); // a dangling link through link/..
});
afterAll(() => rm(base, { recursive: true, force: true }));

describe("physicalPath", () => {
  it.each([
    ["docs/up/../.env", () => path.join(base, ".env")], // path.resolve says docs/.env
    ["deep/a/b/../.env", () => path.join(ws, ".env")], // path.resolve says deep/a/.env
    ["deep/a/b/../../w17.md", () => path.join(base, "w17.md")],
    ["docs/up/docs/up/README.md", () => path.join(ws, "README.md")],
    ["docs/not-yet/x", () => path.join(ws, "docs/not-yet/x")], // a missing name cannot be a link: the rest as written
    ["dangling", () => path.join(base, "gone/new.txt")], // a dangling link leads where writing through it creates
    ["/proc/self/cwd/../.env", () => "/proc/self/cwd/../.env"], // another process's link: kept as written
  ])("%s", (target, expected) => {
    expect(physicalPath(ws, target)).toBe(expected());
  });

  it("the working folder is walked too", () => {
    expect(physicalPath(path.join(ws, "docs/up"), "../.env")).toBe(path.join(base, ".env"));
  });

  it("`..` after a name not there yet cannot be told (by then it may be a link): EUNDECIDED", () => {
    expect(() => physicalPath(ws, "not-yet/../.env")).toThrow(expect.objectContaining({ code: "EUNDECIDED" }));
  });

  it("a loop of links fails as the kernel fails: ELOOP", () => {
    expect(() => physicalPath(ws, "hop/x")).toThrow(expect.objectContaining({ code: "ELOOP" }));
  });
});

describe("resolveInWorkspace judges the path the kernel opens", () => {
  it.each(["docs/up/../.env", "docs/up/../ws/../.env", "deep/a/b/../../w17.md", "dangling"])("refuses %s", async (target) => {
    await expect(resolveInWorkspace(ws, target)).rejects.toThrow(PathError);
  });

  it("opens what it judged: deep/a/b/../README.md is the workspace's README, not deep/a/README.md", async () => {
    expect(await resolveInWorkspace(ws, "deep/a/b/../README.md")).toBe(path.join(ws, "README.md"));
    expect(await resolveInWorkspace(ws, "docs/up/README.md")).toBe(path.join(ws, "docs/up/README.md")); // no `..`: as written
  });
});
