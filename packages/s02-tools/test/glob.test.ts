import path from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { tempWorkspace, type TempWorkspace } from "@learn/core/testing";
import { globTool, MAX_GLOB_PATHS } from "../src/files/glob.ts";
import { insidePattern } from "../src/files/find-files.ts";
import { ctxIn, EARLY_TOOL_FIELDS } from "./helpers.ts";

let ws: TempWorkspace;
beforeEach(async () => {
  ws = await tempWorkspace({
    "src/b.js": "",
    "src/a.js": "",
    "src/util/c.ts": "",
    "README.md": "",
    ".env.example": "",
    "node_modules/lib/index.js": "",
    "src/node_modules/deep/index.js": "",
    ".git/hooks/pre-commit.js": "",
  });
});
afterEach(() => ws.cleanup());

const glob = (input: unknown) => globTool.execute(input, ctxIn(ws));

describe("glob", () => {
  it("returns matching paths, sorted, relative to the workspace, without node_modules and .git", async () => {
    expect(await glob({ pattern: "**/*.js" })).toEqual({ content: "src/a.js\nsrc/b.js", isError: false });
  });

  it("matches inside `path`, still showing paths relative to the workspace", async () => {
    expect((await glob({ pattern: "**/*", path: "src" })).content).toBe("src/a.js\nsrc/b.js\nsrc/util/c.ts");
  });

  it("includes dotfiles", async () => {
    expect((await glob({ pattern: "*" })).content).toBe(".env.example\nREADME.md");
  });

  it("says when nothing matches", async () => {
    expect(await glob({ pattern: "**/*.py" })).toEqual({ content: "No files match **/*.py", isError: false });
  });

  it(`returns at most ${MAX_GLOB_PATHS} paths and says how many more there are`, async () => {
    const many = Object.fromEntries(Array.from({ length: 250 }, (_, i) => [`gen/f${String(i).padStart(3, "0")}.txt`, ""]));
    const big = await tempWorkspace(many);
    try {
      const out = await globTool.execute({ pattern: "gen/*.txt" }, ctxIn(big));
      const shown = out.content.split("\n");
      expect(shown).toHaveLength(MAX_GLOB_PATHS + 1);
      expect(shown[0]).toBe("gen/f000.txt");
      expect(shown[MAX_GLOB_PATHS - 1]).toBe("gen/f199.txt");
      expect(shown[MAX_GLOB_PATHS]).toBe("... (50 more paths: narrow the pattern)");
    } finally {
      await big.cleanup();
    }
  });

  it.each([
    ["a .. pattern", { pattern: "../*" }, "pattern escapes the workspace"],
    ["a .. inside braces", { pattern: "{../*,src/*}" }, "pattern escapes the workspace"],
    ["an absolute pattern", { pattern: "/etc/*" }, "pattern escapes the workspace"],
    ["a path outside", { pattern: "*", path: ".." }, "path escapes the workspace"],
    ["a missing path", { pattern: "*", path: "lib" }, "Path not found: lib"],
    ["a file as path", { pattern: "*", path: "README.md" }, "README.md is a file, not a folder"],
  ])("refuses %s", async (_what, input, says) => {
    const out = await glob(input);
    expect(out.isError).toBe(true);
    expect(out.content).toContain(says);
  });

  it("accepts an absolute path inside the workspace", async () => {
    expect((await glob({ pattern: "*.ts", path: path.join(ws.dir, "src/util") })).content).toBe("src/util/c.ts");
  });

  it("is concurrency-safe, and says nothing about permissions (lesson 3 does)", () => {
    expect(globTool).toMatchObject({ concurrencySafe: true });
    expect(Object.keys(globTool).sort()).toEqual(EARLY_TOOL_FIELDS);
  });
});

describe("names that start with ..", () => {
  it("are written .[.]… for the glob library, which would read a leading .. as a step up and crawl the folder above", () => {
    expect(insidePattern("..*/**")).toBe(".[.]*/**");
    expect(insidePattern("src/..notes")).toBe("src/.[.]notes");
    expect(insidePattern("{..a,b}/*.js")).toBe("{.[.]a,b}/*.js");
    expect(insidePattern("**/*.js")).toBe("**/*.js");
    expect(insidePattern("a..b/c")).toBe("a..b/c"); // not at a name's start: untouched
  });
});
