/**
 * A teammate's own ways to find work and stop working: claim_task takes a ready task from the
 * board (the idle cycle does the same by itself; granted like lesson 8's task tools, which write
 * the same board), and idle ends the work phase — the same as
 * answering without a tool call, but said on purpose. A PostToolBatch hook ends the phase
 * after `idle`, and after an approved shutdown (the teammate is leaving: no further model call).
 */
import { defineHook, defineTool, type Hook, type Tool } from "@learn/core";
import { TASK_DIR, taskFileName, type TaskBoard } from "@learn/s08";
import { z } from "zod";

export const CLAIM_TASK_TOOL = "claim_task";
export const IDLE_TOOL = "idle";

export function claimTaskTool(board: TaskBoard): Tool {
  return defineTool({
    name: CLAIM_TASK_TOOL,
    description:
      "Take a task from the board: it becomes yours (owner) and in_progress. Give an id, or none for the first one that is pending, " +
      "has no owner and waits for nothing. Two teammates can never both get one task.",
    input: z.object({ id: z.number().int().positive().optional().describe("The task to take; without it, the first ready one.") }),
    // It writes the board as task_update does, and says so: Edit rules on .tasks/ hold, plan mode and
    // the plan gate refuse it. (The idle cycle's own claims are the harness's, not a tool call.)
    permission: { mutating: true, subject: ({ id }) => ({ writes: [id === undefined ? TASK_DIR : `${TASK_DIR}/${taskFileName(id)}`] }) },
    summary: ({ id }) => (id === undefined ? "the first ready task" : `#${id}`),
    // Taking a task starts a step of the plan on the board: s04's reminder counts it as planning.
    keepsPlan: true,
    async run({ id }, ctx) {
      const task = await board.claim(ctx.agent, id);
      return `You own task #${task.id}: ${task.subject} (in_progress). Do it, then set it completed with task_update.`;
    },
  });
}

export function idleTool(): Tool {
  return defineTool({
    name: IDLE_TOOL,
    description:
      "End this work phase: you are done for now. While idle you get your mail, and the next ready task from the board is claimed for you.",
    input: z.object({}),
    permission: { mutating: false },
    run: () => "Idle: this work phase ends. Mail, or the next ready task, starts the next one.",
  });
}

/** End the work phase after `idle`, or once the teammate has agreed to shut down. */
export function endPhaseHook(leaving: (agent: string) => boolean): Hook {
  return defineHook("PostToolBatch", "end-work-phase", async ({ uses }, ctx) =>
    uses.some((use) => use.name === IDLE_TOOL) || leaving(ctx.agent) ? { endTurn: true } : undefined,
  );
}
