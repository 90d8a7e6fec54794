/**
 * An agent's answer held to the JSON schema the script gave `agent(prompt, { schema })`. The
 * subset a workflow's schemas use: type (object, array, string, number, integer, boolean, null),
 * properties, required, items, enum. Claude Code's rule, kept: the root is an object schema and
 * `required` names only declared properties — a schema that no answer could meet fails the call
 * at once, before any agent is paid for.
 */
export type JsonSchema = {
  type?: string | string[];
  properties?: Record<string, JsonSchema>;
  required?: string[];
  items?: JsonSchema;
  enum?: unknown[];
  [other: string]: unknown;
};

/** Why `schema` cannot be used, or undefined when it can. */
export function schemaProblem(schema: unknown): string | undefined {
  if (typeof schema !== "object" || schema === null || Array.isArray(schema)) return "schema must be a JSON Schema object";
  const root = schema as JsonSchema;
  if (root.type !== "object" || typeof root.properties !== "object") return "schema needs {type: 'object', properties: {...}} at its root";
  const missing = (root.required ?? []).filter((key) => !(key in root.properties!));
  return missing.length > 0 ? `schema requires ${missing.join(", ")}, which its properties do not declare` : undefined;
}

/** Each place `value` breaks `schema`, as `path: problem` (empty when it fits). */
export function schemaErrors(value: unknown, schema: JsonSchema, at = "$"): string[] {
  const types = schema.type === undefined ? [] : [schema.type].flat();
  if (types.length > 0 && !types.some((t) => fits(value, t))) return [`${at}: expected ${types.join(" or ")}, got ${kindOf(value)}`];
  if (schema.enum && !schema.enum.some((e) => JSON.stringify(e) === JSON.stringify(value))) return [`${at}: must be one of ${JSON.stringify(schema.enum)}`];
  if (Array.isArray(value) && schema.items) return value.flatMap((item, i) => schemaErrors(item, schema.items!, `${at}[${i}]`));
  if (kindOf(value) !== "object") return [];
  const record = value as Record<string, unknown>;
  const missing = (schema.required ?? []).filter((key) => !(key in record)).map((key) => `${at}.${key}: required`);
  const inner = Object.entries(schema.properties ?? {}).flatMap(([key, sub]) => (key in record ? schemaErrors(record[key], sub, `${at}.${key}`) : []));
  return [...missing, ...inner];
}

function fits(value: unknown, type: string): boolean {
  if (type === "integer") return Number.isInteger(value);
  return kindOf(value) === type;
}

function kindOf(value: unknown): string {
  if (value === null) return "null";
  if (Array.isArray(value)) return "array";
  return typeof value;
}

/** The JSON value an answer holds: the whole text, or the last fenced ```json block in it. */
export function jsonOf(answer: string): { value: unknown } | { error: string } {
  const fenced = [...answer.matchAll(/```(?:json)?\s*\n([\s\S]*?)```/g)].at(-1)?.[1];
  try {
    return { value: JSON.parse((fenced ?? answer).trim()) };
  } catch {
    return { error: "the answer is not JSON" };
  }
}
