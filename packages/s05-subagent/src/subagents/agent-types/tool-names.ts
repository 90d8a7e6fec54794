/**
 * An agent file lists tools by Claude Code's names (`Glob, Grep, Read`); ours are `glob`,
 * `grep`, `read_file`. Each tool declares its Claude Code name (`permission.claudeCode` in its
 * definition), so the mapping comes from the tools themselves and a later lesson's tool is
 * found by its declared name too. Names we have no tool for (WebFetch, an MCP tool...) are
 * returned separately, for the loader to report once and skip.
 *
 * An entry may carry a rule in parentheses, as Claude Code allows (`Bash(git add:*)`,
 * `Agent(reviewer, tester)`): the tool is the name before it. The rule itself narrows nothing
 * here; the loader reports it as ignored.
 */
import type { Tool } from "@learn/core";

export interface ToolChoice {
  /** Our names of the tools chosen, in the order of `tools`, without repeats. */
  names: string[];
  /** Names as written that match no tool of ours. */
  unknown: string[];
  /** Entries with a rule (`Bash(git add:*)`) whose tool was chosen: the rule narrows nothing here. */
  withRule: string[];
}

/** The tools among `tools` that `written` names, by our name or by the declared Claude Code name. */
export function chooseTools(written: readonly string[], tools: readonly Tool[]): ToolChoice {
  const chosen = new Set<string>();
  const unknown: string[] = [];
  const withRule: string[] = [];
  for (const entry of written) {
    const name = toolNameOf(entry);
    const tool = tools.find((t) => t.name === name || t.permission?.claudeCode?.name === name || t.permission?.claudeCode?.formerNames?.includes(name));
    if (!tool) {
      if (!unknown.includes(name)) unknown.push(name);
      continue;
    }
    chosen.add(tool.name);
    if (name !== entry) withRule.push(entry);
  }
  return { names: tools.map((t) => t.name).filter((n) => chosen.has(n)), unknown, withRule };
}

/** `Bash(git add:*)` → `Bash`: the tool an entry names. */
function toolNameOf(entry: string): string {
  const open = entry.indexOf("(");
  return open > 0 && entry.endsWith(")") ? entry.slice(0, open).trim() : entry;
}
