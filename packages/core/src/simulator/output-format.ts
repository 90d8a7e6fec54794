/**
 * Structured output, as the real API serves it: a request may name a JSON schema in
 * `output_config.format` (`{ type: "json_schema", schema }`), and the answer's text is then
 * JSON that matches it. The API constrains the model's sampling to the schema, so an answer
 * that ends normally always fits; only an answer cut short (`max_tokens`) or refused may not.
 *
 * So the simulator holds a script to the same promise: a scripted answer to such a request must
 * be JSON matching the schema, or a mismatch says why (like a failed `expect`). A script that
 * wants a broken answer — to test a harness's retry — says so the way the API would produce
 * one: `stop_reason: max_tokens` (or `refusal`).
 */
import { z } from "zod";
import type { SimRequest } from "./request.ts";

/** The answers the API does not hold to the schema: cut short, or refused. */
const UNCONSTRAINED = new Set(["max_tokens", "refusal"]);

/** `output_config.format`: a JSON schema the API can read, or the problem with it. */
export function checkOutputFormat(format: unknown, path: string): string | undefined {
  if (format === undefined) return undefined;
  if (!isObject(format)) return `${path}: Input should be a valid dictionary`;
  if (format.type !== "json_schema") return `${path}.type: Input should be 'json_schema'`;
  if (!isObject(format.schema)) return `${path}.schema: Field required (a JSON schema object)`;
  const extra = Object.keys(format).find((key) => key !== "type" && key !== "schema");
  if (extra !== undefined) return `${path}.${extra}: Extra inputs are not permitted`;
  try {
    z.fromJSONSchema(format.schema as never);
    return undefined;
  } catch (err) {
    return `${path}.schema: not a JSON schema the API supports (${(err as Error).message})`;
  }
}

/** The schema a request asks its answer to match (it passed validation), if any. */
export function requestedSchema(request: SimRequest): Record<string, unknown> | undefined {
  const config = (request as { output_config?: { format?: { schema?: Record<string, unknown> } } }).output_config;
  return config?.format?.schema;
}

/** What of a scripted answer is checked (a `TurnAnswer` of script.ts, which imports this folder's validation). */
interface ScriptedAnswer {
  content?: readonly ({ type: "text"; text: string } | { type: "tool_use" })[];
  stop_reason?: string;
}

/** A scripted answer to a structured-output request that the real API could not have sent; undefined when it fits. */
export function checkScriptedFormat(answer: ScriptedAnswer, request: SimRequest): string | undefined {
  const schema = requestedSchema(request);
  if (schema === undefined || answer.content === undefined || UNCONSTRAINED.has(answer.stop_reason ?? "")) return undefined;
  const text = answer.content.filter((b) => b.type === "text").map((b) => b.text).join("");
  const hint = "(the real API's answer always matches; script stop_reason: max_tokens for one cut short)";
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    return `scripted an answer that is not JSON, but the request asks for output_config.format ${hint}: ${JSON.stringify(text.slice(0, 200))}`;
  }
  const parsed = z.fromJSONSchema(schema as never).safeParse(value);
  if (parsed.success) return undefined;
  return `scripted an answer that does not match the request's output_config.format schema ${hint}: ${z.prettifyError(parsed.error).replace(/\n\s*/g, " ")}`;
}

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}
