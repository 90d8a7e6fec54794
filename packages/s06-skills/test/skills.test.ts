/**
 * Skills, layer 1: parsing a SKILL.md (a table, good and bad), loading a workspace's skills
 * beside the bundled ones (bad files reported with file and reason, the rest still loaded),
 * the course's own bundled skills, and the system prompt's skills section.
 */
import { mkdir, readFile, symlink, writeFile } from "node:fs/promises";
import path from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { tempWorkspace, type TempWorkspace } from "@learn/core/testing";
import { BUNDLED_SKILLS_DIR, loadSkills, parseSkillFile, skillsSection, SKILLS_DIR, type Skill } from "../src/skills/index.ts";

const skillMd = (frontmatter: string, body = "Do the thing.") => `---\n${frontmatter}\n---\n${body}\n`;
const good = (name: string, description = `The ${name} skill.`) => skillMd(`name: ${name}\ndescription: ${description}`);

describe("parseSkillFile", () => {
  const goodCases: { what: string; text: string; expected: object }[] = [
    {
      what: "a plain skill",
      text: skillMd("name: code-review\ndescription: Reviews code.", "# Review\n\n1. Read the diff."),
      expected: { name: "code-review", description: "Reviews code.", body: "# Review\n\n1. Read the diff." },
    },
    {
      what: "a SKILL.md written for Claude Code: license, allowed-tools, metadata and version are ignored",
      text: skillMd(
        'name: pdf-tools\ndescription: "Extract text: from PDFs."\nlicense: Apache-2.0\nallowed-tools: Bash(python:*), Read\nversion: 1.2.0\nmetadata:\n  author: someone\n  tags: [pdf, text]',
      ),
      expected: { name: "pdf-tools", description: "Extract text: from PDFs.", body: "Do the thing." },
    },
    {
      what: "a folded multi-line description comes out on one line",
      text: skillMd("name: folded\ndescription: >\n  First line,\n  second line.\n\n  After a blank line."),
      expected: { description: "First line, second line. After a blank line." },
    },
    {
      what: "CRLF line ends and a BOM",
      text: "\uFEFF---\r\nname: crlf\r\ndescription: d\r\n---\r\nLine one.\r\n",
      expected: { name: "crlf", body: "Line one." },
    },
    {
      what: "a name of 64 characters and a description of 1024",
      text: skillMd(`name: ${"a".repeat(64)}\ndescription: ${"d".repeat(1024)}`),
      expected: { name: "a".repeat(64) },
    },
  ];
  for (const c of goodCases) {
    it(c.what, () => expect(parseSkillFile(c.text)).toMatchObject(c.expected));
  }

  const badCases: { what: string; text: string; error: string }[] = [
    { what: "no frontmatter", text: "# Just Markdown\n", error: "it does not start with a frontmatter block (a line ---, YAML, a line ---)" },
    { what: "YAML that does not parse", text: skillMd("  name: x\ndescription: d"), error: "its frontmatter is not valid YAML (" },
    { what: "a list, not a mapping", text: skillMd("- name\n- description"), error: "its frontmatter is not a YAML mapping" },
    { what: "no name", text: skillMd("description: d"), error: "its frontmatter is wrong: name: " },
    { what: "capitals in the name", text: skillMd("name: Code-Review\ndescription: d"), error: "name: expected lowercase letters, digits and single hyphens between them (like code-review)" },
    { what: "an underscore in the name", text: skillMd("name: code_review\ndescription: d"), error: "name: expected lowercase letters" },
    { what: "a leading hyphen", text: skillMd("name: -review\ndescription: d"), error: "name: expected lowercase letters" },
    { what: "a name of 65 characters", text: skillMd(`name: ${"a".repeat(65)}\ndescription: d`), error: "name: must be at most 64 characters" },
    { what: "no description", text: skillMd("name: x"), error: "its frontmatter is wrong: description: " },
    { what: "an empty description", text: skillMd("name: x\ndescription: '  '"), error: "description: must not be empty" },
    { what: "a description of 1025 characters", text: skillMd(`name: x\ndescription: ${"d".repeat(1025)}`), error: "description: must be at most 1024 characters" },
    { what: "an empty body", text: skillMd("name: x\ndescription: d", "  \n "), error: "its body, the skill's instructions, is empty" },
  ];
  for (const c of badCases) {
    it(`refuses ${c.what}`, () => expect(() => parseSkillFile(c.text)).toThrow(c.error));
  }
});

