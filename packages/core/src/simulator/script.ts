/**
 * The script format for the offline model: what the simulator answers, turn by turn.
 * The TypeScript types are written out by hand (they are the documentation); the zod
 * schema below checks a parsed YAML file against them, strictly, so a typo in a demo
 * script is an error with a line number instead of a silently ignored key.
 */
import { LEAD_AGENT } from "../runtime/agent/context.ts";
import { z } from "zod";
import type { StopReason } from "../runtime/protocol.ts";
import { TOOL_NAME } from "./validate.ts";

/** The agent of requests (and turns) that name none. */
/** A turn without `agent:` answers the lead. */
export const DEFAULT_AGENT = LEAD_AGENT;

/** One block of a scripted assistant message. Tool-use ids are generated, never scripted. */
export type ScriptBlock =
  | { type: "text"; text: string }
  | { type: "tool_use"; name: string; input: Record<string, unknown> };

export interface Range {
  min?: number;
  max?: number;
}

/** Checks on the incoming request; a mismatch answers a 400 that explains itself. */
export interface Expect {
  lastUserIncludes?: string;
  systemIncludes?: string;
  toolsInclude?: string[];
  messageCount?: Range;
  /** The exact model id the request names. */
  model?: string;
  /** The request's `max_tokens`: an exact number or a range. */
  maxTokens?: number | Range;
  /** true: the request offers no tools; false: it offers at least one. */
  noTools?: boolean;
  /** The last tool_result of the last user message: true, an error (a denial, a failure); false, not. */
  lastToolResultIsError?: boolean;
}

/** How a turn answers: a message, an HTTP error, or a dropped connection. */
export interface TurnAnswer {
  expect?: Expect;
  content?: ScriptBlock[];
  stop_reason?: StopReason;
  /**
   * An HTTP error. `headers`, when given, are the response's headers instead of the default
   * retry hint (`retry-after-ms: 20` on 429 and 5xx): `{}` sends none, `{ retry-after: "2" }`
   * asks for two seconds, as the real API does.
   */
  error?: { status: number; type: string; message: string; headers?: Record<string, string> };
  disconnect?: boolean;
  delayMs?: number;
  /**
   * A wait for a person to try Ctrl-C mid-turn: served as `delayMs` only at the REPL at a
   * terminal (see pauses.ts); tests, `--print` and `--demo` answer at once.
   */
  pauseMs?: number;
}

export interface ScriptTurn extends TurnAnswer {
  agent?: string;
  /**
   * Hold the request until another agent has been served this many turns (`served`), or has
   * sent this many requests (`asked`: its last one may itself still be waiting).
   */
  after?: { agent: string; served?: number; asked?: number };
  /** Serve this turn this many times in a row (default 1). */
  repeat?: number;
  /** Alternatives: the first whose `expect` matches the request is served. */
  oneOf?: TurnAnswer[];
}

export interface Script {
  title?: string;
  prompt?: string | string[];
  /** The model's context window and output limit: larger prompts, or a larger max_tokens, get the API's 400. */
  limits?: { contextTokens?: number; outputTokens?: number };
  turns: ScriptTurn[];
}

/** A strict object whose "unknown key" error lists the keys that are allowed. */
function strict<T extends z.ZodRawShape>(shape: T) {
  const allowed = Object.keys(shape).join(", ");
  return z.strictObject(shape, {
    error: (issue) =>
      issue.code === "unrecognized_keys" ? `unknown key (allowed: ${allowed})` : undefined,
  });
}

const STOP_REASONS = [
  "end_turn",
  "max_tokens",
  "stop_sequence",
  "tool_use",
  "pause_turn",
  "refusal",
  "model_context_window_exceeded",
] as const satisfies readonly StopReason[];

const textBlock = strict({
  type: z.literal("text"),
  // The real API rejects empty text blocks, so a script must not produce one either.
  text: z.string().min(1, "text must not be empty"),
});

const toolUseBlock = strict({
  type: z.literal("tool_use"),
  name: z.string().regex(TOOL_NAME, `expected a tool name matching ${TOOL_NAME.source}`),
  input: z.record(z.string(), z.unknown(), "expected a mapping of the tool's input fields"),
});

const block = z.discriminatedUnion("type", [textBlock, toolUseBlock], {
  error: "expected one of text | tool_use",
});

const count = z.number().int().nonnegative();

const range = strict({ min: count.optional(), max: count.optional() });

