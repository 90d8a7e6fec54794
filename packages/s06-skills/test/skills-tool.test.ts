/**
 * Skills, layer 2: the load_skill tool, run as the kernel runs it (`execute` with an agent
 * context). The instructions exactly as the model reads them, the folder's files listed and
 * read, and every way of asking for something else refused with what could have been asked.
 */
import { mkdir, symlink, writeFile } from "node:fs/promises";
import path from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { MAX_OUTPUT_CHARS } from "@learn/core";
import { tempWorkspace, testContext, type TempWorkspace } from "@learn/core/testing";
import { BUNDLED_SKILLS_DIR, loadedSkills, loadSkills, loadSkillTool, MAX_LISTED_FILES, MAX_READ_BYTES, SKILLS_DIR, type SkillCatalog } from "../src/skills/index.ts";

const REVIEW_BODY = "# Review\n\nGo through `reference/checklist.md`.";

let ws: TempWorkspace;
let catalog: SkillCatalog;
const skillDir = (name: string) => path.join(ws.dir, SKILLS_DIR, name);
const call = (input: unknown) => loadSkillTool(catalog).execute(input, testContext(ws.dir));

beforeEach(async () => {
  ws = await tempWorkspace({
    "outside.md": "a file of the workspace, not of the skill\n",
    [`${SKILLS_DIR}/code-review/SKILL.md`]: `---\nname: code-review\ndescription: Reviews.\nlicense: MIT\n---\n\n${REVIEW_BODY}\n\n`,
    [`${SKILLS_DIR}/code-review/reference/checklist.md`]: "- [ ] correctness\n",
    [`${SKILLS_DIR}/code-review/scripts/lint.sh`]: "#!/bin/sh\n",
    [`${SKILLS_DIR}/code-review/template.md`]: "## Findings\n",
    [`${SKILLS_DIR}/code-review/node_modules/dep/index.js`]: "module.exports = 1;\n",
    [`${SKILLS_DIR}/code-review/.git/HEAD`]: "ref: refs/heads/main\n",
    [`${SKILLS_DIR}/bare/SKILL.md`]: "---\nname: bare\ndescription: Nothing beside it.\n---\nJust this.\n",
  });
  // Links inside a skill's folder are never followed: neither a file nor a folder.
  await symlink(path.join(ws.dir, "outside.md"), path.join(skillDir("code-review"), "linked.md"));
  await symlink(ws.dir, path.join(skillDir("code-review"), "workspace"));
  catalog = await loadSkills(ws.dir, { bundledDir: path.join(ws.dir, "no-bundled-skills") });
});
afterEach(() => ws.cleanup());

