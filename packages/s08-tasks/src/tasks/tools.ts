/**
 * The task tools: how the model keeps its goals on the board instead of in its context.
 * task_create and task_update change files in .tasks/ and say so to the permission policy
 * (`permission.subject`), so `Edit(.tasks/**)` rules govern them like any edit; task_list and
 * task_get only read. Every tool reads the board afresh first: another agent may have
 * changed it since. Refusals (unknown id, a loop, a task not ready) come back as ToolErrors
 * whose text says what to do instead.
 */
import { defineTool, type Tool } from "@learn/core";
import { z } from "zod";
import { describeBoard, describeTask, statusTag } from "./describe.ts";
import { groupTasks } from "./graph.ts";
import type { TaskBoard } from "./store.ts";
import { TASK_DIR, TASK_STATUSES, TaskId, describeIds, ref, taskFileName } from "./task-file.ts";

export const TASK_CREATE_TOOL = "task_create";
export const TASK_UPDATE_TOOL = "task_update";
export const TASK_LIST_TOOL = "task_list";
export const TASK_GET_TOOL = "task_get";

const ids = z.array(TaskId).max(50);
const file = (id: number) => `${TASK_DIR}/${taskFileName(id)}`;

const CreateInput = z.object({
  subject: z.string().describe("A short title in the imperative, e.g. 'Write the parser tests'."),
  description: z.string().optional().describe("What done looks like, and anything a later session needs to know to do it."),
  blockedBy: ids.optional().describe("Ids of tasks that must be completed before this one can start."),
});

const UpdateInput = z.object({
  id: TaskId.describe("The task to change."),
  status: z.enum(TASK_STATUSES).optional().describe("in_progress when you start, completed when done; pending hands it back. Completed is final."),
  owner: z.string().nullable().optional().describe("Who works on it; null to clear."),
  addBlockedBy: ids.optional().describe("Ids of tasks this one must also wait for."),
  addBlocks: ids.optional().describe("Ids of tasks that must also wait for this one."),
});

export function taskCreateTool(board: TaskBoard): Tool {
  return defineTool({
    name: TASK_CREATE_TOOL,
    description:
      `Add a task to the board in ${TASK_DIR}/, which outlives this conversation (compaction, new sessions). ` +
      "Use it for work with several steps: one task per step, with blockedBy for the order. Returns the new task's id.",
    input: CreateInput,
    permission: {
      mutating: true,
      // The id is decided under the lock; this is the one it will be unless another writer is faster.
      subject: ({ blockedBy }) => ({ writes: [file(board.nextId()), ...(blockedBy ?? []).map(file)] }),
    },
    summary: ({ subject }) => subject,
    // The board holds the plan: s04's reminder counts a round with this call as planning.
    keepsPlan: true,
    async run(input) {
      const task = await board.create(input);
      const waits = task.blockedBy.length ? `, waiting for ${task.blockedBy.map(ref).join(", ")}` : "";
      return {
        content: `Created task ${ref(task.id)}: ${task.subject}${waits}`,
        display: `created ${file(task.id)} — ${ref(task.id)} ${task.subject}${waits}`,
      };
    },
  });
}

export function taskUpdateTool(board: TaskBoard): Tool {
  return defineTool({
    name: TASK_UPDATE_TOOL,
    description:
      "Change a task: its status (pending → in_progress → completed), its owner, or what it waits for. " +
      "Mark a task in_progress when you start it and completed as soon as it is done; completing it unblocks the tasks that wait for it.",
    input: UpdateInput,
    permission: {
      mutating: true,
      subject: ({ id, addBlockedBy, addBlocks }) => ({ writes: [id, ...(addBlockedBy ?? []), ...(addBlocks ?? [])].map(file) }),
    },
    keepsPlan: true,
    summary: ({ id, status, owner }) => [ref(id), status, owner === undefined ? undefined : `owner ${owner ?? "none"}`].filter(Boolean).join(" "),
    async run({ id, ...change }) {
      await board.reload();
      const before = groupTasks(board.list()).blocked.map((t) => t.id);
      const task = await board.update(id, change);
      const unblocked = groupTasks(board.list()).ready.filter((t) => before.includes(t.id)).map((t) => t.id);
      const now = unblocked.length ? `; now ready: ${describeIds(unblocked)}` : "";
      return {
        content: `Updated task ${ref(task.id)}: ${task.subject} ${statusTag(task)}${now}`,
        display: `updated ${file(task.id)} — ${ref(task.id)} ${task.subject} ${statusTag(task)}${now}`,
      };
    },
  });
}

export function taskListTool(board: TaskBoard): Tool {
  return defineTool({
    name: TASK_LIST_TOOL,
    description: "Show the task board: ready (can be worked on now), blocked (← what they wait for) and done.",
    input: z.object({}),
    permission: { mutating: false, subject: () => ({ reads: [TASK_DIR] }) },
    concurrencySafe: true,
    async run() {
      await board.reload();
      return describeBoard(board.list(), board.problems);
    },
  });
}

export function taskGetTool(board: TaskBoard): Tool {
  return defineTool({
    name: TASK_GET_TOOL,
    description: "Read one task in full: its description, status, owner, and what it waits for and blocks.",
    input: z.object({ id: TaskId.describe("The task to read.") }),
    permission: { mutating: false, subject: ({ id }) => ({ reads: [file(id)] }) },
    concurrencySafe: true,
    summary: ({ id }) => ref(id),
    async run({ id }) {
      await board.reload();
      const task = board.get(id);
      if (!task) throw board.notFound(id);
      return describeTask(task, board.list());
    },
  });
}

/** The four task tools over one board. */
export function taskTools(board: TaskBoard): Tool[] {
  return [taskCreateTool(board), taskUpdateTool(board), taskListTool(board), taskGetTool(board)];
}