const expectSchema = strict({
  lastUserIncludes: z.string().optional(),
  systemIncludes: z.string().optional(),
  toolsInclude: z.array(z.string()).optional(),
  messageCount: range.optional(),
  model: z.string().min(1).optional(),
  maxTokens: z.union([z.number().int().positive(), range], "expected a number or { min, max }").optional(),
  noTools: z.boolean().optional(),
  lastToolResultIsError: z.boolean().optional(),
});

/** The fields that say how a turn answers; a plain turn and each `oneOf` alternative have them. */
const answerShape = {
  expect: expectSchema.optional(),
  content: z.array(block).optional(),
  stop_reason: z.enum(STOP_REASONS).optional(),
  error: strict({
    status: z.number().int().min(400).max(599),
    type: z.string().min(1),
    message: z.string(),
    headers: z.record(z.string(), z.string(), "expected a mapping of header names to text").optional(),
  }).optional(),
  disconnect: z.boolean().optional(),
  delayMs: count.optional(),
  pauseMs: count.optional(),
};

/** An answer answers in exactly one way: a message, an HTTP error, or a dropped connection. */
function checkAnswer(answer: TurnAnswer, ctx: z.RefinementCtx, what: string): void {
  const answers = [answer.content, answer.error, answer.disconnect || undefined].filter((a) => a !== undefined);
  if (answers.length !== 1) {
    ctx.addIssue({ code: "custom", message: `${what} needs exactly one of content, error, disconnect: true` });
  }
  if (answer.stop_reason !== undefined && answer.content === undefined) {
    ctx.addIssue({ code: "custom", path: ["stop_reason"], message: "stop_reason only makes sense with content" });
  }
}

const alternativeSchema = strict(answerShape).superRefine((alt, ctx) => checkAnswer(alt, ctx, "an alternative"));

const ANSWER_KEYS = Object.keys(answerShape) as Array<keyof typeof answerShape>;

const turnSchema = strict({
  agent: z.string().min(1).optional(),
  after: strict({ agent: z.string().min(1), served: z.number().int().positive().optional(), asked: z.number().int().positive().optional() })
    .refine((after) => (after.served === undefined) !== (after.asked === undefined), "after needs exactly one of served and asked")
    .optional(),
  repeat: z.number().int().positive().optional(),
  ...answerShape,
  oneOf: z.array(alternativeSchema).min(1, "oneOf needs at least one alternative").optional(),
}).superRefine((turn, ctx) => {
  if (turn.oneOf === undefined) return checkAnswer(turn, ctx, "a turn");
  // With alternatives, each alternative says how it answers; the turn itself only says when.
  for (const key of ANSWER_KEYS) {
    if (turn[key] !== undefined) {
      ctx.addIssue({ code: "custom", path: [key], message: `${key} belongs inside each oneOf alternative` });
    }
  }
});

/** `after` must name an agent of the script, and a count its turns can reach. */
function checkAfter(script: Script, ctx: z.RefinementCtx): void {
  const turnCounts = new Map<string, number>();
  for (const turn of script.turns) {
    const agent = turn.agent ?? DEFAULT_AGENT;
    turnCounts.set(agent, (turnCounts.get(agent) ?? 0) + (turn.repeat ?? 1));
  }
  for (const [i, turn] of script.turns.entries()) {
    if (!turn.after) continue;
    const total = turnCounts.get(turn.after.agent);
    const path = ["turns", i, "after"];
    if (total === undefined) {
      const agents = [...turnCounts.keys()].join(", ");
      ctx.addIssue({ code: "custom", path: [...path, "agent"], message: `no turns for agent "${turn.after.agent}" (agents in the script: ${agents})` });
    } else if ((turn.after.served ?? turn.after.asked ?? 0) > total) {
      const key = turn.after.served !== undefined ? "served" : "asked";
      ctx.addIssue({ code: "custom", path: [...path, key], message: `agent "${turn.after.agent}" has only ${total} turns` });
    }
  }
}

export const scriptSchema: z.ZodType<Script> = strict({
  title: z.string().optional(),
  prompt: z.union([z.string(), z.array(z.string())], "expected a string or a list of strings").optional(),
  limits: strict({ contextTokens: z.number().int().positive().optional(), outputTokens: z.number().int().positive().optional() }).optional(),
  turns: z.array(turnSchema).min(1, "a script needs at least one turn"),
}).superRefine(checkAfter);
