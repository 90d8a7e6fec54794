import { execFileSync } from "node:child_process";
import { symlink } from "node:fs/promises";
import path from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { tempWorkspace, type TempWorkspace } from "@learn/core/testing";
import { globTool } from "../src/files/glob.ts";
import { grepTool, MAX_GREP_MATCHES, MAX_MATCH_LINE_CHARS } from "../src/files/grep.ts";
import { ctxIn, EARLY_TOOL_FIELDS } from "./helpers.ts";

let ws: TempWorkspace;
beforeEach(async () => {
  ws = await tempWorkspace({
    "src/cart.js": "export function cartTotal(cart) {\n  return sum - line;\n}\n",
    "src/format.js": "export function formatPrice(cents) {}\n",
    "notes.md": "cartTotal is broken\n",
    "logo.bin": "cartTotal\0binary",
    "node_modules/lib/index.js": "function cartTotal() {}\n",
    ".git/config": "cartTotal\n",
    "min.js": `var cartTotal=${"x".repeat(500)};\n`,
  });
});
afterEach(() => ws.cleanup());

const grep = (input: unknown) => grepTool.execute(input, ctxIn(ws));

describe("grep", () => {
  it("answers file:line: text, skipping binary files, node_modules and .git", async () => {
    const out = await grep({ pattern: "cartTotal", glob: "**/*.{js,md}" });
    expect(out.isError).toBe(false);
    const lines = out.content.split("\n");
    expect(lines.map((l) => l.slice(0, l.indexOf(": ")))).toEqual(["min.js:1", "notes.md:1", "src/cart.js:1"]);
    expect(lines.slice(1)).toEqual(["notes.md:1: cartTotal is broken", "src/cart.js:1: export function cartTotal(cart) {"]);
  });

  it("searches every text file when no glob is given", async () => {
    const out = await grep({ pattern: "^cartTotal" });
    expect(out.content).toBe("notes.md:1: cartTotal is broken");
  });

  it("takes a JavaScript regex", async () => {
    expect((await grep({ pattern: "function \\w+\\(cents\\)" })).content).toBe("src/format.js:1: export function formatPrice(cents) {}");
  });

  it("filters files with a glob", async () => {
    expect((await grep({ pattern: "function", glob: "src/c*.js" })).content).toBe("src/cart.js:1: export function cartTotal(cart) {");
  });

  it("searches under a folder or in one file", async () => {
    expect((await grep({ pattern: "return", path: "src" })).content).toBe("src/cart.js:2:   return sum - line;");
    expect((await grep({ pattern: "cents", path: "src/format.js" })).content).toContain("src/format.js:1:");
  });

  it("trims long matching lines", async () => {
    const line = (await grep({ pattern: "var cartTotal" })).content;
    expect(line.length).toBe("min.js:1: ".length + MAX_MATCH_LINE_CHARS + 1);
    expect(line.endsWith("…")).toBe(true);
  });

  it("says when nothing matches", async () => {
    expect(await grep({ pattern: "nothing here", path: "src" })).toEqual({ content: "No matches for /nothing here/ in src", isError: false });
  });

  it("refuses an invalid regex with a clear error", async () => {
    const out = await grep({ pattern: "cartTotal(" });
    expect(out.isError).toBe(true);
    expect(out.content).toBe(
      "Error: Invalid regular expression: missing closing ): `cartTotal(` (grep uses RE2 syntax, which matches in linear time: " +
        "backreferences like \\1 and lookaround like (?=, (?!, (?<= and (?<! are not supported)",
    );
  });

  it.each([
    ["a backreference", "(cart)\\1"],
    ["a lookahead", "cart(?=Total)"],
    ["a negative lookbehind", "(?<!export )function"],
  ])("refuses %s, and says which features are missing", async (_what, pattern) => {
    const out = await grep({ pattern });
    expect(out.isError).toBe(true);
    expect(out.content).toMatch(/^Error: Invalid regular expression: /);
    expect(out.content).toContain("backreferences like \\1 and lookaround like (?=, (?!, (?<= and (?<! are not supported");
  });

  // With a backtracking engine, `(a+)+$` against a's followed by a b takes exponential time,
  // inside one uninterruptible call. RE2 is linear: this answers at once. (The only bound is
  // the test timeout: it proves "did not hang", not a speed.)
  it("answers promptly on a catastrophic regex", async () => {
    const evil = await tempWorkspace({ "evil.txt": `${"a".repeat(50_000)}b\n`, "ok.txt": "aaa\n" });
    try {
      const out = await grepTool.execute({ pattern: "(a+)+$" }, ctxIn(evil));
      expect(out).toEqual({ content: "ok.txt:1: aaa", isError: false });
    } finally {
      await evil.cleanup();
    }
  });

  it.each([
    ["a path outside", { pattern: "x", path: "../" }, "path escapes the workspace"],
    ["a glob outside", { pattern: "x", glob: "../**" }, "pattern escapes the workspace"],
    ["a missing path", { pattern: "x", path: "lib" }, "Path not found: lib"],
  ])("refuses %s", async (_what, input, says) => {
    const out = await grep(input);
    expect(out.isError).toBe(true);
    expect(out.content).toContain(says);
  });

  it(`returns at most ${MAX_GREP_MATCHES} matches and says how many more there are`, async () => {
    const big = await tempWorkspace({ "log.txt": "hit\n".repeat(250) });
    try {
      const shown = (await grepTool.execute({ pattern: "hit" }, ctxIn(big))).content.split("\n");
      expect(shown).toHaveLength(MAX_GREP_MATCHES + 1);
      expect(shown[MAX_GREP_MATCHES - 1]).toBe(`log.txt:${MAX_GREP_MATCHES}: hit`);
      expect(shown[MAX_GREP_MATCHES]).toBe("... (50 more matches: narrow the pattern or the path)");
    } finally {
      await big.cleanup();
    }
  });

  it("is concurrency-safe, and says nothing about permissions (lesson 3 does)", () => {
    expect(grepTool).toMatchObject({ concurrencySafe: true });
    expect(Object.keys(grepTool).sort()).toEqual(EARLY_TOOL_FIELDS);
  });
});