describe("loadSkills", () => {
  let ws: TempWorkspace;
  afterEach(() => ws.cleanup());
  const bundled = () => path.join(ws.dir, "bundled");

  it("loads the good skills, reports each bad one with its file and reason, passes over what is not a skill", async () => {
    ws = await tempWorkspace({
      "bundled/shared-skill/SKILL.md": good("shared-skill"),
      [`${SKILLS_DIR}/deploy/SKILL.md`]: skillMd("name: deploy\ndescription: Ship it.\nlicense: MIT\nallowed-tools: Bash(git:*)"),
      [`${SKILLS_DIR}/deploy/scripts/ship.sh`]: "echo ship\n",
      [`${SKILLS_DIR}/no-frontmatter/SKILL.md`]: "Just text.\n",
      [`${SKILLS_DIR}/bad-yaml/SKILL.md`]: skillMd("name: bad-yaml\ndescription: a: b: c"),
      [`${SKILLS_DIR}/moved/SKILL.md`]: good("old-name"),
      [`${SKILLS_DIR}/Bad_Name/SKILL.md`]: good("Bad_Name"),
      [`${SKILLS_DIR}/no-description/SKILL.md`]: skillMd("name: no-description"),
      [`${SKILLS_DIR}/long/SKILL.md`]: skillMd(`name: long\ndescription: ${"x".repeat(1100)}`),
      [`${SKILLS_DIR}/empty/SKILL.md`]: skillMd("name: empty\ndescription: d", ""),
      [`${SKILLS_DIR}/lowercase/skill.md`]: good("lowercase"),
      [`${SKILLS_DIR}/helpers/common.sh`]: "# shared scripts, not a skill\n",
      [`${SKILLS_DIR}/.hidden/SKILL.md`]: "not even parsed\n",
      [`${SKILLS_DIR}/README.md`]: "A loose file beside the skill folders.\n",
    });
    await mkdir(path.join(ws.dir, SKILLS_DIR, "a-folder/SKILL.md"), { recursive: true });
    const catalog = await loadSkills(ws.dir, bundled());

    expect(catalog.skills).toEqual<Skill[]>([
      // `a: b: c` is not strict YAML; Claude Code quotes it and reads it again, and so do we.
      { name: "bad-yaml", description: "a: b: c", dir: path.join(ws.dir, SKILLS_DIR, "bad-yaml"), source: "workspace" },
      { name: "deploy", description: "Ship it.", dir: path.join(ws.dir, SKILLS_DIR, "deploy"), source: "workspace" },
      { name: "shared-skill", description: "The shared-skill skill.", dir: path.join(bundled(), "shared-skill"), source: "bundled" },
    ]);
    expect(catalog.problems).toEqual([
      ".claude/skills/Bad_Name/SKILL.md: skipped: its frontmatter is wrong: name: expected lowercase letters, digits and single hyphens between them (like code-review)",
      ".claude/skills/a-folder/SKILL.md: skipped: a directory, not a regular file",
      ".claude/skills/empty/SKILL.md: skipped: its body, the skill's instructions, is empty",
      ".claude/skills/long/SKILL.md: skipped: its frontmatter is wrong: description: must be at most 1024 characters",
      ".claude/skills/lowercase/skill.md: skipped: the file must be named SKILL.md, in capitals",
      '.claude/skills/moved/SKILL.md: skipped: its name "old-name" is not its folder\'s name "moved" (they must be the same)',
      ".claude/skills/no-description/SKILL.md: skipped: its frontmatter is wrong: description: Invalid input: expected string, received undefined",
      ".claude/skills/no-frontmatter/SKILL.md: skipped: it does not start with a frontmatter block (a line ---, YAML, a line ---)",
    ]);
    expect(catalog.notices).toEqual([]);
  });

  it("a workspace skill replaces the bundled one of the same name, with a notice", async () => {
    ws = await tempWorkspace({
      "bundled/code-review/SKILL.md": good("code-review", "The course's review."),
      "bundled/write-a-test/SKILL.md": good("write-a-test"),
      [`${SKILLS_DIR}/code-review/SKILL.md`]: good("code-review", "Our team's review."),
    });
    const catalog = await loadSkills(ws.dir, bundled());
    expect(catalog.skills.map((s) => [s.name, s.description, s.source])).toEqual([
      ["code-review", "Our team's review.", "workspace"],
      ["write-a-test", "The write-a-test skill.", "bundled"],
    ]);
    expect(catalog.notices).toEqual(['.claude/skills/code-review replaces the bundled skill "code-review".']);
    expect(catalog.problems).toEqual([]);
  });

  it("a symlinked skill folder that lives elsewhere is the user's own: it loads", async () => {
    ws = await tempWorkspace({ "elsewhere/my-notes/SKILL.md": good("my-notes"), "bundled/.keep": "" });
    await mkdir(path.join(ws.dir, SKILLS_DIR), { recursive: true });
    await symlink(path.join(ws.dir, "elsewhere/my-notes"), path.join(ws.dir, SKILLS_DIR, "my-notes"));
    await symlink(path.join(ws.dir, "nowhere"), path.join(ws.dir, SKILLS_DIR, "dangling"));
    const catalog = await loadSkills(ws.dir, bundled());
    expect(catalog.skills).toEqual([{ name: "my-notes", description: "The my-notes skill.", dir: path.join(ws.dir, SKILLS_DIR, "my-notes"), source: "workspace" }]);
    expect(catalog.problems).toEqual([expect.stringMatching(/^\.claude\/skills\/dangling\/SKILL\.md: skipped: ENOENT/)]);
  });

  it("a SKILL.md that is a symlink to a file outside its folder is refused", async () => {
    ws = await tempWorkspace({ "secret.md": good("linked"), "bundled/.keep": "" });
    await mkdir(path.join(ws.dir, SKILLS_DIR, "linked"), { recursive: true });
    await symlink(path.join(ws.dir, "secret.md"), path.join(ws.dir, SKILLS_DIR, "linked/SKILL.md"));
    const catalog = await loadSkills(ws.dir, bundled());
    expect(catalog.skills).toEqual([]);
    expect(catalog.problems).toEqual([".claude/skills/linked/SKILL.md: skipped: SKILL.md is not inside the skill's folder"]);
  });

  it("no .claude/skills: only the bundled skills, no problems", async () => {
    ws = await tempWorkspace({ "bundled/only/SKILL.md": good("only") });
    const catalog = await loadSkills(ws.dir, bundled());
    expect(catalog).toEqual({ skills: [expect.objectContaining({ name: "only" })], problems: [], notices: [] });
  });

  it("a .claude/skills that is a file, and a missing bundled folder, are reported; nothing else breaks", async () => {
    ws = await tempWorkspace({ [SKILLS_DIR]: "a file, not a folder" });
    const catalog = await loadSkills(ws.dir, bundled());
    expect(catalog.skills).toEqual([]);
    expect(catalog.problems).toEqual([
      expect.stringMatching(new RegExp(`^${bundled()}: cannot be read \\(ENOENT.*\\); no bundled skills are offered$`)),
      expect.stringMatching(/^\.claude\/skills: cannot be read \(ENOTDIR.*\); no workspace skills are offered$/),
    ]);
  });
});