describe("load_skill", () => {
  it("is a read-only tool that may run beside others, named Skill for Claude Code's rules", () => {
    const tool = loadSkillTool(catalog);
    expect(tool.spec.name).toBe("load_skill");
    expect(tool.spec.input_schema).toMatchObject({ type: "object", required: ["name"], properties: { name: { type: "string" }, file: { type: "string" } } });
    expect([tool.permission?.mutating, tool.concurrencySafe]).toEqual([false, true]);
    expect(tool.permission?.claudeCode).toEqual({ name: "Skill", fields: { name: "skill" } });
    expect(tool.summary?.({ name: "code-review" })).toBe("code-review");
    expect(tool.summary?.({ name: "code-review", file: "reference/checklist.md" })).toBe("code-review: reference/checklist.md");
  });

  it("returns the body in a <skill> block, then the folder's own files and how to read one", async () => {
    expect(await call({ name: "code-review" })).toEqual({
      content:
        `<skill name="code-review">\n${REVIEW_BODY}\n</skill>\n` +
        `\nOther files in this skill's folder (${skillDir("code-review")}):\n` +
        "- reference/checklist.md\n" +
        "- scripts/lint.sh\n" +
        "- template.md\n" +
        'Read one with load_skill { "name": "code-review", "file": "<path as listed>" }.',
      isError: false,
      display: "loaded code-review (46 B, 3 files beside it)",
    });
  });

  it("a skill with no other files: the block alone", async () => {
    expect(await call({ name: "bare" })).toEqual({ content: '<skill name="bare">\nJust this.\n</skill>', isError: false, display: "loaded bare (10 B, 0 files beside it)" });
  });

  it("reads the body when called, so an edit made after loading counts", async () => {
    await writeFile(path.join(skillDir("bare"), "SKILL.md"), "---\nname: bare\ndescription: d\n---\nEdited.\n");
    expect((await call({ name: "bare" })).content).toBe('<skill name="bare">\nEdited.\n</skill>');
  });

  it("a SKILL.md broken since loading is an error that says why", async () => {
    await writeFile(path.join(skillDir("bare"), "SKILL.md"), "---\nname: bare\n---\n  \n");
    expect(await call({ name: "bare" })).toEqual({
      content: `Error: the skill "bare" cannot be loaded: ${path.join(skillDir("bare"), "SKILL.md")}: it has no description and no instructions (its body is empty)`,
      isError: true,
    });
  });

  it("reads a listed file, as listed or with a leading ./", async () => {
    expect(await call({ name: "code-review", file: "reference/checklist.md" })).toEqual({
      content: "- [ ] correctness\n",
      isError: false,
      display: "read code-review: reference/checklist.md (18 B)",
    });
    expect((await call({ name: "code-review", file: "./template.md" })).content).toBe("## Findings\n");
  });

  const FILES = "Its files: reference/checklist.md, scripts/lint.sh, template.md.";
  it.each([
    ["a path out of the folder", "../../../outside.md"],
    ["a path that climbs back in", "reference/../template.md"],
    ["an absolute path", "/etc/passwd"],
    ["an absolute path to a file of the skill", "ABSOLUTE"],
    ["a symlink in the folder", "linked.md"],
    ["a file through a symlinked folder", "workspace/outside.md"],
    ["a file under node_modules", "node_modules/dep/index.js"],
    ["a file under .git", ".git/HEAD"],
    ["a file that does not exist", "reference/missing.md"],
  ])("refuses %s, listing the files it could read", async (_what, file) => {
    const asked = file === "ABSOLUTE" ? path.join(skillDir("code-review"), "template.md") : file;
    expect(await call({ name: "code-review", file: asked })).toEqual({
      content: `Error: "${asked}" is not a file of the skill "code-review"; give a path as load_skill listed it. ${FILES}`,
      isError: true,
    });
  });

  it("SKILL.md itself is loaded without `file`; a skill with no other files says so", async () => {
    expect((await call({ name: "bare", file: "SKILL.md" })).content).toBe('Error: SKILL.md is the skill itself: call load_skill with just the name "bare".');
    expect((await call({ name: "bare", file: "notes.md" })).content).toBe('Error: "notes.md" is not a file of the skill "bare"; give a path as load_skill listed it. It has no other files.');
  });

  it("an unknown name lists the skills, suggesting the obvious one; case is forgiven", async () => {
    expect((await call({ name: "code-reveiw" })).content).toBe('Error: unknown skill "code-reveiw". Did you mean "code-review"? Available skills: bare, code-review.');
    expect((await call({ name: "review" })).content).toBe('Error: unknown skill "review". Did you mean "code-review"? Available skills: bare, code-review.');
    expect((await call({ name: "deploy" })).content).toBe('Error: unknown skill "deploy". Available skills: bare, code-review.');
    expect((await call({ name: "Code-Review" })).isError).toBe(false);
    const none = loadSkillTool({ skills: [], problems: [], notices: [], reports: [] });
    expect((await none.execute({ name: "x" }, testContext(ws.dir))).content).toBe('Error: unknown skill "x": no skills are installed.');
  });

  it("bad input is an error result, not a crash", async () => {
    expect(await call({ file: "x" })).toEqual({ content: expect.stringMatching(/^Invalid input for load_skill: name: /), isError: true });
  });
});

