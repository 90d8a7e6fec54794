/**
 * A tool is defined once: a name, a description, a zod schema for its input, and `run`.
 * From the schema come both the JSON schema the model sees and the validation of what the
 * model sends back. Every failure becomes a result the model can read and act on — an
 * error in a tool never crashes the session.
 *
 * `execute` is also where a tool's output becomes an outcome — for every loop: s01's and
 * s02's own, and the kernel's from s03 on — so it is where known secrets are scrubbed out
 * (secrets.ts). Everything downstream gets the clean text: PostToolUse hooks (a command hook
 * reads the result on its stdin), the screen, s07's saved outputs, the model. It happens
 * before the cap, which could otherwise cut a secret in half and keep the first half.
 */
import { z } from "zod";
import type { AgentContext } from "./agent/context.ts";
import { capText } from "../platform/cap.ts";
import { isAbort } from "./errors.ts";
import { scrubSecrets } from "../platform/secrets.ts";
import type { ToolSpec } from "./protocol.ts";
import { ToolError } from "../platform/tool-error.ts";
import type { ToolOutcome } from "./tool-outcome.ts";
import { runWrapped } from "./tool-wrappers.ts";

export type { ToolOutcome } from "./tool-outcome.ts";

/** What `run` may return: the text for the model, or that and a screen text of its own. */
export type ToolOutput = string | { content: string; display?: string; references?: string[] };

/**
 * What a call means to lesson 3's permission policy, in terms every rule understands: the shell
 * commands it runs, the files it reads, the files it changes. Paths are as the model wrote
 * them (relative to the workspace, or absolute). A tool that runs `npm test` in the
 * background declares `{ commands: ["npm test"] }`, and `Bash(...)` rules govern it like bash.
 */
export interface PolicySubject {
  commands?: string[];
  reads?: string[];
  writes?: string[];
  /**
   * Where the commands run and the paths start, relative to the agent's cwd, when that is
   * somewhere else (a command run inside a worktree): the policy judges the call from there.
   */
  cwd?: string;
  /** The agent type a call starts (s05's task tool): Claude Code's `Agent(Explore)` rules name it. */
  agentType?: string;
  /**
   * Why no allow rule or grant may approve this call, when its input makes it dangerous in a
   * way no path or command shows (`worktree_remove` with `force` discards unmerged work): the
   * permission mode decides, so by default a person is asked.
   */
  unapprovable?: string;
}

/**
 * How Claude Code names a tool and its input fields (ours → theirs), so settings and hook
 * scripts written for Claude Code work unchanged: read_file is `Read` with `file_path`.
 */
export interface ClaudeCodeName {
  name: string;
  /** Names Claude Code used for it before (`Task` for today's `Agent`): rules and matchers written with them still match. */
  formerNames?: readonly string[];
  /** Our field name → Claude Code's; fields not listed have the same name in both. */
  fields?: Record<string, string>;
}

/**
 * What a tool means to the permission policy, which arrives in lesson 3 (s03-hooks): everything
 * a tool says about permissions is here, in one optional field, so a tool of lessons 1 and 2
 * carries none of it — s03 gives those tools theirs (s03's permissions/earlier-tools.ts), and
 * a tool of s03 or later declares its own.
 *
 * No metadata means the strictest reading: the tool may change things and declares nothing a
 * rule could approve, so a person is asked (fail closed; see `mutates`).
 */
export interface ToolPermission<I = unknown> {
  /**
   * `false` for a tool that changes no file and nothing in the world (a read, a search, a
   * message): plan mode allows it and no one is asked. Absent or `true`: the policy asks.
   */
  mutating?: boolean;
  /** What a (validated) call means to the policy; see PolicySubject. */
  subject?(input: I): PolicySubject;
  /** This tool as Claude Code names it, for rules and hook scripts written for Claude Code. */
  claudeCode?: ClaudeCodeName;
}

/** Whether a call of this tool may change things: yes, unless the tool says it does not (fail closed). */
export function mutates(tool: Pick<Tool, "permission">): boolean {
  return tool.permission?.mutating !== false;
}

