/**
 * Deferred tools, as the Messages API serves them: a tool sent with `defer_loading: true` is
 * not shown to the model until a `tool_reference` block (inside a tool_result) names it — the
 * answer of a search tool the harness runs, such as Claude Code's ToolSearch or s13's
 * tool_search. The simulator checks both sides of that contract:
 *
 *   the request   a tool_reference names a tool the request sends with defer_loading;
 *                 at least one tool is not deferred (else nothing could search)
 *   the script    a scripted tool_use of a deferred tool no tool_reference loaded yet is a
 *                 script bug: the real model could not have seen that tool, so it is not served
 */
import type { Problem } from "../runtime/conversation-rules.ts";
import type { SimRequest } from "./request.ts";

type Obj = Record<string, unknown>;

/** Every tool name a `tool_reference` block of the conversation names, with where it sits. */
function references(messages: unknown): { name: string; path: string }[] {
  const found: { name: string; path: string }[] = [];
  for (const [i, message] of (Array.isArray(messages) ? messages : []).entries()) {
    const content = (message as Obj).content;
    if (!Array.isArray(content)) continue;
    for (const [j, block] of content.entries()) {
      const inner = (block as Obj).type === "tool_result" ? (block as Obj).content : undefined;
      if (!Array.isArray(inner)) continue;
      for (const [k, ref] of inner.entries()) {
        if ((ref as Obj).type === "tool_reference") found.push({ name: String((ref as Obj).tool_name), path: `messages.${i}.content.${j}.content.${k}` });
      }
    }
  }
  return found;
}

const deferredNames = (tools: unknown) =>
  new Set((Array.isArray(tools) ? tools : []).filter((t: Obj) => t.defer_loading === true).map((t: Obj) => t.name as string));

/** The request's side: run after the schema checks (every block already has its shape). */
export function checkDeferredTools(body: { tools?: unknown; messages?: unknown }): Problem {
  const tools = Array.isArray(body.tools) ? (body.tools as Obj[]) : [];
  if (tools.length > 0 && tools.every((t) => t.defer_loading === true)) {
    return "tools: at least one tool must not have defer_loading set (the model needs a tool to find the others with)";
  }
  const deferred = deferredNames(tools);
  const stray = references(body.messages).find((ref) => !deferred.has(ref.name));
  if (stray) return `${stray.path}.tool_name: tool_reference names "${stray.name}", which is not a tool of this request with defer_loading: true`;
  return undefined;
}

/** The script's side: the deferred tools no tool_reference has loaded yet (the model cannot see them). */
export function unloadedDeferredTools(request: SimRequest): Set<string> {
  const unloaded = deferredNames(request.tools);
  for (const ref of references(request.messages)) unloaded.delete(ref.name);
  return unloaded;
}
