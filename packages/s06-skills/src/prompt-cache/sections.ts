/**
 * The sections lesson 6 changes or adds around the ones it inherits:
 *   identity       no longer says where the agent works: the folder moves to the dynamic tail,
 *                  so an agent that changes folders keeps its cached prefix
 *   tool guidance  one line for each tool this agent really has (a read-only subagent is not
 *                  told about edit_file), instead of a paragraph about all of them
 *   environment    the dynamic tail: working directory and today's date, after the breakpoint
 */
import type { AgentContext, PromptSection, Tool } from "@learn/core";
import type { LiveSection } from "./live-sections.ts";

export const IDENTITY = "You are a coding agent. You work in the folder named under Environment, with the tools below.";

/** What each inherited tool is for; a tool not listed here is described well enough by its own description. */
export const TOOL_LINES: Readonly<Record<string, string>> = {
  bash: "bash runs commands: tests, scripts, git.",
  glob: "glob finds files by name.",
  grep: "grep searches the contents of files.",
  read_file: "read_file reads a file.",
  edit_file: "edit_file changes part of a file: exact text, read the file first.",
  write_file: "write_file creates a file, or replaces one whole.",
  save_memory: "save_memory keeps a fact for later sessions: what the user prefers or corrected, project facts the code does not show.",
};

const FILE_TOOLS = ["glob", "grep", "read_file", "edit_file", "write_file"];

/** "Which tool is for what", for exactly these tools. */
export function toolGuidance(tools: readonly Pick<Tool, "name">[]): string {
  const names = tools.map((t) => t.name);
  const lines = names.flatMap((name) => (TOOL_LINES[name] ? [`- ${TOOL_LINES[name]}`] : []));
  const advice = [];
  if (names.includes("bash") && FILE_TOOLS.some((t) => names.includes(t))) advice.push("Prefer the file tools to bash for files: they are safer and their results are clearer.");
  advice.push("Call independent reads and searches together in one response.");
  return ["Which tool is for what:", ...lines, ...advice].join("\n");
}

/** The inherited sections, with identity and tool guidance made right for this agent and its tools. */
export function adaptSections(sections: readonly PromptSection[], tools: readonly Tool[]): PromptSection[] {
  return sections.map((section) => {
    if (section.name === "identity") return { ...section, text: IDENTITY };
    if (section.name === "tool guidance") return { ...section, text: toolGuidance(tools) };
    return section;
  });
}

/** The dynamic tail. `today` is injectable so a test (or a replayed trace) sees a fixed date. */
export function environmentSection(today: () => string = localDate): LiveSection<{ cwd: string; date: string }> {
  return {
    name: "environment",
    state: (ctx: AgentContext) => ({ cwd: ctx.cwd, date: today() }),
    render: ({ cwd, date }) => `Environment:\n- Working directory: ${cwd}\n- Today's date: ${date}`,
  };
}

/** YYYY-MM-DD in the machine's time zone: what "today" means to the person at it. */
export function localDate(now = new Date()): string {
  const pad = (n: number) => String(n).padStart(2, "0");
  return `${now.getFullYear()}-${pad(now.getMonth() + 1)}-${pad(now.getDate())}`;
}
