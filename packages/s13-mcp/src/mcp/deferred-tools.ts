/**
 * Deferred tools: the model first sees an MCP tool by name only, and its schema once it asked
 * for it — as Claude Code 2.1.328 sends them. Every request:
 *
 *   tools     the built-in tools whole, tool_search, and the MCP tools a tool_reference already
 *             loaded (with defer_loading: true); the others are left out
 *   prompt    a section names every deferred tool, so the model knows what it may search for
 *   a call    of a deferred tool not loaded yet is refused before anything runs: its schema was
 *             never shown, so the input is a guess (Claude Code let such a call run: stricter)
 *
 * What is loaded is read from the conversation itself (the tool_reference blocks in its
 * tool_results), never kept aside: a compaction that drops the search drops the schema with it.
 */
import type { Hook, MessageParam, ModelWrapper, PromptSection, Tool } from "@learn/core";
import { defineHook } from "@learn/core";

/** The tool names a `tool_reference` block of the conversation names. */
export function loadedTools(messages: readonly MessageParam[]): Set<string> {
  const loaded = new Set<string>();
  for (const message of messages) {
    if (!Array.isArray(message.content)) continue;
    for (const block of message.content) {
      if (block.type !== "tool_result" || !Array.isArray(block.content)) continue;
      for (const inner of block.content) if (inner.type === "tool_reference") loaded.add(inner.tool_name);
    }
  }
  return loaded;
}

/**
 * Around every model call: the deferred tools' schemas only once loaded, and then as deferred.
 * A request that does not send a loaded tool (s16's evaluator and s07's summary send none) gets
 * its tool_reference blocks as text: the API refuses a reference to a tool the request lacks.
 */
export function deferTools(deferred: ReadonlySet<string>): ModelWrapper {
  return (next) => (request, ctx) => {
    const loaded = loadedTools(request.messages);
    const tools = request.tools
      ?.filter((spec) => !deferred.has(spec.name) || loaded.has(spec.name))
      .map((spec) => (deferred.has(spec.name) ? { ...spec, defer_loading: true } : spec));
    const sent = new Set(tools?.filter((spec) => deferred.has(spec.name)).map((spec) => spec.name));
    const messages = [...loaded].every((name) => sent.has(name)) ? request.messages : referencesAsText(request.messages, sent);
    return next({ ...request, messages, ...(tools ? { tools } : {}) }, ctx);
  };
}

/** The conversation with every tool_reference to a tool not in `sent` said in words instead. */
function referencesAsText(messages: readonly MessageParam[], sent: ReadonlySet<string>): MessageParam[] {
  return messages.map((message) => {
    if (!Array.isArray(message.content)) return message;
    const content = message.content.map((block) => {
      if (block.type !== "tool_result" || !Array.isArray(block.content)) return block;
      const inner = block.content.map((ref) =>
        ref.type === "tool_reference" && !sent.has(ref.tool_name) ? { type: "text" as const, text: `(${ref.tool_name}'s schema was loaded here)` } : ref,
      );
      return { ...block, content: inner };
    });
    return { ...message, content } as MessageParam;
  });
}

/** Before the permission question: a deferred tool the model never loaded is not called. */
export function refuseUnloaded(deferred: ReadonlySet<string>, searchTool: string): Hook<"PreToolUse"> {
  return defineHook("PreToolUse", "deferred-tools", async ({ call }, ctx) => {
    if (!deferred.has(call.name) || loadedTools(ctx.messages).has(call.name)) return;
    return {
      decision: "deny",
      reason: `${call.name} is a deferred tool and its schema is not loaded yet: call ${searchTool} with query "select:${call.name}" first, then call it with the parameters its schema names.`,
    };
  });
}

/** The prompt's list of what can be searched for, by name (Claude Code sends it as a system message). */
export function deferredToolsSection(tools: readonly Tool[], searchTool: string): PromptSection {
  return {
    name: "deferred-tools",
    text:
      `The following deferred tools are available via ${searchTool}. Their schemas are NOT loaded: calling them directly fails. ` +
      `Use ${searchTool} with query "select:<name>[,<name>...]" to load tool schemas before calling them:\n` +
      tools.map((t) => t.name).join("\n"),
  };
}
