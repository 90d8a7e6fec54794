/**
 * `/goal`, as Claude Code 2.1.328 answers it:
 *
 *   /goal <condition>   set the goal (at most 4000 characters) and start working on it at once
 *   /goal               show the goal and the evaluator's last verdict
 *   /goal clear         end the goal early
 *
 * Setting a goal runs a turn: the prompt tells the agent the condition is its directive, as
 * Claude Code's does, so `--print "/goal …"` works on the goal with no other prompt.
 */
import type { SlashCommand } from "@learn/core";
import { conditionProblem, type Goal } from "./goal.ts";

/** The directive the agent reads when a goal is set: Claude Code's words. */
export function goalPrompt(condition: string): string {
  return [
    `Goal set: ${condition}`,
    "",
    `A session-scoped Stop hook is now active with condition: ${JSON.stringify(condition)}. Briefly acknowledge the goal, then immediately start (or continue) working toward it — treat the condition itself as your directive and do not pause to ask the user what to do. The hook will block stopping until the condition holds. It auto-clears once the condition is met — do not tell the user to run \`/goal clear\` after success; that's only for clearing a goal early.`,
  ].join("\n");
}

export function goalCommand(goal: Goal): SlashCommand {
  return {
    name: "goal",
    description: "/goal <condition>: work until a separate evaluator judges it met; /goal shows it; /goal clear ends it",
    run(args) {
      const condition = args.trim();
      if (condition === "") return goal.describe();
      if (condition === "clear") {
        const had = goal.clear();
        return had === undefined ? "No goal set" : `Goal cleared: ${had}`;
      }
      const problem = conditionProblem(condition);
      if (problem) return problem;
      goal.set(condition);
      return { prompt: goalPrompt(condition), shown: `Goal set: ${condition}` };
    },
  };
}
