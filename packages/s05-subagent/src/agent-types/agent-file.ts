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
import { z } from "zod";
import { parseFrontmatter, splitToolList } from "@learn/core/harness";

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
  /** Built-ins only: it changes nothing — its bash runs read-only commands and nothing else (explore). */
  readOnly?: boolean;
}

/** A name that is safe as an agent name in traces, headers and on screen. */
export const AGENT_TYPE_NAME = /^[A-Za-z0-9][A-Za-z0-9_-]{0,63}$/;

const toolList = z
  .union([z.string(), z.array(z.string())], "expected a comma-separated string or a list of tool names")
  .transform((tools) => (Array.isArray(tools) ? tools.map((t) => t.trim()).filter((t) => t !== "") : splitToolList(tools)));

// `looseObject`: keys Claude Code knows and we do not (color, permissionMode...) pass unread.
const frontmatterSchema = z.looseObject({
  name: z.string().regex(AGENT_TYPE_NAME, "expected letters, digits, hyphens or underscores (at most 64)"),
  description: z.string().trim().min(1, "must not be empty"),
  tools: toolList.optional(),
  model: z.string().trim().min(1, "must not be empty").optional(),
});

/** Parse one agent file's text; throws an Error whose message says what is wrong. */
export function parseAgentFile(text: string): AgentFile {
  const { data, body: prompt } = parseFrontmatter(text, frontmatterSchema);
  if (prompt === "") throw new Error("its body, the agent's system prompt, is empty");
  const { name, description, tools, model } = data;
  return { name, description, tools, model, prompt };
}
