/**
 * The model can ask for a compaction itself (before a new phase of work, after a long search).
 * It cannot happen inside the tool call: the conversation ends with the assistant message that
 * called `compact`, whose tool_use must be answered by a tool_result in the next message —
 * compacting now would summarise that tool_use away and leave its result an orphan. So the
 * tool only sets a flag, its result joins the conversation as usual, and the next PreModel run
 * (before the very next model call) compacts, keeping that call and its result as the pending tail.
 */
import { defineTool, type Tool } from "@learn/core";
import { z } from "zod";
import type { Compactor } from "./compactor.ts";

export const COMPACT_TOOL = "compact";
export const COMPACT_TOOL_RESULT = "The conversation will be compacted before your next step.";

const input = z.object({
  focus: z.string().max(2_000).optional().describe("What the summary should keep in most detail (e.g. 'the failing test and its cause')."),
});

export function compactTool(compactor: Compactor): Tool<z.output<typeof input>> {
  return defineTool({
    name: COMPACT_TOOL,
    description:
      "Summarise the conversation so far and continue from the summary, to free context space. The full history is saved to a file. " +
      "Use it between phases of work, when old tool output is no longer needed.",
    input,
    permission: { mutating: false },
    concurrencySafe: true,
    run({ focus }) {
      compactor.requested = focus?.trim() ?? "";
      return COMPACT_TOOL_RESULT;
    },
  });
}
