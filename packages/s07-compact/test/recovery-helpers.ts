/**
 * What the recovery tests share: a kernel on a scripted model with the recovery wrappers,
 * and a sleep that records its waits instead of spending them.
 */
import { defineTool, Kernel, type MessageParam, type Tool } from "@learn/core";
import type { RecordedRequest } from "@learn/core/simulator";
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
