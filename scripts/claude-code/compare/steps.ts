/**
 * A case's model turns, written once in neutral words and spelled per harness: the course's
 * tools are `bash`, `read_file` ({path}) …, Claude Code's are `Bash`, `Read` ({file_path},
 * absolute) …. The same scripted model then drives both, so a difference in outcome is the
 * harness's, never the script's.
 */
import path from "node:path";

/** One tool call of the scripted model, before it is spelled for a harness. */
export type Step =
  | { tool: "bash"; command: string }
  | { tool: "read"; path: string }
  | { tool: "write"; path: string; content: string }
  | { tool: "edit"; path: string; old: string; new: string }
  | { tool: "agent"; prompt: string; type?: string }
  | { tool: "skill"; name: string }
  /** An MCP tool: `mcp__<server>__<tool>` in both harnesses. */
  | { tool: "mcp"; name: string; input?: Record<string, unknown> }
  /** Load deferred tools by name: the course's tool_search, Claude Code's ToolSearch. */
  | { tool: "search"; names: string[] };

export type HarnessName = "course" | "claude-code";

/** The tool_use block a harness's model would send for `step`, in workspace `ws`. */
export function spell(step: Step, harness: HarnessName, ws: string): { name: string; input: Record<string, unknown> } {
  const abs = (p: string) => path.resolve(ws, p);
  if (harness === "course") {
    switch (step.tool) {
      case "bash": return { name: "bash", input: { command: step.command } };
      case "read": return { name: "read_file", input: { path: step.path } };
      case "write": return { name: "write_file", input: { path: step.path, content: step.content } };
      case "edit": return { name: "edit_file", input: { path: step.path, old_text: step.old, new_text: step.new } };
      case "agent": return { name: "task", input: { description: "look around", prompt: step.prompt, ...(step.type ? { subagent_type: step.type } : {}) } };
      case "skill": return { name: "load_skill", input: { name: step.name } };
      case "mcp": return { name: step.name, input: step.input ?? {} };
      case "search": return { name: "tool_search", input: { query: `select:${step.names.join(",")}` } };
    }
  }
  switch (step.tool) {
    case "bash": return { name: "Bash", input: { command: step.command, description: "run a command" } };
    case "read": return { name: "Read", input: { file_path: abs(step.path) } };
    case "write": return { name: "Write", input: { file_path: abs(step.path), content: step.content } };
    case "edit": return { name: "Edit", input: { file_path: abs(step.path), old_string: step.old, new_string: step.new } };
    case "agent": return { name: "Agent", input: { description: "look around", prompt: step.prompt, ...(step.type ? { subagent_type: step.type } : {}) } };
    case "skill": return { name: "Skill", input: { skill: step.name } };
    case "mcp": return { name: step.name, input: step.input ?? {} };
    case "search": return { name: "ToolSearch", input: { query: `select:${step.names.join(",")}`, max_results: 5 } };
  }
}
