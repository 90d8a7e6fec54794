/**
 * The `task` tool (Claude Code's `Agent`, formerly `Task`): the parent hands a subtask to a child agent and gets
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
 *
 * The seam for a later lesson: `taskStarterOf(tool)` gives the function that names a child and
 * starts it, so s09 can offer the same tool with `run_in_background` and hand the report over
 * later, without a copy of anything here.
 */
import { defineTool, type AgentContext, type AgentOptions, type Tool } from "@learn/core";
import { z } from "zod";
import { childMode, type PermissionMode } from "@learn/claude-code-files";
import { agentIdOf, findAgentType, type AgentType } from "./agent-types/load.ts";
import { DEFAULT_AGENT_TYPE } from "./agent-types/built-in.ts";
import { ChildLock } from "./child-lock.ts";
import { runChild, type PartsOf } from "./run-child.ts";

export const TASK_TOOL = "task";

export const TASK_INPUT = z.object({
  description: z.string().min(1).describe("A short (3-5 word) title for the subtask, shown to the user."),
  prompt: z.string().min(1).describe("The whole task for the subagent. It sees nothing of this conversation: say everything it needs, and what to report."),
  subagent_type: z.string().min(1).optional().describe(`Which agent type does it (default ${DEFAULT_AGENT_TYPE}).`),
});

export type TaskInput = z.output<typeof TASK_INPUT>;

/** A child, named and started: its report (framed, see hand-back.ts) arrives when it ends. */
export interface StartedChild {
  /** `explore-1`. */
  name: string;
  type: AgentType;
  /** The handed-back report; rejects with a ToolError the parent can read, or with the abort. */
  report: Promise<string>;
}

/** Name a child and start it; it stops when `ctx.signal` aborts (the turn's, or a background child's own). */
export type TaskStarter = (input: TaskInput, ctx: AgentContext) => StartedChild;

export interface TaskTool {
  tool: Tool<TaskInput>;
  /** Forget the children's numbering (`/clear`): the next explorer is explore-1 again. */
  reset(): void;
}

const starters = new WeakMap<Tool<TaskInput>, TaskStarter>();

/** How `tool` starts its children, when it is a task tool made here (s09 runs them in the background). */
export function taskStarterOf(tool: Tool): TaskStarter | undefined {
  return starters.get(tool as Tool<TaskInput>);
}

/** `parentMode`: the parent's permission mode (s03), against which a type's permissionMode is weighed. */
export function taskTool(types: ReadonlyMap<string, AgentType>, parent: AgentOptions, partsOf: PartsOf, parentMode?: PermissionMode): TaskTool {
  const started = new Map<string, number>();
  const lock = new ChildLock();
  const start: TaskStarter = ({ description, prompt, subagent_type = DEFAULT_AGENT_TYPE }, ctx) => {
    const type = findAgentType(types, subagent_type);
    // Named before any wait, in the order the model asked: ids and script queues stay deterministic.
    const id = agentIdOf(type.name);
    const count = (started.get(id) ?? 0) + 1;
    started.set(id, count);
    const name = `${id}-${count}`;
    const mode = parentMode && type.permissionMode ? childMode(parentMode, type.permissionMode) : undefined;
    const child = { type, name, description, prompt, ...(mode ? { mode } : {}) };
    const report = lock.run(!type.readOnly, ctx.signal, () => runChild(child, parent, partsOf, ctx));
    return { name, type, report };
  };
  const tool = defineTool({
    name: TASK_TOOL,
    description: describeTask(types),
    input: TASK_INPUT,
    concurrencySafe: true,
    // Hook payloads say `Agent`; rules and matchers may say `Agent` or `Task`, and `Agent(Explore)` names the type (s03).
    permission: { mutating: false, claudeCode: { name: "Agent", formerNames: ["Task"] }, subject: ({ subagent_type = DEFAULT_AGENT_TYPE }) => ({ agentType: subagent_type }) },
    summary: ({ description, subagent_type = DEFAULT_AGENT_TYPE }) => `${subagent_type}: ${description}`,
    run: (input, ctx) => start(input, ctx).report,
  });
  starters.set(tool, start);
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
