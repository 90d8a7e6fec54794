/** @learn/s16 — a loop that checks its own goal: `/goal`, judged after each turn by a tool-less evaluator. */
import { demoScripts, lessonFrom } from "@learn/core/harness";
import { PERMISSION_MODE_FLAG } from "@learn/s03";
import { lesson as previousLesson } from "@learn/s15";
import { createAgent, mechanisms } from "./agent.ts";

export { previousLesson };
export { createAgent, mechanisms } from "./agent.ts";
export { goal, evaluatorModel, blockCapOf, GOAL_MODEL_FLAG, GOAL_BLOCK_CAP_FLAG } from "./goal/index.ts";
export { goalCommand, goalPrompt } from "./goal/command.ts";
export { Goal, MAX_CONDITION_CHARS, conditionProblem, describeCheck, type LastCheck } from "./goal/goal.ts";
export { goalStopHook, feedbackOf, DEFAULT_BLOCK_CAP, GOAL_HOOK_NAME, type GoalLoopOptions } from "./goal/stop-hook.ts";
export { judge, evaluatorRequest, evaluatorQuestion, EVALUATOR_SYSTEM, EVALUATOR_ATTEMPTS, type Judgement, type StopEvent } from "./goal/evaluator.ts";
export { readVerdict, outcomeOf, verdictSchema, VERDICT_JSON_SCHEMA, type Verdict, type Outcome } from "./goal/verdict.ts";

export const lesson = lessonFrom(mechanisms, {
  id: "s16",
  title: "Goal",
  headline: "a loop that checks its own goal",
  demoScripts: demoScripts(import.meta.url, "failing-test.yaml", "impossible.yaml"),
  workspace: previousLesson.workspace,
  // The practice rules approve no edit of code: the demo fixes the shop in acceptEdits.
  // Offline, transcripts (s15) stay in the workspace, as s15's demo keeps them.
  demoFlags: { [PERMISSION_MODE_FLAG]: "acceptEdits", "sessions-dir": ".sessions" },
  createAgent,
});
