/**
 * What lesson 16 adds: a loop that checks its own goal. One mechanism, for the lead:
 *
 *   goal   `/goal <condition>`; after each turn a separate, tool-less evaluator request judges the
 *          condition on the transcript; not met → another turn with the reason as guidance;
 *          met or impossible → stop. Built on s03's Stop hook, as Claude Code builds it.
 *
 * Its flags: `--goal-model` (Claude Code's ANTHROPIC_SMALL_FAST_MODEL) a cheaper model for the
 * evaluator — a model id, or an alias that s05's `--haiku-model`… flags define; and
 * `--goal-block-cap` (Claude Code's CLAUDE_CODE_STOP_HOOK_BLOCK_CAP), the cap on "not met" in a row.
 */
import type { Mechanism } from "@learn/core";
import type { LessonFlag } from "@learn/core/harness";
import { aliasOf, aliasTargets } from "@learn/claude-code-files";
import { goalCommand } from "./command.ts";
import { Goal } from "./goal.ts";
import { DEFAULT_BLOCK_CAP, goalStopHook } from "./stop-hook.ts";

export const GOAL_MODEL_FLAG = "goal-model";
export const GOAL_BLOCK_CAP_FLAG = "goal-block-cap";

const FLAGS: LessonFlag[] = [
  { name: GOAL_MODEL_FLAG, env: "ANTHROPIC_SMALL_FAST_MODEL", description: "the goal evaluator's model: an id, or an alias of the --haiku-model… flags (default: the agent's own model)" },
  { name: GOAL_BLOCK_CAP_FLAG, env: "CLAUDE_CODE_STOP_HOOK_BLOCK_CAP", description: `end a turn once the goal was judged not met this many times in a row (default ${DEFAULT_BLOCK_CAP})` },
];

export const goal: Mechanism = {
  name: "goal",
  for: ["lead"],
  flags: FLAGS,
  add(parts, ctx) {
    const { flags, renderer } = ctx.options;
    const current = new Goal();
    const blockCap = blockCapOf(flags[GOAL_BLOCK_CAP_FLAG], (problem) => renderer.error(problem));
    return {
      ...parts,
      hooks: [...parts.hooks, goalStopHook(current, { model: evaluatorModel(flags), blockCap })],
      commands: [...parts.commands, goalCommand(current)],
      onClear: [...parts.onClear, () => void current.clear()], // /clear starts a new session: no goal carries over
    };
  },
};

/** The evaluator's model: the flag's id, or the id an alias names (unset alias: the agent's own model). */
export function evaluatorModel(flags: Record<string, string | undefined>): string | undefined {
  const written = flags[GOAL_MODEL_FLAG]?.trim();
  if (!written) return undefined;
  const alias = aliasOf(written);
  return alias ? aliasTargets(flags, "other")[alias] : written;
}

/** The cap from its flag: a whole number from 1; anything else is reported and the default used. */
export function blockCapOf(written: string | undefined, report: (problem: string) => void): number {
  if (written === undefined || written.trim() === "") return DEFAULT_BLOCK_CAP;
  const cap = Number(written);
  if (Number.isInteger(cap) && cap >= 1) return cap;
  report(`--${GOAL_BLOCK_CAP_FLAG} ${JSON.stringify(written)} is not a whole number from 1; using ${DEFAULT_BLOCK_CAP}.`);
  return DEFAULT_BLOCK_CAP;
}
