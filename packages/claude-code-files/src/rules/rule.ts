/**
 * A permission rule, in Claude Code's syntax: `Tool` or `Tool(specifier)`.
 *
 *   "Bash"                  every bash call
 *   "Bash(npm run test *)"  calls whose commands match the pattern (command-pattern.ts): bash's,
 *                           and those of any tool that declares it runs a command
 *   "Edit(src/**)"          calls that change a file under src/ (path-pattern.ts), by any tool
 *   "read_file"             our own tool names work too
 *   "WebFetch(domain:x.io)" valid for Claude Code, but this course has no WebFetch: kept, inert
 *   "mcp__github"           likewise: an MCP server's tools (the course has no MCP)
 *   "Skill(deploy)"         a specifier the course does not read: as an allow rule it approves
 *                           nothing, as a deny or ask rule it covers every call of the tool
 *
 * A rule is parsed once, when the settings are loaded, into matchers; a rule that does not
 * parse is reported with the reason, never guessed at.
 */
import { commandPattern, type CommandMatcher } from "./command-pattern.ts";
import { pathPattern, type PathMatcher } from "./path-pattern.ts";
import { absentTool, familyOf, specifierKindOf, toolsNamed, type RuleFamily } from "./tool-names.ts";

/** The three lists of `permissions` in settings.json, in the order they are checked. */
export const RULE_LISTS = ["deny", "ask", "allow"] as const;
export type RuleList = (typeof RULE_LISTS)[number];

export interface Rule {
  /** As written: `Bash(npm test *)`. */
  text: string;
  /** The tool name it starts with: `Bash`. */
  name: string;
  /** What it is about: commands, reads, writes, or just the tool it names (tool-names.ts). */
  family: RuleFamily;
  /** The tools of ours its name stands for: `Edit` names edit_file and write_file. */
  tools: readonly string[];
  /** For bash: which commands. Absent: every command. */
  command?: CommandMatcher;
  /** For file tools: which paths (relative to the workspace). Absent: every path. */
  path?: PathMatcher;
  /** For the subagent tool (`Agent(Explore)`): which agent type, matched without regard to case. Absent: every type. */
  agentType?: string;
  /** A specifier this course does not read (`Skill(deploy)`): allows nothing, denies the whole tool. */
  unread?: string;
  /** Why the rule can match nothing here: it names a Claude Code tool the course does not have. */
  inert?: string;
}

export class RuleSyntaxError extends Error {
  override name = "RuleSyntaxError";
}

// A name (`mcp__github__*` names all of a server's tools), then an optional (specifier) running to the last ")".
const RULE_SHAPE = /^([A-Za-z0-9_*-]+)(?:\((.*)\))?$/s;

/** Parse `Tool` or `Tool(specifier)`; throws a RuleSyntaxError that says what is wrong. */
export function parseRule(text: string): Rule {
  const trimmed = text.trim();
  if (trimmed === "") throw new RuleSyntaxError("the rule is empty");
  if (/[\r\n]/.test(trimmed)) throw new RuleSyntaxError("a rule must be on one line");
  const match = RULE_SHAPE.exec(trimmed);
  if (!match) {
    const hint = trimmed.includes("(") && !trimmed.endsWith(")") ? 'it is missing the closing ")"' : "expected Tool or Tool(specifier)";
    throw new RuleSyntaxError(hint);
  }
  const [, name, specifier] = match as unknown as [string, string, string | undefined];
  const mcp = name.startsWith("mcp__");
  const rule: Rule = { text: trimmed, name, family: familyOf(name), tools: toolsNamed(name) };
  const inert = absentTool(name);
  if (specifier === undefined) return inert ? { ...rule, inert } : rule;
  if (specifier.trim() === "") throw new RuleSyntaxError(`the specifier is empty (write just ${name} to match every call)`);
  // Claude Code refuses these too: an MCP rule names a server or a tool, never a pattern.
  if (mcp) throw new RuleSyntaxError(`MCP rules take no specifier (write ${name}, or mcp__server__* for all of a server's tools)`);
  if (inert) return { ...rule, inert };

  const kind = specifierKindOf(name);
  try {
    if (kind === "command") return { ...rule, command: commandPattern(specifier) };
    if (kind === "path") return { ...rule, path: pathPattern(specifier) };
    if (kind === "agent") return { ...rule, agentType: specifier.trim() };
  } catch (err) {
    throw new RuleSyntaxError((err as Error).message);
  }
  return { ...rule, unread: specifier };
}
