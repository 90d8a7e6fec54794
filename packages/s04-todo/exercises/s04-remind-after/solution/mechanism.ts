/**
 * What lesson 4 adds: a plan the model keeps for itself (todo_write), shown on the screen, and
 * a reminder when it goes stale. The plan lives in this function's closure: every agent built
 * with this mechanism (a subagent too, from s05 on) has a plan and a reminder count of its own.
 */
import type { Mechanism } from "@learn/core";
import type { LessonFlag } from "@learn/core/harness";
import { withPlanningGuidance } from "../../../src/prompt.ts";
import { planReminder, planState, REMINDER_AFTER_ROUNDS, TodoList, todosCommand, todoWriteTool } from "../../../src/todo/index.ts";

/** `--remind-after N`: how many rounds without todo_write before the reminder (default 3). */
export const remindAfterFlag: LessonFlag = {
  name: "remind-after",
  description: `rounds of tool calls without todo_write before the plan reminder (default ${REMINDER_AFTER_ROUNDS})`,
};

/** The flag's value as a whole number of rounds, 1 or more; anything else stops the agent with a clear error. */
function remindAfter(value: string | undefined): number {
  if (value === undefined) return REMINDER_AFTER_ROUNDS;
  const rounds = Number(value);
  if (!Number.isInteger(rounds) || rounds < 1) throw new Error(`--remind-after takes a whole number of rounds, 1 or more (got "${value}")`);
  return rounds;
}

export const todo: Mechanism = {
  name: "todo",
  flags: [remindAfterFlag],
  add(parts, { options }) {
    const plan = new TodoList();
    const reminder = planReminder(plan, remindAfter(options.flags[remindAfterFlag.name]));
    return {
      ...parts,
      tools: [...parts.tools, todoWriteTool(plan)],
      hooks: [...parts.hooks, reminder.onPrompt, reminder.afterBatch],
      sections: withPlanningGuidance(parts.sections),
      commands: [...parts.commands, todosCommand(plan)],
      onClear: [...parts.onClear, () => plan.clear()],
      // The plan as live state: what s07's compaction will re-attach after it summarises the conversation.
      liveState: [...parts.liveState, () => planState(plan)],
    };
  },
};
