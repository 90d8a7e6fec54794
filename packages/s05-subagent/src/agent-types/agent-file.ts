/**
 * One custom agent type, as Claude Code writes it: a Markdown file in `.claude/agents/` whose
 * YAML frontmatter says what the agent is and whose body is its system prompt.
 *
 *   ---
 *   name: test-scout                       letters, digits, hyphens: the type's name
 *   description: Finds how a project...    when to use it (the parent model reads this)
 *   tools: Glob, Grep, Read                optional; a comma-separated string or a YAML list
 *   model: haiku                           optional; inherit, an alias, or a model id
 *   color: green                           anything else is Claude Code's business: ignored
 *   ---
 *   You find out how a project is tested...
 *
 * Files written for Claude Code must load unchanged, so extra keys are ignored rather than
 * refused; but what we do read is checked strictly, and a file that fails says which file and why.
 */
import { parse as parseYaml } from "yaml";
import { z } from "zod";
import { describeIssues } from "@learn/core";

/** What a file says, before its tool names are matched to this harness's tools. */
export interface AgentFile {
  name: string;
  description: string;
  /** Tool names as written (ours or Claude Code's); undefined means "every tool". */
  tools: string[] | undefined;
  /** As written: "inherit", "sonnet", an id...; undefined means inherit. */
  model: string | undefined;
  /** The body: the agent's system prompt. */
  prompt: string;
}

/** A name that is safe as an agent name in traces, headers and on screen. */
export const AGENT_TYPE_NAME = /^[A-Za-z0-9][A-Za-z0-9_-]{0,63}$/;

const toolList = z
  .union([z.string(), z.array(z.string())], "expected a comma-separated string or a list of tool names")
  .transform((tools) => (Array.isArray(tools) ? tools : tools.split(",")).map((t) => t.trim()).filter((t) => t !== ""));

// `looseObject`: keys Claude Code knows and we do not (color, permissionMode...) pass unread.
const frontmatterSchema = z.looseObject({
  name: z.string().regex(AGENT_TYPE_NAME, "expected letters, digits, hyphens or underscores (at most 64)"),
  description: z.string().trim().min(1, "must not be empty"),
  tools: toolList.optional(),
  model: z.string().trim().min(1, "must not be empty").optional(),
});

const FRONTMATTER = /^---[ \t]*\r?\n([\s\S]*?)\r?\n---[ \t]*(?:\r?\n|$)/;

/** Parse one agent file's text; throws an Error whose message says what is wrong. */
export function parseAgentFile(text: string): AgentFile {
  const clean = text.replace(/^\uFEFF/, "");
  const match = FRONTMATTER.exec(clean);
  if (!match) throw new Error("it does not start with a frontmatter block (a line ---, YAML, a line ---)");
  let data: unknown;
  try {
    data = parseYaml(match[1]!);
  } catch (err) {
    throw new Error(`its frontmatter is not valid YAML (${(err as Error).message.split("\n")[0]})`);
  }
  if (typeof data !== "object" || data === null || Array.isArray(data)) throw new Error("its frontmatter is not a YAML mapping");
  const parsed = frontmatterSchema.safeParse(data);
  if (!parsed.success) throw new Error(`its frontmatter is wrong: ${describeIssues(parsed.error)}`);
  const prompt = clean.slice(match[0].length).trim();
  if (prompt === "") throw new Error("its body, the agent's system prompt, is empty");
  const { name, description, tools, model } = parsed.data;
  return { name, description, tools, model, prompt };
}
