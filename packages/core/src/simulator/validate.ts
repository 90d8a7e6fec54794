/**
 * Field-by-field validation of a Messages API request body, with the real API's wording and
 * its path style (`messages.2.content.0.tool_use_id: Field required`). Each check returns the
 * first problem it finds, or undefined; the checks are chained in the order the real API
 * reports them: schema first, then the rules of a conversation (core's conversation-rules.ts,
 * which the harness checks itself with too; its rules on empty content are applied here, in
 * the schema's order).
 *
 * Cache breakpoints (`cache_control`) are checked here too: their shape wherever they sit,
 * and the API's limit of 4 per request (conversation-rules.ts; what each one caches is
 * prompt-cache.ts's business).
 *
 * The point is teaching: a harness that passes here sends requests a real model would accept,
 * so a mistake in a lesson's loop shows up offline, with a message saying what to fix.
 *
 * Some fields exist only under an `anthropic-beta` header (the request's `betas`): system turns
 * inside `messages` (system-turns.ts) and `context_management`. Without the beta they are
 * refused as the API refuses them; the course sends neither, Claude Code sends both.
 * `output_config` and adaptive `thinking` are accepted with their shapes checked (a structured
 * output's JSON schema too: output-format.ts).
 */
import { checkBreakpoints, checkConversation, checkMessageContent, checkText, type Problem } from "../runtime/conversation-rules.ts";
import { checkDeferredTools } from "./deferred-tools.ts";
import { checkOutputFormat } from "./output-format.ts";
import { checkTurns, PER_TURN_CONTROL_BETA } from "./system-turns.ts";

type Obj = Record<string, unknown>;

const TOP_LEVEL_KEYS = new Set([
  "model", "max_tokens", "messages", "system", "tools", "tool_choice", "stream", "temperature",
  "top_p", "top_k", "stop_sequences", "metadata", "thinking", "service_tier", "output_config",
]);

/** The anthropic-beta value that allows `context_management` (context editing). */
export const CONTEXT_MANAGEMENT_BETA = "context-management-2025-06-27";

/** What a request came with besides its body. */
export interface RequestHeaders {
  /** The `anthropic-beta` header's values. */
  betas?: readonly string[];
  /** Sent to the API's beta surface (a beta named, or `/v1/messages?beta=true` as Claude Code asks). */
  beta?: boolean;
}

export const TOOL_NAME = /^[a-zA-Z0-9_-]{1,64}$/;
const TOOL_USE_ID = /^[a-zA-Z0-9_-]+$/;

/** Required fields (with their kind) and optional fields of each content block type. */
interface BlockRule { required: Record<string, "string" | "object">; optional: string[] }
const BLOCK_RULES: Record<string, BlockRule> = {
  text: { required: { text: "string" }, optional: ["cache_control", "citations"] },
  image: { required: { source: "object" }, optional: ["cache_control"] },
  document: { required: { source: "object" }, optional: ["cache_control", "citations", "context", "title"] },
  tool_use: { required: { id: "string", name: "string", input: "object" }, optional: ["cache_control", "caller", "toolset_name"] },
  tool_result: { required: { tool_use_id: "string" }, optional: ["content", "is_error", "cache_control", "toolset_name"] },
  // Only inside a tool_result: "load this deferred tool" (deferred-tools.ts).
  tool_reference: { required: { tool_name: "string" }, optional: ["cache_control"] },
  thinking: { required: { thinking: "string", signature: "string" }, optional: [] },
  redacted_thinking: { required: { data: "string" }, optional: [] },
};

/** Which blocks each role may send: tool calls come from the assistant, results from the user; system turns are text. */
const ROLE_BLOCKS: Record<string, string[]> = {
  system: ["text"],
  user: ["text", "image", "document", "tool_result"],
  assistant: ["text", "tool_use", "thinking", "redacted_thinking"],
};
const TOOL_RESULT_BLOCKS = ["text", "image", "document", "tool_reference"];

const TOOL_KEYS = new Set([
  "name", "description", "input_schema", "cache_control", "type", "strict", "defer_loading",
  "input_examples", "allowed_callers", "eager_input_streaming",
]);

