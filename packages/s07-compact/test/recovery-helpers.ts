/**
 * What the recovery tests share: a kernel on a scripted model with the recovery wrappers,
 * a sleep that records its waits instead of spending them, and tiny checks of a conversation.
 */
import { defineTool, Kernel, type MessageParam, type RecordedRequest, type Tool } from "@learn/core";
import { scriptedModel } from "@learn/core/testing";
import { z } from "zod";
import { recoveryWrappers, type RecoveryOptions, type Sleep } from "../src/recovery/index.ts";

export interface Body {
  model: string;
  max_tokens: number;
  messages: MessageParam[];
}

export const bodyOf = (r: RecordedRequest) => r.body as Body;

/** A kernel whose model calls go through the recovery wrappers; waits are recorded, not spent. */
export function recoveringKernel(script: string, options: RecoveryOptions & { maxTokens?: number; tools?: Tool[] } = {}) {
  const { maxTokens, tools = [], ...recovery } = options;
  const { model, simulator, renderer } = scriptedModel(script, { maxTokens });
  const waits: number[] = [];
  const sleep: Sleep = async (ms) => void waits.push(ms);
  const wrappers = recoveryWrappers({ sleep, random: () => 0.5, ...recovery });
  const kernel = new Kernel({ model, system: "s", tools, wrappers, cwd: "/tmp", renderer });
  const notices = () => renderer.ofKind("notice").map((e) => e.text);
  return { kernel, simulator, renderer, waits, notices, defaultModel: model.options.model };
}

/** A tool that answers `size` characters, to make a conversation grow. */
export function bulkyTool(size: number, calls: number[] = []): Tool {
  return defineTool({
    name: "probe",
    description: "Return a long text.",
    input: z.object({ n: z.number() }),
    run: ({ n }) => {
      calls.push(n);
      return `result ${n}: ${"x".repeat(size)}`;
    },
  });
}

/** Problems of a conversation: roles must alternate from a user message, each tool_result must answer the tool_use just before it. */
export function conversationProblems(messages: MessageParam[]): string[] {
  const problems: string[] = [];
  messages.forEach((m, i) => {
    const expected = i % 2 === 0 ? "user" : "assistant";
    if (m.role !== expected) problems.push(`message ${i} is ${m.role}, expected ${expected}`);
    if (typeof m.content === "string") return;
    const previous = messages[i - 1];
    const uses = new Set(
      previous && typeof previous.content !== "string"
        ? previous.content.flatMap((b) => (b.type === "tool_use" ? [b.id] : []))
        : [],
    );
    for (const block of m.content) {
      if (block.type === "tool_result" && !uses.has(block.tool_use_id)) problems.push(`message ${i}: tool_result ${block.tool_use_id} has no tool_use before it`);
    }
  });
  return problems;
}
