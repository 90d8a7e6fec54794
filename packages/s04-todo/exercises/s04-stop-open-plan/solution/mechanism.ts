/**
 * What lesson 4 adds: a plan the model keeps for itself (todo_write), shown on the screen, and
 * a reminder when it goes stale. The plan lives in this function's closure: every agent built
 * with this mechanism (a subagent too, from s05 on) has a plan and a reminder count of its own.
 */
import { defineHook, type Mechanism } from "@learn/core";
import { withPlanningGuidance } from "../../../src/prompt.ts";
import { planReminder, planState, renderTodos, TodoList, todosCommand, todoWriteTool } from "../../../src/todo/index.ts";

export const todo: Mechanism = {
  name: "todo",
  add(parts) {
    const plan = new TodoList();
    const reminder = planReminder(plan);
    // A final answer while the plan still has open items: send the model back once per prompt
    // (`continuations` counts this turn's earlier continuations), then let it stop.
    const finishThePlan = defineHook("Stop", "open plan", async ({ continuations }) => {
      if (continuations > 0 || !plan.isOpen) return;
      return { continueWith: `Your plan still has open items:\n${renderTodos(plan.items)}\nFinish them, or update the plan.` };
    });
    return {
      ...parts,
      tools: [...parts.tools, todoWriteTool(plan)],
      hooks: [...parts.hooks, reminder.onPrompt, reminder.afterBatch, finishThePlan],
      sections: withPlanningGuidance(parts.sections),
      commands: [...parts.commands, todosCommand(plan)],
      onClear: [...parts.onClear, () => plan.clear()],
      // The plan as live state: what s07's compaction will re-attach after it summarises the conversation.
      liveState: [...parts.liveState, () => planState(plan)],
    };
  },
};
