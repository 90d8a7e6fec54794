/**
 * The contract between a lesson and the shared command line. A lesson says what it is and
 * how to build its agent; core does the rest (flags, config, REPL, demo, trace), so every
 * lesson's `main.ts` is three lines and every lesson behaves the same at the terminal.
 */
import path from "node:path";
import { fileURLToPath } from "node:url";
import type { AgentContext } from "./agent/context.ts";
import type { PromptQueue } from "./agent/prompt-queue.ts";
import type { ConfigPlace, ConfigReport } from "./config-check.ts";
import type { Model } from "./model.ts";
import type { Renderer } from "./renderer.ts";

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
  /**
   * The user's Claude Code folder, whose settings.json applies to every project (s03). Default:
   * where Claude Code looks (`userClaudeDir()`: CLAUDE_CONFIG_DIR, else ~/.claude). A test gives
   * its own, so that no test ever reads the machine's.
   */
  userDir?: string;
}

/** A slash command the REPL offers (`/todos`, `/compact`...). */
export interface SlashCommand {
  name: string;
  description: string;
  /**
   * Text to show, nothing, or a turn to run at once (a custom command's expanded prompt).
   * `ctx` is the agent's context between turns (its conversation, its own model call), which
   * `agentFrom` hands every command: a command that summarises the conversation needs it.
   */
  run(args: string, ctx?: AgentContext): Promise<CommandResult> | CommandResult;
}

export type CommandResult = string | void | CommandTurn;

/**
 * What a command returns to start a turn: the REPL (and `--print`) runs `prompt` right away,
 * as if it had been typed, after a dim line that says what the command expanded to.
 */
export interface CommandTurn {
  /** The prompt the turn runs. */
  prompt: string;
  /** What the dim line says it expanded to, when the prompt frames it for the model (s06's command tags); default the prompt. */
  shown?: string;
  /**
   * Called once when that turn has ended, however it ended (an answer, an error, Ctrl-C):
   * undo what the command set up for its turn only (allow rules it granted).
   */
  onEnd?: () => void;
}

/** Is this command result a turn to run? */
export function isCommandTurn(result: CommandResult): result is CommandTurn {
  return typeof result === "object" && result !== null && typeof result.prompt === "string";
}

/**
 * What an agent is made of, by name: the docs compute each lesson's "what changed" table
 * from this, so the table can never disagree with the code.
 */
export interface AgentAnatomy {
  /** The mechanisms it was built from, in the order they were added (empty for an agent built another way). */
  mechanisms?: string[];
  tools: string[];
  hooks: string[];
  promptSections: string[];
  commands: string[];
  /** The standing grants its mechanisms declared: "task_create, task_update (lesson 8: …)". */
  grants?: string[];
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
  /**
   * "required" (default): `--name value`. "none": a switch, `--continue`, read as "true".
   * "optional": `--resume` alone reads as "" (s15: a picker), `--resume <id>` as the id.
   */
  value?: "required" | "none" | "optional";
  choices?: readonly string[];
  /** An environment variable that sets it when the command line does not (LEARN_COMPACT_THRESHOLD). */
  env?: string;
}

/**
 * A lesson whose workspace needs more than the practice files (s12 needs a git repository of
 * its own). With no `--cwd`, the REPL, `--print` and the demo work in a fresh copy of the
 * practice workspace that `prepare` made ready; the banner says why.
 */
export interface LessonWorkspace {
  /** Make a fresh copy of the practice workspace ready (a lesson's own set-up, e.g. `git init`). */
  prepare(cwd: string): Promise<void>;
  /** One line for the banner: why this lesson starts in a fresh copy. */
  why: string;
  /**
   * Whether `cwd` has had that set-up (s12: a repository of its own). A workspace that has not
   * (`--cwd practice-workspace`) is compared with git's template, not a prepared copy, and the
   * demo's refusal says the set-up is missing rather than calling clean files changed.
   */
  isPrepared?(cwd: string): Promise<boolean>;
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
  /** The options it accepts beyond the common ones: its mechanisms' flags (agent/lesson-from.ts). */
  flags?: LessonFlag[];
  /**
   * Flags the demo runs with, and any offline run unless the command line sets them: its
   * mechanisms' `offlineFlags`, then its demo's own (s07 compacts at a few thousand tokens, so a
   * short scripted session shows it).
   */
  demoFlags?: Record<string, string>;
  /**
   * The demo's script depends on how big each request is (s07 compacts at a set size): a skill,
   * agent, command or CLAUDE.md of the student's own, listed in every request, moves its
   * compaction, so /demo names them before replaying (workspace-drift.ts).
   */
  demoCountsTokens?: boolean;
  /**
   * What the demo needs beyond Node, checked before it is run for the docs (s14: a sandbox that
   * starts here): why it is missing, or undefined when all is there. Where something is missing,
   * `pnpm docs` keeps the walkthrough as it was recorded and says so, rather than record a
   * different run (s14's CI job has bubblewrap and checks the walkthrough there).
   */
  demoNeeds?(): Promise<string | undefined>;
  /**
   * Load the workspace's Claude Code files with this lesson's loaders and report on each
   * (`--check-config`): present when one of its mechanisms reads such files (s03 on).
   */
  checkConfig?(place: ConfigPlace): Promise<ConfigReport>;
  /** When the lesson's workspace needs a set-up of its own (see LessonWorkspace). */
  workspace?: LessonWorkspace;
  createAgent(options: AgentOptions): Agent | Promise<Agent>;
}

/** A lesson's demo scripts by file name, found from its `src/index.ts` (pass `import.meta.url`). */
export function demoScripts(indexUrl: string, ...names: string[]): string[] {
  const demoDir = path.join(path.dirname(fileURLToPath(indexUrl)), "..", "demo");
  return names.map((name) => path.join(demoDir, name));
}

/** A line that calls a command: `/name` and its arguments. */
export interface CommandLine {
  name: string;
  /** Everything after the name, trimmed ("" when none). */
  args: string;
}

/**
 * `/commit fix the typo` → { name: "commit", args: "fix the typo" }. Undefined when the line
 * does not start with `/` or its first word is not a command name (`/tmp/x explain`): a path
 * is a prompt, not a command.
 */
export function commandLineOf(line: string): CommandLine | undefined {
  const match = /^\/([A-Za-z0-9_.:-]*)(?:\s+([\s\S]*))?$/.exec(line.trim());
  return match ? { name: match[1]!, args: (match[2] ?? "").trim() } : undefined;
}

const SHOWN_CHARS = 80;

/** What a command expanded to, in one line: its first line, cut, and its size when there is more. */
export function describeExpansion(name: string, prompt: string): string {
  const text = prompt.trim();
  const first = text.split("\n")[0]!;
  const shown = first.length > SHOWN_CHARS ? `${first.slice(0, SHOWN_CHARS - 1)}…` : first;
  const lines = text.split("\n").length;
  const more = lines > 1 ? ` (${lines} lines, ${text.length} chars)` : first.length > SHOWN_CHARS ? ` (${text.length} chars)` : "";
  return `/${name} → ${shown}${more}`;
}
