/**
 * Running one round's tool calls: look the tool up, validate the input, ask the PreToolUse
 * hooks, run, tell the PostToolUse hooks. Every tool_use gets exactly one result, whatever
 * fails along the way — that is the protocol's rule, and the model needs to know what happened.
 * An outcome comes here already scrubbed of secrets: `execute` does that (tool.ts), for every loop.
 */
import type { AgentContext } from "../agent/context.ts";
import type { ToolResultBlockParam, ToolUseBlock } from "../protocol.ts";
import { describeIssues, type Tool, type ToolOutcome } from "../tool.ts";
import { tooDeepProblem } from "../tool-input-depth.ts";
import { runInBatches } from "./batches.ts";
import type { Hook, ToolCall } from "./hooks.ts";
import { askPreToolUse, runPostToolUse } from "./run-hooks.ts";

const failure = (content: string): ToolOutcome => ({ content, isError: true });
const isCall = (step: ToolCall | ToolOutcome): step is ToolCall => "tool" in step;

/** An unknown tool or invalid input never reaches the hooks: there is nothing to decide on. */
function prepare(use: ToolUseBlock, tools: ReadonlyMap<string, Tool>): ToolCall | ToolOutcome {
  const tool = tools.get(use.name);
  if (!tool) return failure(`Error: unknown tool "${use.name}". Available tools: ${[...tools.keys()].join(", ")}`);
  const tooDeep = tooDeepProblem(use.name, use.input);
  if (tooDeep) return failure(tooDeep);
  const parsed = tool.schema.safeParse(use.input);
  if (!parsed.success) return failure(`Invalid input for ${use.name}: ${describeIssues(parsed.error)}`);
  return { id: use.id, name: use.name, input: parsed.data as Record<string, unknown>, tool };
}

/** What the screen shows of a call: the tool's own summary when it has one, else the input. */
function screenInput(call: ToolCall): unknown {
  try {
    return call.tool.summary?.(call.input) ?? call.input;
  } catch {
    return call.input; // a summary is a nicety; it must never cost the call
  }
}

/** Run one approved call, timed (PostToolUse hooks are told how long the tool took), then its PostToolUse hooks. */
async function runTimed(hooks: readonly Hook[], call: ToolCall, ctx: AgentContext): Promise<ToolOutcome> {
  const started = performance.now();
  const outcome = await call.tool.execute(call.input, ctx);
  return runPostToolUse(hooks, call, outcome, ctx, Math.round(performance.now() - started));
}

export interface RoundResult {
  /** One outcome per tool_use, in the model's order. */
  outcomes: ToolOutcome[];
  /** The tool_result blocks for the next user message, in the same order. */
  blocks: ToolResultBlockParam[];
}

/**
 * Run the tool calls of one response. Hooks decide one call at a time, in order (a
 * permission prompt must not interleave with another); approved calls then run in batches.
 */
export async function runToolRound(
  uses: ToolUseBlock[],
  tools: ReadonlyMap<string, Tool>,
  hooks: readonly Hook[],
  ctx: AgentContext,
): Promise<RoundResult> {
  const steps: { use: ToolUseBlock; next: ToolCall | ToolOutcome }[] = [];
  for (const use of uses) {
    const prepared = prepare(use, tools);
    ctx.renderer.toolCall(use.name, isCall(prepared) ? screenInput(prepared) : use.input, use.id);
    steps.push({ use, next: isCall(prepared) ? await askPreToolUse(hooks, prepared, ctx) : prepared });
  }
  const outcomes = await runInBatches(
    steps,
    ({ next }) => isCall(next) && next.tool.concurrencySafe,
    async ({ use, next }) => {
      const outcome = isCall(next) ? await runTimed(hooks, next, ctx) : next;
      ctx.renderer.toolResult(use.name, outcome, use.id);
      return outcome;
    },
  );
  return {
    outcomes,
    blocks: uses.map((use, i) => ({
      type: "tool_result",
      tool_use_id: use.id,
      content: resultContent(outcomes[i]!),
      ...(outcomes[i]!.isError ? { is_error: true } : {}),
    })),
  };
}

/** The text alone, or a text block followed by the image blocks and the tool references. */
function resultContent(outcome: ToolOutcome): ToolResultBlockParam["content"] {
  const references = (outcome.references ?? []).map((name) => ({ type: "tool_reference" as const, tool_name: name }));
  if (!outcome.images?.length && references.length === 0) return outcome.content;
  return [{ type: "text", text: outcome.content }, ...(outcome.images ?? []), ...references];
}
