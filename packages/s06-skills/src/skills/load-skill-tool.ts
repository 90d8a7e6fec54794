/**
 * Layer 2 of skills: load_skill. The system prompt lists what each skill is for; when the
 * model decides a skill fits its task, it calls load_skill and gets the instructions — read
 * from disk now, so the latest edit counts — and the list of the folder's other files, which
 * it reads the same way when the instructions point to them:
 *
 *   load_skill { name: "write-a-test" }                                  → SKILL.md's body + file list
 *   load_skill { name: "write-a-test", file: "reference/node-test.md" }   → that file's text
 *   load_skill { name: "fix-issue", args: "123" }                        → the body, $ARGUMENTS filled
 *
 * A skill only the user may start (`disable-model-invocation: true`) is neither listed nor
 * loaded: the model gets an error that says so, as from Claude Code's Skill tool.
 *
 * A file is read only if it is in the folder's listing, compared as written: no path is ever
 * joined from what the model sends, so `../`, an absolute path or a symlink leads nowhere.
 * Mistakes come back as errors the model can act on: the names it could have used.
 */
import path from "node:path";
import { defineTool, ToolError, type Tool } from "@learn/core";
import { closestName } from "@learn/core/harness";
import { z } from "zod";
import type { Skill, SkillCatalog } from "./load.ts";
import { fillArguments } from "../custom-commands/arguments.ts";
import { SKILL_FILE } from "@learn/claude-code-files";
import { skillBody } from "./skill-prompt.ts";
import { listSkillFiles, MAX_LISTED_FILES, readSkillText, type FolderListing } from "./skill-folder.ts";

export const LOAD_SKILL_TOOL = "load_skill";

export type LoadSkillInput = z.output<typeof LoadSkillInput>;
const LoadSkillInput = z.object({
  name: z.string().min(1, "must not be empty").describe("The skill's name, as the system prompt lists it."),
  file: z
    .string()
    .optional()
    .describe("One of the skill's other files, as load_skill listed it (e.g. reference/guide.md). Leave out to load the skill itself."),
  args: z.string().optional().describe("Arguments for the skill, as a person would type them after /name (fills its $ARGUMENTS)."),
});

/** load_skill over the skills of `catalog`. */
export function loadSkillTool(catalog: SkillCatalog): Tool<LoadSkillInput> {
  return defineTool({
    name: LOAD_SKILL_TOOL,
    description:
      "Load a skill: instructions for a particular kind of work, from the skills the system prompt lists. " +
      "Call it with the skill's name before starting work the skill covers, and follow what it says. " +
      "The result lists the skill's other files (references, scripts, templates); read one with `file`.",
    input: LoadSkillInput,
    concurrencySafe: true,
    permission: {
      mutating: false,
      claudeCode: { name: "Skill", fields: { name: "skill" } },
      // A workspace skill's files are the user's: Read(...) deny rules must hold for them too. (The
      // course's bundled skills are not the user's files; an unknown name reads nothing.)
      subject: ({ name, file }) => {
        const skill = catalog.skills.find((s) => s.name === name);
        return skill?.source === "workspace" ? { reads: [path.join(skill.dir, file ?? SKILL_FILE)] } : {};
      },
    },
    summary: ({ name, file }) => (file === undefined ? name : `${name}: ${file}`),
    async run({ name, file, args }) {
      const skill = findSkill(catalog.skills, name);
      const listing = await listSkillFiles(skill.dir);
      return file === undefined ? await instructions(skill, listing, args) : await otherFile(skill, listing, file);
    },
  });
}

/** SKILL.md's body in a `<skill>` block, then the folder's other files and how to read one. */
async function instructions(skill: Skill, listing: FolderListing, args: string | undefined): Promise<{ content: string; display: string }> {
  let body: string;
  try {
    body = await skillBody(skill);
  } catch (err) {
    throw new ToolError((err as Error).message);
  }
  // Claude Code fills a skill's arguments whenever it runs, so a skill that says $ARGUMENTS never
  // reaches the model raw: with no args it reads as the empty string would.
  body = fillArguments(body, args ?? "");
  const parts = [`<skill name="${skill.name}">\n${body}\n</skill>`];
  if (listing.files.length > 0) {
    parts.push(
      `\nOther files in this skill's folder (${skill.dir}):`,
      ...listing.files.map((f) => `- ${f}`),
      ...(listing.more ? [`- ... (more files: only the first ${MAX_LISTED_FILES} are listed)`] : []),
      `Read one with load_skill { "name": "${skill.name}", "file": "<path as listed>" }.`,
    );
  }
  const count = listing.files.length === 1 ? "1 file" : `${listing.files.length}${listing.more ? "+" : ""} files`;
  return { content: parts.join("\n"), display: `loaded ${skill.name} (${sizeOf(body)}, ${count} beside it)` };
}

/** One listed file's text; anything not listed is refused with the list. */
async function otherFile(skill: Skill, listing: FolderListing, file: string): Promise<{ content: string; display: string }> {
  const wanted = file.replace(/^\.\//, "");
  if (wanted === SKILL_FILE) throw new ToolError(`${SKILL_FILE} is the skill itself: call load_skill with just the name "${skill.name}".`);
  if (!listing.files.includes(wanted)) {
    const available = listing.files.length > 0 ? `Its files: ${listing.files.join(", ")}.` : "It has no other files.";
    throw new ToolError(`"${file}" is not a file of the skill "${skill.name}"; give a path as load_skill listed it. ${available}`);
  }
  let text: string;
  try {
    text = await readSkillText(skill.dir, wanted);
  } catch (err) {
    throw new ToolError(`the skill "${skill.name}": ${(err as Error).message}`);
  }
  return { content: text, display: `read ${skill.name}: ${wanted} (${sizeOf(text)})` };
}

/** The skill named (exactly, else ignoring case), or an error that lists the names. */
export function findSkill(skills: readonly Skill[], requested: string): Skill {
  const skill = skills.find((s) => s.name === requested) ?? skills.find((s) => s.name === requested.toLowerCase());
  if (skill?.userOnly) throw new ToolError(`the skill "${skill.name}" can only be started by the user (/${skill.name}); it is not offered to you.`);
  if (skill) return skill;
  skills = skills.filter((s) => !s.userOnly);
  if (skills.length === 0) throw new ToolError(`unknown skill "${requested}": no skills are installed.`);
  const names = skills.map((s) => s.name);
  const closest = closestName(requested.toLowerCase(), names);
  const hint = closest ? ` Did you mean "${closest}"?` : "";
  throw new ToolError(`unknown skill "${requested}".${hint} Available skills: ${names.join(", ")}.`);
}

/** "812 B", "1.2 KB". */
function sizeOf(text: string): string {
  const bytes = Buffer.byteLength(text);
  return bytes < 1024 ? `${bytes} B` : `${(bytes / 1024).toFixed(1)} KB`;
}