function isObject(value: unknown): value is Obj {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

/** The first problem of the first item that has one. */
function firstProblem<T>(items: readonly T[], check: (item: T, index: number) => Problem): Problem {
  for (const [index, item] of items.entries()) {
    const problem = check(item, index);
    if (problem) return problem;
  }
  return undefined;
}

export function validateRequest(body: unknown, { betas = [], beta = false }: RequestHeaders = {}): Problem {
  if (!isObject(body)) return "body: Input should be a valid dictionary";
  return (
    checkTopLevelKeys(body, betas) ??
    checkModel(body.model) ??
    checkMaxTokens(body.max_tokens) ??
    checkMessages(body.messages, betas.includes(PER_TURN_CONTROL_BETA)) ??
    checkSystem(body.system) ??
    checkTools(body.tools) ??
    checkDeferredTools(body) ??
    checkToolChoice(body.tool_choice) ??
    checkSampling(body) ??
    checkThinking(body.thinking, beta) ??
    checkOutputConfig(body.output_config) ??
    checkContextManagement(body.context_management) ??
    checkBreakpoints(body as { messages: { content: unknown }[] }) ??
    // Every message was checked above, so the list now has the shape the rules expect.
    checkTurns(body.messages as { role: string; content: unknown }[])
  );
}

function checkTopLevelKeys(body: Obj, betas: readonly string[]): Problem {
  const known = (key: string) => TOP_LEVEL_KEYS.has(key) || (key === "context_management" && betas.includes(CONTEXT_MANAGEMENT_BETA));
  const extra = Object.keys(body).find((key) => !known(key));
  return extra === undefined ? undefined : `${extra}: Extra inputs are not permitted`;
}

function checkModel(model: unknown): Problem {
  if (model === undefined) return "model: Field required";
  if (typeof model !== "string") return "model: Input should be a valid string";
  if (model.trim() === "") return "model: String should have at least 1 character";
  return undefined;
}

function checkMaxTokens(maxTokens: unknown): Problem {
  if (maxTokens === undefined) return "max_tokens: Field required";
  if (typeof maxTokens !== "number" || !Number.isInteger(maxTokens)) return "max_tokens: Input should be a valid integer";
  if (maxTokens < 1) return "max_tokens: Input should be greater than or equal to 1";
  return undefined;
}

function checkMessages(messages: unknown, systemTurns: boolean): Problem {
  if (messages === undefined) return "messages: Field required";
  if (!Array.isArray(messages)) return "messages: Input should be a valid list";
  if (messages.length === 0) return checkConversation([]); // the rules' words for an empty list
  return firstProblem(messages, (message, i) => checkMessage(message, i, systemTurns));
}

function checkMessage(message: unknown, i: number, systemTurns: boolean): Problem {
  const path = `messages.${i}`;
  if (!isObject(message)) return `${path}: Input should be a valid dictionary`;
  // A system turn may carry its own output_config (per-turn control: the effort from here on).
  const keys = systemTurns && message.role === "system" ? ["role", "content", "output_config"] : ["role", "content"];
  const extra = Object.keys(message).find((key) => !keys.includes(key));
  if (extra !== undefined) return `${path}.${extra}: Extra inputs are not permitted`;
  const roleOk = message.role === "user" || message.role === "assistant" || (systemTurns && message.role === "system");
  if (!roleOk) return `${path}.role: Input should be 'user' or 'assistant'`;
  const turnConfig = checkOutputConfig(message.output_config, `${path}.output_config`);
  if (turnConfig) return turnConfig;
  const { content } = message;
  if (content === undefined) return `${path}.content: Field required`;
  if (typeof content !== "string" && !Array.isArray(content)) return `${path}.content: Input should be a valid string or a list of content blocks`;
  const empty = checkMessageContent(content, path);
  if (empty || typeof content === "string") return empty;
  const allowed = ROLE_BLOCKS[message.role as string] ?? [];
  return firstProblem(content, (block, j) => checkBlock(block, `${path}.content.${j}`, allowed, `${message.role as string} messages`));
}

/** One content block: known type, allowed for this role, required fields present, no extras. */
function checkBlock(block: unknown, path: string, allowed: string[], where: string): Problem {
  if (!isObject(block)) return `${path}: Input should be a valid dictionary`;
  const rule = typeof block.type === "string" ? BLOCK_RULES[block.type] : undefined;
  if (!rule) {
    const tags = Object.keys(BLOCK_RULES).map((t) => `'${t}'`).join(", ");
    return `${path}: Input tag '${String(block.type)}' found using 'type' does not match any of the expected tags: ${tags}`;
  }
  const type = block.type as string;
  if (!allowed.includes(type)) return `${path}: \`${type}\` blocks are not allowed in ${where} (allowed: ${allowed.join(", ")})`;
  return checkFields(block, path, rule) ?? checkBlockValues(block, path, type);
}

function checkFields(block: Obj, path: string, rule: BlockRule): Problem {
  for (const [field, kind] of Object.entries(rule.required)) {
    const value = block[field];
    if (value === undefined) return `${path}.${field}: Field required`;
    if (kind === "string" && typeof value !== "string") return `${path}.${field}: Input should be a valid string`;
    if (kind === "object" && !isObject(value)) return `${path}.${field}: Input should be a valid dictionary`;
  }
  const known = new Set(["type", ...Object.keys(rule.required), ...rule.optional]);
  const extra = Object.keys(block).find((key) => !known.has(key));
  return extra === undefined ? undefined : `${path}.${extra}: Extra inputs are not permitted`;
}

/** The rules about values, once the shape is right. */
function checkBlockValues(block: Obj, path: string, type: string): Problem {
  const cacheControl = checkCacheControl(block.cache_control, `${path}.cache_control`);
  if (cacheControl) return cacheControl;
  if (type === "text") {
    const text = checkText(block.text as string, `${path}.text`);
    if (text) return text;
  }
  if (type === "tool_use" && !TOOL_USE_ID.test(block.id as string)) {
    return `${path}.id: String should match pattern '${TOOL_USE_ID.source}'`;
  }
  if (type === "tool_result") return checkToolResult(block, path);
  return undefined;
}

function checkToolResult(block: Obj, path: string): Problem {
  if (block.is_error !== undefined && typeof block.is_error !== "boolean") return `${path}.is_error: Input should be a valid boolean`;
  const { content } = block;
  if (content === undefined || typeof content === "string") return undefined;
  if (!Array.isArray(content)) return `${path}.content: Input should be a valid string or a list of content blocks`;
  return firstProblem(content, (inner, k) => checkBlock(inner, `${path}.content.${k}`, TOOL_RESULT_BLOCKS, "tool_result content"));
}

function checkSystem(system: unknown): Problem {
  if (system === undefined || typeof system === "string") return undefined;
  if (!Array.isArray(system)) return "system: Input should be a valid string or a list of text blocks";
  return firstProblem(system, (block, i) => checkBlock(block, `system.${i}`, ["text"], "system"));
}

function checkTools(tools: unknown): Problem {
  if (tools === undefined) return undefined;
  if (!Array.isArray(tools)) return "tools: Input should be a valid list";
  const problem = firstProblem(tools, checkTool);
  if (problem) return problem;
  const names = tools.map((tool: Obj) => tool.name as string);
  const duplicate = names.find((name, i) => names.indexOf(name) !== i);
  return duplicate === undefined ? undefined : `tools: Tool names must be unique (duplicate: "${duplicate}")`;
}

function checkTool(tool: unknown, i: number): Problem {
  const path = `tools.${i}`;
  if (!isObject(tool)) return `${path}: Input should be a valid dictionary`;
  // Server tools (web search, code execution...) need the real API; offline only custom tools exist.
  if (tool.type !== undefined && tool.type !== null && tool.type !== "custom") {
    return `${path}.type: the simulator only supports custom tools (type "custom" or no type), got '${String(tool.type)}'`;
  }
  const extra = Object.keys(tool).find((key) => !TOOL_KEYS.has(key));
  if (extra !== undefined) return `${path}.${extra}: Extra inputs are not permitted`;
  if (tool.name === undefined) return `${path}.name: Field required`;
  if (typeof tool.name !== "string" || !TOOL_NAME.test(tool.name)) return `${path}.name: String should match pattern '${TOOL_NAME.source}'`;
  if (tool.description !== undefined && typeof tool.description !== "string") return `${path}.description: Input should be a valid string`;
  const cacheControl = checkCacheControl(tool.cache_control, `${path}.cache_control`);
  if (cacheControl) return cacheControl;
  const schema = tool.input_schema;
  if (schema === undefined) return `${path}.input_schema: Field required`;
  if (!isObject(schema)) return `${path}.input_schema: Input should be a valid dictionary`;
  if (schema.type !== "object") return `${path}.input_schema.type: Input should be 'object'`;
  return undefined;
}

function checkToolChoice(choice: unknown): Problem {
  if (choice === undefined) return undefined;
  if (!isObject(choice)) return "tool_choice: Input should be a valid dictionary";
  const types = ["auto", "any", "tool", "none"];
  if (typeof choice.type !== "string" || !types.includes(choice.type)) {
    return `tool_choice: Input tag '${String(choice.type)}' found using 'type' does not match any of the expected tags: ${types.map((t) => `'${t}'`).join(", ")}`;
  }
  if (choice.type === "tool" && typeof choice.name !== "string") return "tool_choice.name: Field required";
  return undefined;
}

function checkSampling(body: Obj): Problem {
  if (body.stream !== undefined && typeof body.stream !== "boolean") return "stream: Input should be a valid boolean";
  if (body.temperature !== undefined && !(typeof body.temperature === "number" && body.temperature >= 0 && body.temperature <= 1)) {
    return "temperature: Input should be a number between 0 and 1";
  }
  const stops = body.stop_sequences;
  if (stops !== undefined && !(Array.isArray(stops) && stops.every((s) => typeof s === "string"))) {
    return "stop_sequences: Input should be a valid list of strings";
  }
  return undefined;
}

/**
 * `{type: "enabled", budget_tokens}`, `{type: "disabled"}` or `{type: "adaptive"}`, optionally with a
 * `display`. The beta endpoint knows one more display, `updates`, which Claude Code sends at a terminal.
 */
function checkThinking(thinking: unknown, beta: boolean): Problem {
  if (thinking === undefined) return undefined;
  if (!isObject(thinking)) return "thinking: Input should be a valid dictionary";
  const types = ["enabled", "disabled", "adaptive"];
  if (typeof thinking.type !== "string" || !types.includes(thinking.type)) {
    return `thinking: Input tag '${String(thinking.type)}' found using 'type' does not match any of the expected tags: ${types.map((t) => `'${t}'`).join(", ")}`;
  }
  if (thinking.type === "enabled" && !(Number.isInteger(thinking.budget_tokens) && (thinking.budget_tokens as number) >= 1024)) {
    return "thinking.enabled.budget_tokens: Input should be an integer greater than or equal to 1024";
  }
  const display = thinking.display;
  const displays = ["summarized", "omitted", ...(beta && thinking.type === "adaptive" ? ["updates"] : [])];
  if (display !== undefined && !displays.includes(display as string)) {
    return `thinking.${thinking.type}.display: Input should be ${displays.map((d) => `'${d}'`).join(" or ")}`;
  }
  const allowed = new Set(["type", "display", ...(thinking.type === "enabled" ? ["budget_tokens"] : [])]);
  const extra = Object.keys(thinking).find((key) => !allowed.has(key));
  return extra === undefined ? undefined : `thinking.${thinking.type}.${extra}: Extra inputs are not permitted`;
}

/** `{ effort, format }`: how much the model spends on an answer, and the JSON schema it must match (output-format.ts). */
function checkOutputConfig(config: unknown, path = "output_config"): Problem {
  if (config === undefined) return undefined;
  if (!isObject(config)) return `${path}: Input should be a valid dictionary`;
  const efforts = ["low", "medium", "high", "xhigh", "max"];
  if (config.effort !== undefined && !efforts.includes(config.effort as string)) {
    return `${path}.effort: Input should be ${efforts.map((e) => `'${e}'`).join(", ")}`;
  }
  const extra = Object.keys(config).find((key) => key !== "effort" && key !== "format");
  if (extra !== undefined) return `${path}.${extra}: Extra inputs are not permitted`;
  return checkOutputFormat(config.format, `${path}.format`);
}

/** `{ edits: [{ type, … }] }`: what the server may clear from the context (the beta was checked with the keys). */
function checkContextManagement(management: unknown): Problem {
  if (management === undefined) return undefined;
  if (!isObject(management)) return "context_management: Input should be a valid dictionary";
  const { edits } = management;
  if (edits !== undefined && !Array.isArray(edits)) return "context_management.edits: Input should be a valid list";
  return firstProblem((edits ?? []) as unknown[], (edit, i) =>
    isObject(edit) && typeof edit.type === "string" ? undefined : `context_management.edits.${i}.type: Field required`,
  );
}

/** `{ type: "ephemeral" }`, optionally with a `ttl` of "5m" (the default) or "1h"; null means none. */
function checkCacheControl(cacheControl: unknown, path: string): Problem {
  if (cacheControl === undefined || cacheControl === null) return undefined;
  if (!isObject(cacheControl)) return `${path}: Input should be a valid dictionary`;
  if (cacheControl.type !== "ephemeral") return `${path}.type: Input should be 'ephemeral'`;
  const { ttl } = cacheControl;
  if (ttl !== undefined && ttl !== "5m" && ttl !== "1h") return `${path}.ttl: Input should be '5m' or '1h'`;
  const extra = Object.keys(cacheControl).find((key) => key !== "type" && key !== "ttl");
  return extra === undefined ? undefined : `${path}.${extra}: Extra inputs are not permitted`;
}
