/**
 * @learn/core — THE RUNTIME: what the lessons teach and build on. An agent is a list of
 * mechanisms (agent/mechanism.ts) that become its parts: tools, hooks, prompt sections,
 * commands; the kernel runs the loop over them, calling the model through the real SDK and
 * keeping the message list the way the Messages API requires.
 *
 * Core has four rooms, each its own entry point, over three layers of folders (platform/,
 * runtime/, app/: every import points down; core's README says which file is where):
 *
 *   @learn/core             the runtime — this file
 *   @learn/core/harness     what runs around it: command line, REPL, screen, config, processes, files on disk
 *   @learn/core/simulator   the offline model: scripts, and the simulator that serves them to the SDK
 *   @learn/core/testing     test helpers and the contract tests
 *
 * Every name here is imported by some other package (test/entry-points.test.ts checks): a
 * name only core uses stays inside core.
 */

// A lesson is a mechanism, and an agent is built from a flat list of them.
export { agentFromMechanisms, partsFrom, type BuildContext, type Mechanism, type PartsOf, type Replaces, type Role, type SettingsHonoured, sessionKey } from "./runtime/agent/mechanism.ts";
export { joinSections, partsWith, sectionsFor, type AgentParts, type PromptAssembly, type PromptSection, type RunningAgent } from "./runtime/agent/parts.ts";
export { agentFrom } from "./runtime/agent/agent-from.ts";
export { loopAgent } from "./runtime/agent/loop-agent.ts";
export { createContext, LEAD_AGENT, loopContext, type AgentContext } from "./runtime/agent/context.ts";
export { PromptQueue } from "./runtime/agent/prompt-queue.ts";
export { runUntilIdle, type IdleRunTurn } from "./runtime/agent/run-until-idle.ts";
export type { ConfigFileReport, ConfigPlace, ConfigSections } from "./runtime/config-check.ts";
export { isCommandTurn, type Agent, type AgentAnatomy, type AgentOptions, type CommandTurn, type SlashCommand } from "./runtime/lesson.ts";

// The kernel: the loop, and what a lesson plugs into it (hooks, wrappers around the model call).
export { defineHook, Kernel, runInBatches, type Hook, type ModelCall, type ModelWrapper, type SystemPrompt, type ToolCall } from "./runtime/kernel/index.ts";

// Tools: defined once from a zod schema; an expected failure is a ToolError the model reads.
export { defineTool, describeIssues, errorText, mutates, type ClaudeCodeName, type PolicySubject, type Tool, type ToolPermission } from "./runtime/tool.ts";
export { ToolError } from "./platform/tool-error.ts";
export type { ToolOutcome, ToolResultImage } from "./runtime/tool-outcome.ts";
export { capText, MAX_OUTPUT_CHARS } from "./platform/cap.ts";

// Messages, and the rules the API holds the list to.
export { appendUserText, assistantMessage, blocksOf, stopNotice, textOf, toolResultIds, toolUsesOf } from "./runtime/messages.ts";
export { checkBreakpoints, checkConversation } from "./runtime/conversation-rules.ts";
export { escapeTags, quoteText } from "./runtime/quote.ts";
export type {
  ContentBlock,
  ContentBlockParam,
  Message,
  MessageParam,
  TextBlockParam,
  ToolResultBlockParam,
  ToolSpec,
  ToolUseBlock,
  Usage,
} from "./runtime/protocol.ts";
export { AGENT_HEADER } from "./runtime/protocol.ts";

// The model: one call through the real SDK, and the errors a lesson recovers from.
export { Model, type ModelRequest } from "./runtime/model.ts";
export { createClient, SIMULATOR_BASE_URL } from "./runtime/client.ts";
export { apiErrorOf, describeError, isAbort, isOverloaded, isPromptTooLong, isRateLimited } from "./runtime/errors.ts";

// What the agent reports to: the screen (in the harness) implements it.
export type { Renderer } from "./runtime/renderer.ts";
