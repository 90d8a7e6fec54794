/** load_skill under s03's permission policy: a workspace skill's files are the user's, and Read deny rules hold. */
import { mkdir, writeFile } from "node:fs/promises";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { useTempWorkspace } from "@learn/core/testing";
import { parseRule } from "@learn/claude-code-files";
import { decide, policyFor } from "@learn/s03";
import { loadSkills, loadSkillTool } from "../src/skills/index.ts";

const ws = useTempWorkspace({});

describe("load_skill under the permission policy", () => {
  it("a Read deny rule on a workspace skill's folder denies loading it, or reading its files; other skills load", async () => {
    await mkdir(path.join(ws.dir, ".claude/skills/secret-sauce/reference"), { recursive: true });
    await writeFile(path.join(ws.dir, ".claude/skills/secret-sauce/SKILL.md"), "---\nname: secret-sauce\ndescription: Internal recipe.\n---\nThe recipe.\n");
    await writeFile(path.join(ws.dir, ".claude/skills/secret-sauce/reference/notes.md"), "notes\n");
    const tool = loadSkillTool(await loadSkills(ws.dir));
    const parsedRules = { deny: [parseRule("Read(.claude/skills/secret-sauce/**)")], ask: [], allow: [] };
    const { policy } = policyFor({ rules: parsedRules, degraded: false }, "default", ".claude/settings.json");
    const decision = (input: Record<string, unknown>) => decide({ name: tool.name, input, tool }, policy, ws.dir);
    expect(decision({ name: "secret-sauce" })).toMatchObject({ behavior: "deny", step: "deny rule" });
    expect(decision({ name: "secret-sauce", file: "reference/notes.md" })).toMatchObject({ behavior: "deny", step: "deny rule" });
    expect(decision({ name: "write-a-test" }).behavior).toBe("allow"); // bundled: the course's, not the user's
  });
});
