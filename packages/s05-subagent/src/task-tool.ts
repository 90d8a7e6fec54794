/**
 * The `task` tool (Claude Code's `Task`): the parent hands a subtask to a child agent and gets
 * back only the child's final report.
 *
 *   task { description, prompt, subagent_type }  ──►  explore-1: fresh context, own tools
 *        ▲                                              │ read, grep, read, read...
 *        └──────────── its final text only ◄────────────┘ (the rest stays in the child)
 *
 * Several calls in one response run at the same time when their types are read-only: the
 * tool is declared concurrency-safe, and the ChildLock makes a child that may change files
 * wait for the others and run alone. It changes nothing itself (`mutating: false`): whatever a
 * child does goes through the permission policy as the child's own call.
 */
import { defineTool, type AgentOptions, type Tool } from "@learn/core";
import { z } from "zod";
import { findAgentType, type AgentType } from "./agent-types/load.ts";
import { DEFAULT_AGENT_TYPE } from "./agent-types/built-in.ts";
import { ChildLock } from "./subagent/child-lock.ts";
import { runChild, type PartsOf } from "./subagent/run-child.ts";

export const TASK_TOOL = "task";

const input = z.object({
  description: z.string().min(1).describe("A short (3-5 word) title for the subtask, shown to the user."),
  prompt: z.string().min(1).describe("The whole task for the subagent. It sees nothing of this conversation: say everything it needs, and what to report."),
  subagent_type: z.string().min(1).optional().describe(`Which agent type does it (default ${DEFAULT_AGENT_TYPE}).`),
});

export interface TaskTool {
  tool: Tool<z.output<typeof input>>;
  /** Forget the children's numbering (`/clear`): the next explorer is explore-1 again. */
  reset(): void;
}

export function taskTool(types: ReadonlyMap<string, AgentType>, parent: AgentOptions, partsOf: PartsOf): TaskTool {
  const started = new Map<string, number>();
  const lock = new ChildLock();
  const tool = defineTool({
    name: TASK_TOOL,
    description: describeTask(types),
    input,
    concurrencySafe: true,
    permission: { mutating: false, claudeCode: { name: "Task" } },
    summary: ({ description, subagent_type = DEFAULT_AGENT_TYPE }) => `${subagent_type}: ${description}`,
    async run({ description, prompt, subagent_type = DEFAULT_AGENT_TYPE }, ctx) {
      const type = findAgentType(types, subagent_type);
      // Named before any wait, in the order the model asked: ids and script queues stay deterministic.
      const count = (started.get(type.name) ?? 0) + 1;
      started.set(type.name, count);
      const name = `${type.name}-${count}`;
      return lock.run(!type.readOnly, ctx.signal, () => runChild({ type, name, description, prompt }, parent, partsOf, ctx));
    },
  });
  return { tool, reset: () => started.clear() };
}

/** The tool's description: what it does, then each agent type with its tools. */
function describeTask(types: ReadonlyMap<string, AgentType>): string {
  const lines = [...types.values()].map((t) => {
    const tools = `${t.readOnly ? "read-only" : "can change files"}: ${t.tools.join(", ") || "no tools"}`;
    return `- ${t.name}: ${t.description} (${tools})`;
  });
  return [
    "Start a subagent: a child agent with a fresh, empty context does one task with its own tools and returns only its final report.",
    "Use it for broad searches and self-contained work whose details you do not need to keep. Agent types (subagent_type):",
    ...lines,
  ].join("\n");
}
