/**
 * The script format for the offline model: what the simulator answers, turn by turn.
 * The TypeScript types are written out by hand (they are the documentation); the zod
 * schema below checks a parsed YAML file against them, strictly, so a typo in a demo
 * script is an error with a line number instead of a silently ignored key.
 */
import { z } from "zod";
import type { StopReason } from "../protocol.ts";
import { TOOL_NAME } from "./validate.ts";

/** One block of a scripted assistant message. Tool-use ids are generated, never scripted. */
export type ScriptBlock =
  | { type: "text"; text: string }
  | { type: "tool_use"; name: string; input: Record<string, unknown> };

/** Checks on the incoming request; a mismatch answers a 400 that explains itself. */
export interface Expect {
  lastUserIncludes?: string;
  systemIncludes?: string;
  toolsInclude?: string[];
  messageCount?: { min?: number; max?: number };
}

export interface ScriptTurn {
  agent?: string;
  expect?: Expect;
  content?: ScriptBlock[];
  stop_reason?: StopReason;
  error?: { status: number; type: string; message: string };
  disconnect?: boolean;
  delayMs?: number;
}

export interface Script {
  title?: string;
  prompt?: string | string[];
  limits?: { contextTokens?: number };
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

const expectSchema = strict({
  lastUserIncludes: z.string().optional(),
  systemIncludes: z.string().optional(),
  toolsInclude: z.array(z.string()).optional(),
  messageCount: strict({ min: count.optional(), max: count.optional() }).optional(),
});

const turnSchema = strict({
  agent: z.string().min(1).optional(),
  expect: expectSchema.optional(),
  content: z.array(block).optional(),
  stop_reason: z.enum(STOP_REASONS).optional(),
  error: strict({
    status: z.number().int().min(400).max(599),
    type: z.string().min(1),
    message: z.string(),
  }).optional(),
  disconnect: z.boolean().optional(),
  delayMs: count.optional(),
}).superRefine((turn, ctx) => {
  // A turn answers in exactly one way: a message, an HTTP error, or a dropped connection.
  const answers = [turn.content, turn.error, turn.disconnect || undefined].filter((a) => a !== undefined);
  if (answers.length !== 1) {
    ctx.addIssue({ code: "custom", message: "a turn needs exactly one of content, error, disconnect: true" });
  }
  if (turn.stop_reason !== undefined && turn.content === undefined) {
    ctx.addIssue({ code: "custom", path: ["stop_reason"], message: "stop_reason only makes sense with content" });
  }
});

export const scriptSchema: z.ZodType<Script> = strict({
  title: z.string().optional(),
  prompt: z.union([z.string(), z.array(z.string())], "expected a string or a list of strings").optional(),
  limits: strict({ contextTokens: z.number().int().positive().optional() }).optional(),
  turns: z.array(turnSchema).min(1, "a script needs at least one turn"),
});
