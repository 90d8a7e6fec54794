/**
 * `expect` checks a scripted turn makes of the request it answers. A demo script is a bet on
 * what the harness will send; when the bet is lost, the 400 says what was expected and what
 * came, so a broken demo or a regression in a lesson is diagnosed from the message alone.
 */
import type { Expect, Range, ScriptBlock } from "./script.ts";
import { lastToolResult, lastUserText, quote, systemText, toolNames, type SimRequest } from "./request.ts";
import { unloadedDeferredTools } from "./deferred-tools.ts";

/** What did not match, phrased "expected …, but …"; undefined when everything matched. */
export function checkExpect(expect: Expect, request: SimRequest): string | undefined {
  return (
    checkLastUser(expect, request) ??
    checkSystem(expect, request) ??
    checkTools(expect, request) ??
    checkMessageCount(expect, request) ??
    checkModel(expect, request) ??
    checkMaxTokens(expect, request) ??
    checkNoTools(expect, request) ??
    checkLastToolResult(expect, request)
  );
}

function checkLastUser({ lastUserIncludes: wanted }: Expect, request: SimRequest): string | undefined {
  if (wanted === undefined) return undefined;
  const text = lastUserText(request);
  if (text.includes(wanted)) return undefined;
  return `expected the last user message to include ${JSON.stringify(wanted)}, but it was: ${quote(text)}`;
}

function checkSystem({ systemIncludes: wanted }: Expect, request: SimRequest): string | undefined {
  if (wanted === undefined) return undefined;
  const text = systemText(request);
  if (text?.includes(wanted)) return undefined;
  const came = text === undefined ? "the request had no system prompt" : `it was: ${quote(text)}`;
  return `expected the system prompt to include ${JSON.stringify(wanted)}, but ${came}`;
}

function checkTools({ toolsInclude: wanted }: Expect, request: SimRequest): string | undefined {
  if (wanted === undefined) return undefined;
  const offered = toolNames(request);
  const missing = wanted.filter((name) => !offered.includes(name));
  if (missing.length === 0) return undefined;
  const came = offered.length === 0 ? "the request offered no tools" : `the request offered: ${offered.join(", ")}`;
  return `expected the tools to include ${missing.join(", ")}, but ${came}`;
}

function checkMessageCount({ messageCount: range }: Expect, request: SimRequest): string | undefined {
  if (range === undefined) return undefined;
  const count = request.messages.length;
  if (range.min !== undefined && count < range.min) return `expected at least ${range.min} messages, but the request had ${count}`;
  if (range.max !== undefined && count > range.max) return `expected at most ${range.max} messages, but the request had ${count}`;
  return undefined;
}

function checkModel({ model: wanted }: Expect, request: SimRequest): string | undefined {
  if (wanted === undefined || request.model === wanted) return undefined;
  return `expected model ${JSON.stringify(wanted)}, but the request asked for ${JSON.stringify(request.model)}`;
}

function checkMaxTokens({ maxTokens: wanted }: Expect, request: SimRequest): string | undefined {
  if (wanted === undefined) return undefined;
  const got = request.max_tokens;
  const { min, max }: Range = typeof wanted === "number" ? { min: wanted, max: wanted } : wanted;
  if ((min === undefined || got >= min) && (max === undefined || got <= max)) return undefined;
  const range = min === max ? `${min}` : [min === undefined ? "" : `at least ${min}`, max === undefined ? "" : `at most ${max}`].filter(Boolean).join(" and ");
  return `expected max_tokens ${range}, but the request had ${got}`;
}

function checkNoTools({ noTools: wanted }: Expect, request: SimRequest): string | undefined {
  if (wanted === undefined) return undefined;
  const offered = toolNames(request);
  if (wanted && offered.length > 0) return `expected no tools, but the request offered: ${offered.join(", ")}`;
  if (!wanted && offered.length === 0) return "expected some tools, but the request offered none";
  return undefined;
}

function checkLastToolResult({ lastToolResultIsError: wanted }: Expect, request: SimRequest): string | undefined {
  if (wanted === undefined) return undefined;
  const result = lastToolResult(request);
  if (!result) return `expected the last user message to carry a tool_result, but it had none (it was: ${quote(lastUserText(request))})`;
  if (result.isError === wanted) return undefined;
  const kind = wanted ? "an error" : "not an error";
  const came = result.isError ? "it was an error" : "it was not an error";
  return `expected the last tool_result to be ${kind}, but ${came}: ${quote(result.text)}`;
}

/** A scripted call to a tool the harness did not offer is a script bug: show it, don't serve it. */
export function checkScriptedTools(content: ScriptBlock[], request: SimRequest): string | undefined {
  const offered = toolNames(request);
  const stray = content.find((block) => block.type === "tool_use" && !offered.includes(block.name));
  if (stray?.type !== "tool_use") return scriptedUnloaded(content, request);
  const came = offered.length === 0 ? "the request offered no tools" : `the request offered only: ${offered.join(", ")}`;
  return `scripted a tool_use for tool "${stray.name}", but ${came}`;
}

/** A scripted call to a deferred tool that no tool_reference loaded: the real model could not see it. */
function scriptedUnloaded(content: ScriptBlock[], request: SimRequest): string | undefined {
  const unloaded = unloadedDeferredTools(request);
  const hidden = content.find((block) => block.type === "tool_use" && unloaded.has(block.name));
  if (hidden?.type !== "tool_use") return undefined;
  return `scripted a tool_use for tool "${hidden.name}", which the request sends with defer_loading and no tool_reference has loaded yet: the model cannot see it (script a search for it first)`;
}
