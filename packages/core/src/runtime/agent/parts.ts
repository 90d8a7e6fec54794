/**
 * AGENT PARTS — what an agent is made of, as values: its tools, hooks, wrappers, prompt
 * sections, commands. A lesson's mechanism adds to them (mechanism.ts):
 *
 *   add: (parts) => ({ ...parts, tools: [...parts.tools, todoWrite], hooks: [...parts.hooks, reminder] })
 *
 * and core's `agentFrom(parts, options)` turns them into a running agent. A child agent (a
 * subagent, a teammate) is built from the same list of mechanisms with the child's own
 * options, so every child gets fresh hook state and nothing is shared by accident.
 */
import type { AgentAnatomy, SlashCommand } from "../lesson.ts";
import type { SubmitOptions } from "./prompt-queue.ts";
import type { Hook } from "../kernel/hooks.ts";
import type { SystemPrompt } from "../kernel/kernel.ts";
import type { ModelWrapper } from "../kernel/model-wrapper.ts";
import type { Tool } from "../tool.ts";

/** One named piece of the system prompt (the docs list them by name). */
export interface PromptSection {
  name: string;
  text: string;
  /** Only for an agent that has one of these tools: a subagent without todo_write gets no planning advice. */
  tools?: readonly string[];
}

/**
 * How the final sections and tools become the system prompt, when joining them is not enough
 * (a prompt with live parts, split into blocks for the prompt cache). `agentFrom` calls `build`
 * once, with the agent's own sections and tools: a subagent's fewer tools get a prompt of their own.
 */
export interface PromptAssembly {
  /** The sections it adds from live state, by name and in order (the docs list them). */
  sections: readonly string[];
  build(agent: { sections: readonly PromptSection[]; tools: readonly Tool[] }): SystemPrompt;
}

/**
 * The agent as its parts see it once `agentFrom` has built it. A mechanism that acts between
 * turns — a finished background job, a cron tick, mail — must know whether a turn is running
 * (then it waits for the next model call) or not (then it starts a turn of its own).
 */
export interface RunningAgent {
  /** True while a turn runs. */
  busy(): boolean;
  /** Queue a prompt to run as a turn of its own when the agent is idle (the REPL or `--print` runs it). */
  submit(prompt: string, options?: SubmitOptions): void;
  /** Call `listener` each time a turn ends, however it ended; returns a function that stops it. */
  onIdle(listener: () => void): () => void;
  /** Something that worked for the agent may be done (see `working`): whoever waits for it (`--print`) looks again now. */
  wake(): void;
}

export interface AgentParts {
  /** The tools the model may call. */
  tools: Tool[];
  /** Kernel hooks, in order: the first PreToolUse hook (permissions) decides first. */
  hooks: Hook[];
  /** Around every model call, outermost first. */
  wrappers: ModelWrapper[];
  /** The system prompt, section by section. */
  sections: PromptSection[];
  /** Build the system prompt another way (live state, cache blocks); default: the sections joined. */
  assemble?: PromptAssembly;
  /** Slash commands the REPL offers for this agent. */
  commands: SlashCommand[];
  /** Run on `/clear`, after the conversation is forgotten (a plan, a cache). */
  onClear: Array<() => void>;
  /** True while something works for the agent outside a turn (a job, a teammate): `--print` waits (call `wake` when it ends). */
  working: Array<() => boolean>;
  /** Run once the agent exists, with the agent itself: for what acts between turns (a scheduler). */
  start: Array<(agent: RunningAgent) => void>;
  /** Run on exit: stop whatever is still running. */
  close: Array<() => Promise<void> | void>;
  /** Where the agent works now, read every round (default: the options' cwd). */
  cwd?: () => string;
  /**
   * Live state the conversation must not lose when it is compacted (the plan, the skills loaded):
   * each returns a note to re-attach after the history is replaced, or undefined for nothing.
   */
  liveState: Array<() => string | undefined>;
  /** Set by `partsFrom`: the names of the mechanisms these parts were built from, in order. */
  mechanisms?: readonly string[];
  /** Set by `partsFrom`: the standing grants those mechanisms declared (StandingGrant, mechanism.ts). */
  grants?: readonly { rules: readonly string[]; source: string }[];
}

/** Parts with nothing in them but what is given: the start of lesson 1. */
export function partsWith(given: Partial<AgentParts>): AgentParts {
  return { tools: [], hooks: [], wrappers: [], sections: [], commands: [], onClear: [], working: [], start: [], close: [], liveState: [], ...given };
}

export function joinSections(sections: readonly PromptSection[]): string {
  return sections.map((s) => s.text).join("\n");
}

/** The sections an agent with these tools should read: those that need no tool, or one it has. */
export function sectionsFor(sections: readonly PromptSection[], tools: readonly Pick<Tool, "name">[]): PromptSection[] {
  const has = new Set(tools.map((t) => t.name));
  return sections.filter((s) => s.tools === undefined || s.tools.some((name) => has.has(name)));
}

/** The agent's tools, hooks, prompt sections and commands, by name: the docs' "what changed". */
export function anatomyOf(parts: AgentParts): AgentAnatomy {
  return {
    mechanisms: [...(parts.mechanisms ?? [])],
    tools: parts.tools.map((t) => t.name),
    hooks: parts.hooks.map((h) => h.name),
    promptSections: [...parts.sections.map((s) => s.name), ...(parts.assemble?.sections ?? [])],
    commands: parts.commands.map((c) => c.name),
    grants: (parts.grants ?? []).map((g) => `${g.rules.join(", ")} (${g.source})`),
  };
}
