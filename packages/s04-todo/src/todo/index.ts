/**
 * What lesson 4 adds: a plan the model keeps for itself (todo_write), shown on the screen, and
 * a reminder when it goes stale. The plan lives in this function's closure: every agent built
 * with this mechanism (a subagent too, from s05 on) has a plan and a reminder count of its own.
 */
import type { Mechanism } from "@learn/core";
import { withPlanningGuidance } from "./prompt.ts";
import { todosCommand } from "./command.ts";
import { TodoList } from "./list.ts";
import { planReminder } from "./reminder.ts";
import { planState } from "./render.ts";
import { todoWriteTool } from "./tool.ts";

export const todo: Mechanism = {
  name: "todo",
  add(parts) {
    const plan = new TodoList();
    const reminder = planReminder(plan);
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
