/** `--check-config`: every mechanism's report on the files it reads, gathered into one document. */
import { describe, expect, it } from "vitest";
import { configExitCode, userClaudeDir } from "../src/runtime/config-check.ts";
import { parseCli, usage } from "../src/app/cli/args.ts";
import { lessonFrom } from "../src/harness.ts";
import type { ConfigSections, Mechanism } from "../src/index.ts";

const about = { id: "s99", title: "Test", headline: "a test lesson", demoScripts: [], createAgent: () => ({}) as never };
const reading = (name: string, sections: ConfigSections): Mechanism => ({ name, add: (parts) => parts, checkConfig: async () => sections });
const place = { cwd: "/ws", userDir: "/home/u/.claude" };

describe("lessonFrom: --check-config gathered over the list", () => {
  it("a lesson whose mechanisms read no Claude Code files has no check, and no --check-config flag", () => {
    const s01 = lessonFrom([{ name: "bash", add: (p) => p }], about);
    expect(s01.checkConfig).toBeUndefined();
    expect(() => parseCli(["--check-config"], s01)).toThrow(/Unknown option '--check-config'/);
    expect(usage(s01)).not.toContain("--check-config");
  });

  it("joins every mechanism's lists by format, in the report's format order, with the lesson's id first", async () => {
    const lesson = lessonFrom(
      [
        reading("skills", { skills: [{ file: ".claude/skills/a/SKILL.md", name: "a", status: "loaded" }], commands: [] }),
        reading("permissions", { settings: [{ file: ".claude/settings.json", status: "loaded" }] }),
        reading("more skills", { skills: [{ file: ".claude/skills/b/SKILL.md", name: "b", status: "refused", reason: "no" }] }),
      ],
      about,
    );
    expect(parseCli(["--check-config", "--cwd", "x"], lesson)).toMatchObject({ checkConfig: true, cwd: "x" });
    const report = await lesson.checkConfig!(place);
    expect(Object.keys(report)).toEqual(["lesson", "settings", "skills", "commands"]);
    expect(report.skills!.map((s) => s.name)).toEqual(["a", "b"]);
    expect(configExitCode(report)).toBe(1);
  });

  it("exits 0 only when every file loaded whole: a partial file (a dropped rule) is something refused", () => {
    expect(configExitCode({ lesson: "s03", settings: [{ file: "f", status: "loaded", ignored: ["model"] }] })).toBe(0);
    expect(configExitCode({ lesson: "s03", settings: [{ file: "f", status: "partial", problems: ["p"] }] })).toBe(1);
    expect(configExitCode({ lesson: "s03" })).toBe(0);
  });

  it("finds the user's folder where Claude Code does: CLAUDE_CONFIG_DIR, else ~/.claude", () => {
    expect(userClaudeDir({ CLAUDE_CONFIG_DIR: "/opt/cc" })).toBe("/opt/cc");
    expect(userClaudeDir({})).toMatch(/[/\\]\.claude$/);
  });
});