describe("the bundled skills", () => {
  let ws: TempWorkspace;
  afterEach(() => ws.cleanup());

  it("all load with no problems, from the package's skills folder", async () => {
    ws = await tempWorkspace({ "README.md": "" });
    const catalog = await loadSkills(ws.dir);
    expect(BUNDLED_SKILLS_DIR).toBe(path.resolve(import.meta.dirname, "../skills"));
    expect(catalog.problems).toEqual([]);
    expect(catalog.skills.map((s) => [s.name, s.source, s.dir])).toEqual(
      ["code-review", "commit-message", "write-a-test"].map((name) => [name, "bundled", path.join(BUNDLED_SKILLS_DIR, name)]),
    );
  });

  it.each([
    ["code-review", "reference/checklist.md"],
    ["commit-message", "reference/conventional-commits.md"],
    ["write-a-test", "reference/node-test.md"],
  ])("%s is short, and the reference file its body names exists", async (name, reference) => {
    const text = await readFile(path.join(BUNDLED_SKILLS_DIR, name, "SKILL.md"), "utf8");
    const { body } = parseSkillFile(text);
    expect(text.split("\n").length).toBeLessThanOrEqual(60);
    expect(body).toContain(`\`${reference}\``);
    await expect(readFile(path.join(BUNDLED_SKILLS_DIR, name, reference), "utf8")).resolves.not.toBe("");
  });
});

describe("skillsSection", () => {
  const skill = (name: string, description: string): Skill => ({ name, description, dir: `/skills/${name}`, source: "bundled" });

  it("one sentence on when to load a skill, then one line per skill", () => {
    expect(skillsSection([skill("code-review", "Review a change."), skill("write-a-test", "Add a node:test test.")])).toBe(
      "Skills hold instructions for particular kinds of work. Before you start work that one of these skills covers, " +
        "call load_skill with its name and follow what it says:\n" +
        "- code-review: Review a change.\n" +
        "- write-a-test: Add a node:test test.",
    );
  });

  it("no skills, no section", () => {
    expect(skillsSection([])).toBeUndefined();
  });
});
