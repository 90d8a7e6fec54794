/**
 * Rules and hook matchers name tools. Our tools have snake_case names (`read_file`); people
 * copy settings from Claude Code, whose tools are `Read`, `Edit`, `Bash`... So both spellings
 * work: a Claude Code name stands for the tools of ours that do the same job.
 */

/** Claude Code's tool name → ours. `Edit` rules cover every tool that changes a file. */
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

/** What a rule's `(specifier)` means depends on the tool: a command line, or a file path. */
export type SpecifierKind = "command" | "path" | "none";

const SPECIFIER_KINDS: Readonly<Record<string, SpecifierKind>> = {
  bash: "command",
  read_file: "path",
  write_file: "path",
  edit_file: "path",
};

export function specifierKindOf(tool: string): SpecifierKind {
  return SPECIFIER_KINDS[tool] ?? "none";
}

/** The tools whose `path` input is a file they change: acceptEdits allows these. */
export const FILE_EDIT_TOOLS: ReadonlySet<string> = new Set(["write_file", "edit_file"]);
