/** The goal loop's pieces, for the lesson's index (and the exercises' checks): the mechanism itself is ../mechanism.ts. */
export { goalCommand, goalPrompt } from "./command.ts";
export { Goal, MAX_CONDITION_CHARS, conditionProblem, describeCheck, type LastCheck } from "./goal.ts";
export { goalStopHook, feedbackOf, DEFAULT_BLOCK_CAP, GOAL_HOOK_NAME, type GoalLoopOptions } from "./stop-hook.ts";
export { judge, evaluatorRequest, evaluatorQuestion, EVALUATOR_SYSTEM, EVALUATOR_ATTEMPTS, type Judgement, type StopEvent } from "./evaluator.ts";
export { readVerdict, outcomeOf, verdictSchema, VERDICT_JSON_SCHEMA, type Verdict, type Outcome } from "./verdict.ts";
