/**
 * The contract between a lesson and the shared command line. A lesson says what it is and
 * how to build its agent; core does the rest (flags, config, REPL, demo, trace), so every
 * lesson's `main.ts` is three lines and every lesson behaves the same at the terminal.
 */
import path from "node:path";
import { fileURLToPath } from "node:url";
import type { PromptQueue } from "./agent/prompt-queue.ts";
import type { Model } from "./model.ts";
import type { Renderer } from "./ui/renderer.ts";

/** What a lesson's agent gets to work with. */
export interface AgentOptions {
  /** The model client for the lead agent. */
  model: Model;
  /** The workspace every tool works in. */
  cwd: string;
  renderer: Renderer;
  /** A person can answer questions (a terminal); false in `--print`, piped stdin, CI. */
  interactive: boolean;
  /**
   * Ask the person a question and get their answer (only when `interactive`). When `signal`
   * aborts (Ctrl-C), the question is withdrawn and the answer is "".
   */
  ask(question: string, signal?: AbortSignal): Promise<string>;
  /** Lesson-specific command-line options (`--permission-mode` from s03 on). */
  flags: Record<string, string | undefined>;
  /** At most this many model calls in one turn (children get a budget; the lead has none). */
  maxRounds?: number;
  /** FALLBACK_MODEL_ID: the model to switch to after repeated "overloaded" errors, when set. */
  fallbackModel?: string;
}

/** A slash command the REPL offers (`/todos`, `/compact`...). */
export interface SlashCommand {
  name: string;
  description: string;
  run(args: string): Promise<string | void> | string | void;
}

/**
 * What an agent is made of, by name: the docs compute each lesson's "what changed" table
 * from this, so the table can never disagree with the code.
 */
export interface AgentAnatomy {
  tools: string[];
  hooks: string[];
  promptSections: string[];
  commands: string[];
}

/** A running agent with its conversation. */
export interface Agent {
  /** Its tools, hooks, prompt sections and commands, by name. */
  anatomy(): AgentAnatomy;
  /** Run one user prompt to the end and return the final answer (one turn at a time). */
  run(prompt: string, signal: AbortSignal): Promise<string>;
  /** Prompts that arrived from elsewhere (mail, cron, a finished job), waiting for an idle moment. */
  submitted?: PromptQueue;
  /** True while something still works for the agent outside a turn (a job, a teammate). */
  working?(): boolean;
  /** Forget the conversation (`/clear`). */
  clear(): void;
  /** Commands this lesson adds to the REPL. */
  commands?: SlashCommand[];
  /** Stop whatever is still running (background jobs, teammates) before exit. */
  close?(): Promise<void>;
}

/** Extra command-line option a lesson accepts (string-valued). */
export interface LessonFlag {
  name: string;
  description: string;
  choices?: readonly string[];
}

export interface Lesson {
  /** "s01" */
  id: string;
  /** "The agent loop" */
  title: string;
  /** The lesson's one-line motto. */
  headline: string;
  /** Absolute paths of the offline demo scripts, in the order the demo runs them. */
  demoScripts: string[];
  /**
   * The script the offline model answers from at the REPL and in `--print`, when the lesson's
   * flags call for another than the first demo script (s03 in plan mode plans, it does not ask).
   */
  offlineScript?(flags: Record<string, string | undefined>): string | undefined;
  flags?: LessonFlag[];
  createAgent(options: AgentOptions): Agent | Promise<Agent>;
}

/** A lesson's demo scripts by file name, found from its `src/index.ts` (pass `import.meta.url`). */
export function demoScripts(indexUrl: string, ...names: string[]): string[] {
  const demoDir = path.join(path.dirname(fileURLToPath(indexUrl)), "..", "demo");
  return names.map((name) => path.join(demoDir, name));
}