export interface Tool<I = unknown> {
  name: string;
  description: string;
  /** The definition sent to the model in `tools`. */
  spec: ToolSpec;
  schema: z.ZodType<I>;
  /** May run at the same time as other concurrency-safe calls (reads, searches): s02's parallel batches. */
  concurrencySafe: boolean;
  /** What the tool means to the permission policy (lesson 3); see ToolPermission. */
  permission?: ToolPermission<I>;
  /** A call as the screen shows it ("5 items"), when the raw input would be noise. */
  summary?(input: I): string;
  /**
   * s04: a call of this tool keeps the agent's plan — todo_write, and s08's task tools that keep
   * it on the board — so s04's reminder counts a round with one as a round of planning.
   */
  keepsPlan?: boolean;
  /** Validate, run, and turn any failure into an error outcome. Never throws. */
  execute(input: unknown, ctx: AgentContext): Promise<ToolOutcome>;
}

/** Throw this from `run` for an expected failure: the model gets the message, no stack. */
export { ToolError };

export interface ToolDefinition<S extends z.ZodType> {
  name: string;
  description: string;
  input: S;
  /** s02: may run beside other concurrency-safe calls (default: no). */
  concurrencySafe?: boolean;
  /** s03: what it means to the permission policy (default: none, so a person is asked). */
  permission?: ToolPermission<z.output<S>>;
  /** How the screen shows a call (default: its input); the model never sees it. */
  summary?(input: z.output<S>): string;
  /** s04: a call keeps the agent's plan (see Tool.keepsPlan). */
  keepsPlan?: boolean;
  run(input: z.output<S>, ctx: AgentContext): Promise<ToolOutput> | ToolOutput;
}

/** The JSON schema the model sees, generated from the same zod schema that validates. */
export function inputSchemaOf(schema: z.ZodType): ToolSpec["input_schema"] {
  const { $schema: _ignored, ...jsonSchema } = z.toJSONSchema(schema, { io: "input" }) as Record<string, unknown>;
  return jsonSchema as ToolSpec["input_schema"];
}

/** "command: expected string, received undefined" — which field, and why. */
export function describeIssues(error: z.ZodError): string {
  return error.issues
    .map((issue) => `${issue.path.length ? issue.path.join(".") : "(input)"}: ${issue.message}`)
    .join("; ");
}

export function defineTool<S extends z.ZodType>(def: ToolDefinition<S>): Tool<z.output<S>> {
  const spec: ToolSpec = { name: def.name, description: def.description, input_schema: inputSchemaOf(def.input) };
  return {
    name: def.name,
    description: def.description,
    spec,
    schema: def.input as unknown as z.ZodType<z.output<S>>,
    concurrencySafe: def.concurrencySafe ?? false,
    ...(def.permission ? { permission: def.permission } : {}),
    ...(def.summary ? { summary: (input: z.output<S>) => def.summary!(input) } : {}),
    ...(def.keepsPlan ? { keepsPlan: true } : {}),
    async execute(input, ctx) {
      const parsed = def.input.safeParse(input);
      if (!parsed.success) {
        return { content: `Invalid input for ${def.name}: ${describeIssues(parsed.error)}`, isError: true };
      }
      try {
        // Inside whatever the command line put around every call (tool-wrappers.ts): the reset ledger.
        const output = await runWrapped({ tool: def.name, cwd: ctx.cwd, report: (m) => ctx.renderer.notice(m) }, () => def.run(parsed.data, ctx));
        if (typeof output === "string") return { content: forTheModel(output), isError: false };
        const { display, references } = output;
        return { content: forTheModel(output.content), isError: false, ...(display ? { display: scrubSecrets(display) } : {}), ...(references?.length ? { references } : {}) };
      } catch (err) {
        return { content: forTheModel(errorText(err, ctx.signal)), isError: true };
      }
    },
  };
}

/** A tool's text as the model may see it: secrets out first, then cut to size. */
const forTheModel = (text: string) => capText(scrubSecrets(text));

/** A call that Ctrl-C (or the session's end) cut short: what the model and the screen read instead of an AbortError. */
export const INTERRUPTED_CALL = "Interrupted: the turn was cancelled before this call finished.";

/**
 * An error as one line. A call cut short by Ctrl-C is no failure of the tool: one calm line for
 * an abort, and "Error:" rather than a class name for what a tool says of it (s12's GitError:
 * "git commit was interrupted").
 */
export function errorText(err: unknown, signal?: AbortSignal): string {
  const cancelled = signal?.aborted === true;
  if (cancelled && isAbort(err)) return INTERRUPTED_CALL;
  const plain = err instanceof Error && (err.name === "Error" || err.name === "ToolError" || (cancelled && err instanceof ToolError));
  if (err instanceof Error) return `${plain ? "Error" : err.name}: ${err.message}`;
  return `Error: ${String(err)}`;
}
