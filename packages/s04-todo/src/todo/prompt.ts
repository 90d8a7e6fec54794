/**
 * The system prompt of lesson 4: lesson 3's sections, plus "planning" — when to write a plan
 * and how to keep it. The tool's description says how to call it; this says when.
 */
import type { PromptSection } from "@learn/core";

export const PLANNING_GUIDANCE =
  "For a task with several steps, first write a plan with todo_write, one item per step. " +
  "Work through it in order: mark an item in_progress when you start it and completed as soon as it is done, " +
  "and rewrite the plan when you learn it is wrong. A single quick step needs no plan.";

/** The sections given, plus "planning". */
export function withPlanningGuidance(sections: PromptSection[]): PromptSection[] {
  return [...sections, { name: "planning", text: PLANNING_GUIDANCE, tools: ["todo_write"] }];
}
