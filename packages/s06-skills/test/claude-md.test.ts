/**
 * CLAUDE.md: found at the root or in .claude/, capped with a note, and a file that cannot be
 * used reported rather than thrown. The section is there only when there is text.
 */
import { mkdir, writeFile } from "node:fs/promises";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { useTempWorkspace } from "@learn/core/testing";
import { CLAUDE_MD_MAX_CHARS, claudeMdSection, loadClaudeMd } from "../src/claude-md/claude-md.ts";

const ws = useTempWorkspace({ "README.md": "A workspace.\n" });
const put = async (file: string, content: string | Buffer) => {
  await mkdir(path.dirname(path.join(ws.dir, file)), { recursive: true });
  await writeFile(path.join(ws.dir, file), content);
};

describe("loadClaudeMd", () => {
  it("no CLAUDE.md: nothing, and no problem", async () => {
    expect(await loadClaudeMd(ws.dir)).toEqual({});
  });

  it("reads the workspace's CLAUDE.md (a BOM dropped), before .claude/CLAUDE.md", async () => {
    await put(".claude/CLAUDE.md", "Second place.\n");
    expect(await loadClaudeMd(ws.dir)).toEqual({ file: ".claude/CLAUDE.md", text: "Second place.\n" });
    await put("CLAUDE.md", "\uFEFFRun `pnpm test` before you commit.\n");
    expect(await loadClaudeMd(ws.dir)).toEqual({ file: "CLAUDE.md", text: "Run `pnpm test` before you commit.\n" });
  });

  it("a long file is cut at a line end, with a note saying how much was shown", async () => {
    const line = `${"x".repeat(99)}\n`; // 100 characters a line
    await put("CLAUDE.md", line.repeat(500)); // 50,000 characters
    const { text } = await loadClaudeMd(ws.dir);
    const [kept, note] = text!.split("\n\n");
    expect(kept!.length).toBe(CLAUDE_MD_MAX_CHARS - 1); // 400 whole lines, without the last newline
    expect(kept!.endsWith("x")).toBe(true);
    expect(note).toBe("[CLAUDE.md is 50000 characters; only the first 39999 are shown here.]");
  });

  it("a file of one long line is cut at the cap, never in the middle of a character", async () => {
    await put("CLAUDE.md", "a".repeat(CLAUDE_MD_MAX_CHARS - 1) + "😀".repeat(10));
    const { text } = await loadClaudeMd(ws.dir);
    expect(text).toBe(`${"a".repeat(CLAUDE_MD_MAX_CHARS - 1)}\n\n[CLAUDE.md is ${CLAUDE_MD_MAX_CHARS + 19} characters; only the first ${CLAUDE_MD_MAX_CHARS - 1} are shown here.]`);
  });

  it("bytes that are not UTF-8: a problem, no text", async () => {
    await put("CLAUDE.md", Buffer.from([0x52, 0x75, 0x6e, 0xff, 0xfe, 0x0a]));
    expect(await loadClaudeMd(ws.dir)).toEqual({ file: "CLAUDE.md", problem: "CLAUDE.md: not UTF-8 text; ignored" });
  });

  it("a folder named CLAUDE.md: a problem, no text", async () => {
    await mkdir(path.join(ws.dir, "CLAUDE.md"));
    expect(await loadClaudeMd(ws.dir)).toEqual({ file: "CLAUDE.md", problem: "CLAUDE.md: cannot be read (a directory, not a regular file); ignored" });
  });
});

describe("claudeMdSection", () => {
  it("frames the text as the project's own instructions; no text, no section", () => {
    expect(claudeMdSection("Use pnpm.\n")).toBe("Instructions from CLAUDE.md (the project's own notes; follow them):\n\nUse pnpm.");
    expect(claudeMdSection(undefined)).toBeUndefined();
    expect(claudeMdSection("  \n")).toBeUndefined();
  });
});
