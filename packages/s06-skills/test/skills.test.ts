/**
 * Skills, layer 1: parsing a SKILL.md (a table, good and bad), loading a workspace's skills
 * beside the bundled ones (bad files reported with file and reason, the rest still loaded),
 * the course's own bundled skills, and the system prompt's skills section.
 */
import { mkdir, readFile, symlink } from "node:fs/promises";
import path from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { tempWorkspace, type TempWorkspace } from "@learn/core/testing";
import { parseSkillFile } from "@learn/claude-code-files";
import { BUNDLED_SKILLS_DIR, loadSkills, skillsSection, SKILLS_DIR, type Skill } from "../src/skills/index.ts";

const skillMd = (frontmatter: string, body = "Do the thing.") => `---\n${frontmatter}\n---\n${body}\n`;
const good = (name: string, description = `The ${name} skill.`) => skillMd(`name: ${name}\ndescription: ${description}`);

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
    const catalog = await loadSkills(ws.dir, { bundledDir: bundled() });

    // The folder is the identity: a `name:` that differs, capitals in it, no
    // description, a long one, no frontmatter at all — each loads, as in Claude Code.
    expect(catalog.skills.map((s) => [s.name, s.displayName, s.description.length > 60 ? `${s.description.length} chars` : s.description, s.source])).toEqual([
      ["Bad_Name", "Bad_Name", "The Bad_Name skill.", "workspace"],
      ["bad-yaml", "bad-yaml", "a: b: c", "workspace"],
      ["deploy", "deploy", "Ship it.", "workspace"],
      // All frontmatter, no instructions: Claude Code lists it by its description, and so do we.
      ["empty", "empty", "d", "workspace"],
      ["long", "long", "1100 chars", "workspace"],
      ["moved", "old-name", "The old-name skill.", "workspace"],
      ["no-description", "no-description", "Do the thing.", "workspace"],
      ["no-frontmatter", undefined, "Just text.", "workspace"],
      ["shared-skill", "shared-skill", "The shared-skill skill.", "bundled"],
    ]);
    expect(catalog.skills.find((s) => s.name === "deploy")).toMatchObject({ allowedTools: ["Bash(git:*)"], file: ".claude/skills/deploy/SKILL.md", dir: path.join(ws.dir, SKILLS_DIR, "deploy") });
    expect(catalog.problems).toEqual([
      ".claude/skills/a-folder/SKILL.md: skipped: a directory, not a regular file",
      ".claude/skills/lowercase/skill.md: skipped: the file must be named SKILL.md, in capitals",
    ]);
    expect(catalog.notices).toEqual([".claude/skills/deploy/SKILL.md: read, with no mechanism here, ignored: license: MIT"]);
  });

  it("a workspace skill replaces the bundled one of the same name, with a notice", async () => {
    ws = await tempWorkspace({
      "bundled/code-review/SKILL.md": good("code-review", "The course's review."),
      "bundled/write-a-test/SKILL.md": good("write-a-test"),
      [`${SKILLS_DIR}/code-review/SKILL.md`]: good("code-review", "Our team's review."),
    });
    const catalog = await loadSkills(ws.dir, { bundledDir: bundled() });
    expect(catalog.skills.map((s) => [s.name, s.description, s.source])).toEqual([
      ["code-review", "Our team's review.", "workspace"],
      ["write-a-test", "The write-a-test skill.", "bundled"],
    ]);
    expect(catalog.notices).toEqual(['.claude/skills/code-review/SKILL.md replaces the bundled skill "code-review".']);
    expect(catalog.problems).toEqual([]);
  });

  it("a symlinked skill folder that lives elsewhere is the user's own: it loads", async () => {
    ws = await tempWorkspace({ "elsewhere/my-notes/SKILL.md": good("my-notes"), "bundled/.keep": "" });
    await mkdir(path.join(ws.dir, SKILLS_DIR), { recursive: true });
    await symlink(path.join(ws.dir, "elsewhere/my-notes"), path.join(ws.dir, SKILLS_DIR, "my-notes"));
    await symlink(path.join(ws.dir, "nowhere"), path.join(ws.dir, SKILLS_DIR, "dangling"));
    const catalog = await loadSkills(ws.dir, { bundledDir: bundled() });
    expect(catalog.skills).toEqual([expect.objectContaining({ name: "my-notes", description: "The my-notes skill.", dir: path.join(ws.dir, SKILLS_DIR, "my-notes"), source: "workspace" })]);
    expect(catalog.problems).toEqual([expect.stringMatching(/^\.claude\/skills\/dangling\/SKILL\.md: skipped: ENOENT/)]);
  });

  it("a SKILL.md that is a symlink to a file outside its folder is refused", async () => {
    ws = await tempWorkspace({ "secret.md": good("linked"), "bundled/.keep": "" });
    await mkdir(path.join(ws.dir, SKILLS_DIR, "linked"), { recursive: true });
    await symlink(path.join(ws.dir, "secret.md"), path.join(ws.dir, SKILLS_DIR, "linked/SKILL.md"));
    const catalog = await loadSkills(ws.dir, { bundledDir: bundled() });
    expect(catalog.skills).toEqual([]);
    expect(catalog.problems).toEqual([".claude/skills/linked/SKILL.md: skipped: SKILL.md is not inside the skill's folder"]);
  });

  it("no .claude/skills: only the bundled skills, no problems", async () => {
    ws = await tempWorkspace({ "bundled/only/SKILL.md": good("only") });
    const catalog = await loadSkills(ws.dir, { bundledDir: bundled() });
    expect(catalog).toEqual({ skills: [expect.objectContaining({ name: "only" })], problems: [], notices: [], reports: [] });
  });

  it("a .claude/skills that is a file, and a missing bundled folder, are reported; nothing else breaks", async () => {
    ws = await tempWorkspace({ [SKILLS_DIR]: "a file, not a folder" });
    const catalog = await loadSkills(ws.dir, { bundledDir: bundled() });
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
  const skill = (name: string, description: string, more: Partial<Skill> = {}): Skill => ({
    name,
    description,
    dir: `/skills/${name}`,
    source: "bundled",
    file: `/skills/${name}/SKILL.md`,
    allowedTools: [],
    userOnly: false,
    modelOnly: false,
    ...more,
  });

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

  it("a user-only skill is not listed; a long description is cut at 1,536 characters, the last one …, as Claude Code lists it", () => {
    const section = skillsSection([skill("long", "w".repeat(2000)), skill("mine", "Deploy.", { userOnly: true }), skill("exact", "e".repeat(1536))])!;
    const lines = section.split("\n").slice(1);
    expect(lines).toEqual([`- long: ${"w".repeat(1535)}…`, `- exact: ${"e".repeat(1536)}`]);
    expect(skillsSection([skill("mine", "Deploy.", { userOnly: true })])).toBeUndefined();
  });
});
