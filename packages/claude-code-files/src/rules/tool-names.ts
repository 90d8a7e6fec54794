/**
 * Rules and hook matchers name tools. Our tools have snake_case names (`read_file`); people
 * copy settings from Claude Code, whose tools are `Read`, `Edit`, `Bash`... So both spellings
 * work: a tool declares its Claude Code name (`permission.claudeCode`), and for a tool
 * that declares none, a Claude Code name stands for the tools of ours that do the same job.
 *
 * A rule's name also says what its specifier is about — its *family*:
 *
 *   Bash, bash                                  commands   `Bash(npm test)`: a command, run by any tool
 *   Read, read_file                             reads      `Read(./.env)`: a file, read by any tool
 *   Edit, Write, edit_file, write_file          writes     `Edit(src/**)`: a file, changed by any tool
 *   anything else (Glob, todo_write...)         the tool   just its name
 */
import type { Tool } from "@learn/core";

/** Claude Code's tool name → ours, for tools that do not declare theirs. `Edit` covers every tool that changes a file. */
export const CLAUDE_CODE_ALIASES: Readonly<Record<string, readonly string[]>> = {
  Bash: ["bash"],
  Read: ["read_file"],
  Write: ["write_file"],
  Edit: ["edit_file", "write_file"],
  Glob: ["glob"],
  Grep: ["grep"],
};

/** The tools of ours a name in a rule or a matcher stands for. */
export function toolsNamed(name: string): readonly string[] {
  return Object.hasOwn(CLAUDE_CODE_ALIASES, name) ? CLAUDE_CODE_ALIASES[name]! : [name];
}

/** The names a tool answers to in rules and matchers: ours, and Claude Code's (today's and former). */
export function namesOf(tool: string, declared?: Pick<Tool, "permission">): string[] {
  const server = mcpServerOf(tool);
  // An MCP tool (s13) also answers to its server's rules: `mcp__issues` and `mcp__issues__*`, as in Claude Code.
  if (server) return [tool, `mcp__${server}`, `mcp__${server}__*`];
  const claudeCode = declared?.permission?.claudeCode;
  if (claudeCode) return [tool, claudeCode.name, ...(claudeCode.formerNames ?? [])];
  const aliases = Object.entries(CLAUDE_CODE_ALIASES).filter(([, ours]) => ours.includes(tool));
  return [tool, ...aliases.map(([name]) => name)];
}

/** The server of an MCP tool's name (`mcp__issues__list_issues` → `issues`), or undefined for any other tool. */
export function mcpServerOf(tool: string): string | undefined {
  return /^mcp__(.+?)__./s.exec(tool)?.[1];
}

/** What a rule is about, by the name it starts with. */
export type RuleFamily = "commands" | "reads" | "writes" | "tool";

const FAMILIES: Readonly<Record<string, RuleFamily>> = {
  Bash: "commands",
  bash: "commands",
  Read: "reads",
  read_file: "reads",
  Edit: "writes",
  Write: "writes",
  edit_file: "writes",
  write_file: "writes",
};

export function familyOf(name: string): RuleFamily {
  return Object.hasOwn(FAMILIES, name) ? FAMILIES[name]! : "tool";
}

/**
 * Claude Code's catch-all names: `Read(...)` allows a read by any tool, `Edit(...)` a change
 * by any tool. The others (`Write`, `write_file`...) allow only the tool they name; as deny
 * and ask rules, every name of a family covers the whole family.
 */
export const ANY_TOOL_NAMES: ReadonlySet<string> = new Set(["Read", "Edit"]);

/** What a rule's `(specifier)` means depends on the tool: a command line, a file path, or an agent type. */
export type SpecifierKind = "command" | "path" | "agent" | "none";

/** The subagent tool's names: Claude Code's today (`Agent`), its former (`Task`), ours (s05). `Agent(Explore)` names an agent type. */
const AGENT_TOOL_NAMES: ReadonlySet<string> = new Set(["Agent", "Task", "task"]);

export function specifierKindOf(name: string): SpecifierKind {
  if (AGENT_TOOL_NAMES.has(name)) return "agent";
  const family = familyOf(name);
  return family === "commands" ? "command" : family === "tool" ? "none" : "path";
}

/**
 * Claude Code tools this course has no counterpart for. A rule naming one is valid Claude Code
 * (settings are shared between the two) and is kept, inert: there is nothing here it could match.
 */
const ABSENT_TOOLS: ReadonlySet<string> = new Set(["WebFetch", "WebSearch", "NotebookEdit", "NotebookRead", "LSP", "AskUserQuestion", "ExitPlanMode", "BashOutput", "KillShell"]);

/** Why a rule naming this tool is inert here, or undefined when the course may have the tool. */
export function absentTool(name: string): string | undefined {
  if (name.startsWith("mcp__")) return "no MCP tools here";
  return ABSENT_TOOLS.has(name) ? `no ${name} tool here` : undefined;
}
