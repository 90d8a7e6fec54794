/**
 * One custom agent type, as Claude Code writes it: a Markdown file in `.claude/agents/` (or the
 * user's `~/.claude/agents/`) whose YAML frontmatter says what the agent is and whose body is
 * its system prompt.
 *
 *   ---
 *   name: test-scout                       any non-empty name (not "-…", no ":", ≤ 256)
 *   description: Finds how a project...    when to use it (the parent model reads this)
 *   tools: Glob, Grep, Read                optional; commas/spaces outside parentheses, or a YAML list
 *   model: haiku                           optional; inherit, an alias, or a model id
 *   permissionMode: plan                   optional; the child's mode (permission-mode.ts)
 *   maxTurns: 10                           optional; at most this many model calls
 *   color: green                           anything else Claude Code reads: loads, reported as ignored
 *   ---
 *   You find out how a project is tested...
 *
 * Files written for Claude Code must load unchanged, so the name follows Claude Code's rules
 * (not a stricter pattern), a field we have no mechanism for is ignored and named, and a value
 * Claude Code would warn about and drop (`maxTurns: lots`) is dropped with a warning too. A file
 * Claude Code refuses (no name, no description) is refused, with the reason.
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
  /** Claude Code's permission mode for its children, as written (checked by the loader). */
  permissionMode?: string;
  /** At most this many model calls (Claude Code's "turns"); undefined: the lesson's budget. */
  maxTurns?: number;
  /** The body: the agent's system prompt. */
  prompt: string;
  /** Built-ins only: it changes nothing — its bash runs read-only commands and nothing else (explore). */
  readOnly?: boolean;
  /** Fields Claude Code reads that this course has no mechanism for: read, and ignored. */
  ignored?: string[];
  /** What was forgiven or dropped while reading it (a bad maxTurns...): the file still loads. */
  warnings?: string[];
}

/** The longest name Claude Code accepts. */
export const MAX_AGENT_NAME = 256;

/** The fields the course reads; every other key is reported as ignored. */
const READ_FIELDS = new Set(["name", "description", "tools", "model", "permissionMode", "maxTurns"]);

const toolList = z
  .union([z.string(), z.array(z.string())], "expected a comma-separated string or a list of tool names")
  .transform((tools) => (Array.isArray(tools) ? tools.map((t) => t.trim()).filter((t) => t !== "") : splitToolList(tools)));

// Claude Code's own checks on a name (2.1.328): present, a string, not "-…" (it would read as a
// flag), at most 256 characters, no ":" (kept for plugins' `plugin:agent`). Nothing stricter.
const agentName = z
  .string("expected a name")
  .refine((name) => name.trim() !== "", "must not be empty")
  .refine((name) => !name.startsWith("-"), 'must not start with "-"')
  .refine((name) => name.length <= MAX_AGENT_NAME, `must be at most ${MAX_AGENT_NAME} characters`)
  .refine((name) => !name.normalize("NFKC").includes(":"), 'must not contain ":" (Claude Code keeps it for plugin agents)');

// `looseObject`: keys Claude Code knows and we do not (color, effort...) pass, to be named as ignored.
const frontmatterSchema = z.looseObject({
  name: agentName,
  description: z.string('missing: Claude Code needs one (when to use this agent)').trim().min(1, "must not be empty"),
  tools: toolList.optional(),
  model: z.string().trim().min(1, "must not be empty").optional(),
  // Checked here only for being a string; the loader matches it against the modes (permission-mode.ts).
  permissionMode: z.unknown().optional(),
  maxTurns: z.unknown().optional(),
});

/** Parse one agent file's text; throws an Error whose message says what is wrong. */
export function parseAgentFile(text: string): AgentFile {
  const { data, body: prompt, warnings } = parseFrontmatter(text, frontmatterSchema);
  if (prompt === "") throw new Error("its body, the agent's system prompt, is empty");
  const { name, description, tools, model } = data;
  const maxTurns = positiveInteger(data.maxTurns);
  if (data.maxTurns !== undefined && maxTurns === undefined) warnings.push(`maxTurns: ${String(data.maxTurns)} is not a positive integer: ignored, as Claude Code does`);
  const permissionMode = data.permissionMode === undefined ? undefined : String(data.permissionMode);
  const ignored = Object.keys(data).filter((key) => !READ_FIELDS.has(key));
  return {
    name,
    description,
    tools,
    model,
    prompt,
    ...(permissionMode !== undefined ? { permissionMode } : {}),
    ...(maxTurns !== undefined ? { maxTurns } : {}),
    ignored,
    warnings,
  };
}

/** 12, or "12" (YAML people quote numbers): Claude Code's reading of maxTurns. */
function positiveInteger(value: unknown): number | undefined {
  const n = typeof value === "number" ? value : typeof value === "string" && /^\s*\d+\s*$/.test(value) ? Number(value) : NaN;
  return Number.isInteger(n) && n > 0 ? n : undefined;
}
