/**
 * Lesson 4's agent: s03's parts, plus a plan the model keeps for itself.
 *
 *   model ──todo_write { todos: [...] }──► TodoList ──► screen: [x] [>] [ ] (k/n completed)
 *                                             │          spinner: the in-progress item
 *                                             ▼
 *   PostToolBatch: 3 rounds without todo_write and the plan still open?
 *        └─► <reminder>…the plan…</reminder> after that round's tool results
 *
 * The plan lives here, in this function's closure: every agent built from these parts (a
 * child agent too) has a plan and a reminder count of its own. `/clear` forgets the plan.
 */
import { agentFrom, type Agent, type AgentOptions, type AgentParts } from "@learn/core";
import { parts as s03Parts } from "@learn/s03";
import { withPlanningGuidance } from "./prompt.ts";
import { planReminder, planState, TodoList, todosCommand, todoWriteTool } from "./todo/index.ts";

export async function parts(options: AgentOptions): Promise<AgentParts> {
  const base = await s03Parts(options);
  const plan = new TodoList();
  const reminder = planReminder(plan);
  return {
    ...base,
    tools: [...base.tools, todoWriteTool(plan)],
    hooks: [...base.hooks, reminder.onPrompt, reminder.afterBatch],
    sections: withPlanningGuidance(base.sections),
    commands: [...base.commands, todosCommand(plan)],
    onClear: [...base.onClear, () => plan.clear()],
    liveState: [...base.liveState, () => planState(plan)],
  };
}

export async function createAgent(options: AgentOptions): Promise<Agent> {
  return agentFrom(await parts(options), options);
}