describe("load_skill's limits", () => {
  it(`lists at most ${MAX_LISTED_FILES} files, nearest first, and says there are more`, async () => {
    for (let i = 0; i < 60; i++) {
      const dir = i < 5 ? "" : "deep/";
      await mkdir(path.join(skillDir("bare"), dir), { recursive: true });
      await writeFile(path.join(skillDir("bare"), `${dir}f${String(i).padStart(2, "0")}.md`), "x");
    }
    const { content, display } = await call({ name: "bare" });
    const listed = content.split("\n").filter((line) => line.startsWith("- f") || line.startsWith("- deep/"));
    expect(listed).toHaveLength(MAX_LISTED_FILES);
    // The top-level files are kept; the cut falls on the deepest; the list is sorted.
    expect(listed).toEqual([...listed].sort());
    expect(listed).toEqual(expect.arrayContaining(["- f00.md", "- f01.md", "- f02.md", "- f03.md", "- f04.md"]));
    expect(listed).not.toContain("- deep/f59.md");
    expect(content).toContain(`- ... (more files: only the first ${MAX_LISTED_FILES} are listed)\n`);
    expect(display).toBe("loaded bare (10 B, 50+ files beside it)");
  });

  it("a binary file is refused; a huge file is read only in part, and says so", async () => {
    await writeFile(path.join(skillDir("bare"), "logo.png"), Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x00, 0x01]));
    await writeFile(path.join(skillDir("bare"), "huge.md"), "y".repeat(MAX_READ_BYTES * 3));
    expect((await call({ name: "bare", file: "logo.png" })).content).toBe('Error: the skill "bare": logo.png is a binary file, not text');
    const { content, isError } = await call({ name: "bare", file: "huge.md" });
    expect(isError).toBe(false);
    expect(content.length).toBeLessThanOrEqual(MAX_OUTPUT_CHARS);
    expect(content).toMatch(new RegExp(`\\.\\.\\. \\(file truncated: only the first ${MAX_READ_BYTES} of its ${MAX_READ_BYTES * 3} bytes were read\\)$`));
  });
});

describe("load_skill on the bundled skills (the lesson's demo path)", () => {
  it("loads write-a-test and reads its node:test cheat sheet", async () => {
    const bundled = loadSkillTool(await loadSkills(ws.dir));
    const loaded = await bundled.execute({ name: "write-a-test" }, testContext(ws.dir));
    expect(loaded.isError).toBe(false);
    expect(loaded.content).toMatch(/^<skill name="write-a-test">\n# Write a test\n/);
    expect(loaded.content).toContain(`\nOther files in this skill's folder (${path.join(BUNDLED_SKILLS_DIR, "write-a-test")}):\n- reference/node-test.md\n`);
    const reference = await bundled.execute({ name: "write-a-test", file: "reference/node-test.md" }, testContext(ws.dir));
    expect(reference.content).toContain('import assert from "node:assert/strict";');
    expect(reference.display).toMatch(/^read write-a-test: reference\/node-test\.md \(\d\.\d KB\)$/);
  });
});

describe("the skills loaded, as live state", () => {
  it("names each skill a load_skill call returned — not a file of one, not a failed call — and forgets on /clear", async () => {
    const loaded = loadedSkills();
    const tool = loadSkillTool({ skills: [], problems: [], notices: [], reports: [] });
    const call = async (input: Record<string, unknown>, isError = false) =>
      loaded.hook.run({ call: { id: "t", name: "load_skill", input, tool }, outcome: { content: "", isError } }, testContext("/w"));
    expect(loaded.state()).toBeUndefined();
    await call({ name: "write-a-test" });
    await call({ name: "code-review", file: "reference/checklist.md" });
    await call({ name: "nope" }, true);
    await call({ name: "code-review" });
    expect(loaded.state()).toBe("Skills you loaded and were following (load_skill again for their text): write-a-test, code-review");
    loaded.clear();
    expect(loaded.state()).toBeUndefined();
  });
});