describe("grep and glob with special files and a cancelled turn", () => {
  it("skip a named pipe (FIFO) in a search, and refuse one named outright, without hanging", async () => {
    execFileSync("mkfifo", [path.join(ws.dir, "src", "pipe.js")]);
    await symlink("pipe.js", path.join(ws.dir, "src", "pipe-link.js"));
    const found = await grep({ pattern: "cartTotal", path: "src" });
    expect(found).toEqual({ content: "src/cart.js:1: export function cartTotal(cart) {", isError: false });
    for (const named of ["src/pipe.js", "src/pipe-link.js"]) {
      expect(await grep({ pattern: "x", path: named })).toEqual({
        content: `Error: ${named} is a named pipe (FIFO): search a folder or a regular file`,
        isError: true,
      });
    }
  });

  const many = () => tempWorkspace(Object.fromEntries(Array.from({ length: 100 }, (_, i) => [`gen/f${i}.txt`, "hit\n"])));

  it("stop a search when the turn was already cancelled", async () => {
    const big = await many();
    try {
      const controller = new AbortController();
      controller.abort();
      const ctx = { ...ctxIn(big), signal: controller.signal };
      for (const out of [await grepTool.execute({ pattern: "hit" }, ctx), await globTool.execute({ pattern: "**/*" }, ctx)]) {
        expect(out.isError).toBe(true);
        expect(out.content).toMatch(/^Error: Interrupted by the user: /);
        expect(out.content).not.toContain("gen/");
      }
    } finally {
      await big.cleanup();
    }
  });

  it("grep stops between files when the turn is cancelled during the search", async () => {
    const big = await many();
    try {
      const controller = new AbortController();
      let checked = 0;
      // The readable check runs once a file is listed: cancel there, as a Ctrl-C would.
      const readable = () => {
        if (++checked === 10) controller.abort();
        return true;
      };
      const out = await grepTool.execute({ pattern: "hit" }, { ...ctxIn(big), signal: controller.signal, readable });
      expect(out).toEqual({ content: "Error: Interrupted by the user: grep stopped after 0 of 100 files (0 matches so far)", isError: true });
    } finally {
      await big.cleanup();
    }
  });
});

describe("grep and glob with a `readable` check in the context (s03's Read deny rules)", () => {
  const notNotes = (file: string) => !file.endsWith("notes.md");

  it("skip the files it refuses, and refuse one named outright", async () => {
    const ctx = { ...ctxIn(ws), readable: notNotes };
    const found = await grepTool.execute({ pattern: "cartTotal", glob: "**/*.{js,md}" }, ctx);
    expect(found.content).not.toContain("notes.md");
    expect(found.content).toContain("src/cart.js:1:");
    const named = await grepTool.execute({ pattern: "cartTotal", path: "notes.md" }, ctx);
    expect(named).toEqual({ isError: true, content: "Error: notes.md is off limits: the permission rules keep it from being read" });
    const listed = await globTool.execute({ pattern: "**/*.md" }, ctx);
    expect(listed.content).toBe("No files match **/*.md");
  });
});
