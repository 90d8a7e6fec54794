/**
 * An agent file lists tools by Claude Code's names (`Glob, Grep, Read`); ours are `glob`,
 * `grep`, `read_file`. Each tool declares its Claude Code name (`permission.claudeCode` in its
 * definition), so the mapping comes from the tools themselves and a later lesson's tool is
 * found by its declared name too. Names we have no tool for (WebFetch, an MCP tool...) are
 * returned separately, for the loader to report once and skip.
 *
 * An entry may carry a rule in parentheses, as Claude Code allows (`Bash(git add:*)`,
 * `Agent(reviewer, tester)`): the tool is the name before it. The rule itself narrows nothing
 * here; the loader reports it as ignored (patternsOf).
 */
import type { Tool } from "@learn/core";

export interface ToolChoice {
  /** Our names of the tools chosen, in the order of `tools`, without repeats. */
  names: string[];
  /** Names as written that match no tool of ours. */
  unknown: string[];
}

/** The tools among `tools` that `written` names, by our name or by the declared Claude Code name. */
export function chooseTools(written: readonly string[], tools: readonly Tool[]): ToolChoice {
  const chosen = new Set<string>();
  const unknown: string[] = [];
  for (const entry of written) {
    const name = toolNameOf(entry);
    const tool = tools.find((t) => t.name === name || t.permission?.claudeCode?.name === name);
    if (tool) chosen.add(tool.name);
    else if (!unknown.includes(name)) unknown.push(name);
  }
  return { names: tools.map((t) => t.name).filter((n) => chosen.has(n)), unknown };
}

/** `Bash(git add:*)` → `Bash`: the tool an entry names. */
function toolNameOf(entry: string): string {
  const open = entry.indexOf("(");
  return open > 0 && entry.endsWith(")") ? entry.slice(0, open).trim() : entry;
}

/** The entries that carry a rule in parentheses: given as their bare tool, the rule ignored. */
export function patternsOf(written: readonly string[]): string[] {
  return written.filter((entry) => toolNameOf(entry) !== entry);
}
