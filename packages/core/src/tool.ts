/**
 * A tool is defined once: a name, a description, a zod schema for its input, and `run`.
 * From the schema come both the JSON schema the model sees and the validation of what the
 * model sends back. Every failure becomes a result the model can read and act on — an
 * error in a tool never crashes the session.
 */
import { z } from "zod";
import type { AgentContext } from "./agent/context.ts";
import { capText } from "./cap.ts";
import type { ToolSpec } from "./protocol.ts";

/** What a tool call produced: the text for the model, and whether it is an error. */
export interface ToolOutcome {
  content: string;
  isError: boolean;
}

export interface Tool<I = unknown> {
  name: string;
  description: string;
  /** The definition sent to the model in `tools`. */
  spec: ToolSpec;
  schema: z.ZodType<I>;
  /** May run at the same time as other concurrency-safe calls (reads, searches). */
  concurrencySafe: boolean;
  /** Changes files or the world: the permission system asks about these. */
  mutating: boolean;
  /** Validate, run, and turn any failure into an error outcome. Never throws. */
  execute(input: unknown, ctx: AgentContext): Promise<ToolOutcome>;
}

/** Throw this from `run` for an expected failure: the model gets the message, no stack. */
export class ToolError extends Error {
  override name = "ToolError";
}

export interface ToolDefinition<S extends z.ZodType> {
  name: string;
  description: string;
  input: S;
  concurrencySafe?: boolean;
  mutating?: boolean;
  run(input: z.output<S>, ctx: AgentContext): Promise<string> | string;
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
    mutating: def.mutating ?? true,
    async execute(input, ctx) {
      const parsed = def.input.safeParse(input);
      if (!parsed.success) {
        return { content: `Invalid input for ${def.name}: ${describeIssues(parsed.error)}`, isError: true };
      }
      try {
        return { content: capText(await def.run(parsed.data, ctx)), isError: false };
      } catch (err) {
        return { content: capText(errorText(err)), isError: true };
      }
    },
  };
}

export function errorText(err: unknown): string {
  if (err instanceof Error) return `${err.name === "Error" || err.name === "ToolError" ? "Error" : err.name}: ${err.message}`;
  return `Error: ${String(err)}`;
}
