/**
 * The goal of this session: one condition at a time, and what the evaluator last said about
 * it — what `/goal` alone shows. Set by `/goal <condition>`, ended by `/goal clear`, by `/clear`
 * (a new session), or by the evaluator itself when it judges the goal met or impossible.
 */
import { outcomeOf, type Outcome, type Verdict } from "./verdict.ts";

/** Claude Code refuses a longer condition ("Goal condition is limited to 4000 characters"). */
export const MAX_CONDITION_CHARS = 4000;

/** The last thing the evaluator said: a verdict, or why it could not give one. */
export type LastCheck = { verdict: Verdict; outcome: Outcome } | { unreadable: string };

export class Goal {
  private condition: string | undefined;
  private last: LastCheck | undefined;
  /** How many times this goal was checked (every turn's end while it is set). */
  private checks = 0;

  /** The condition being pursued, if any. */
  get current(): string | undefined {
    return this.condition;
  }

  /** A new goal replaces the old one, and its history. */
  set(condition: string): void {
    this.condition = condition;
    this.last = undefined;
    this.checks = 0;
  }

  /** End the goal; returns the condition it had, if any. */
  clear(): string | undefined {
    const had = this.condition;
    this.condition = undefined;
    return had;
  }

  record(check: LastCheck): void {
    this.last = check;
    this.checks++;
  }

  /** What `/goal` alone prints. */
  describe(): string {
    if (this.condition === undefined) return this.last ? `No goal set. The last one ended: ${describeCheck(this.last)}` : "No goal set. Usage: `/goal <condition>`";
    const checked = this.last ? `Last check (${this.checks} so far): ${describeCheck(this.last)}` : "Not checked yet: the evaluator judges it when a turn ends.";
    return `Goal: ${this.condition}\n${checked}`;
  }
}

export function describeCheck(check: LastCheck): string {
  return "unreadable" in check ? `no verdict (${check.unreadable})` : `${check.outcome}: ${check.verdict.reason}`;
}

/** Why a condition cannot be a goal, or undefined when it can. */
export function conditionProblem(condition: string): string | undefined {
  if (condition.length > MAX_CONDITION_CHARS) return `Goal condition is limited to ${MAX_CONDITION_CHARS} characters (got ${condition.length})`;
  return undefined;
}

export { outcomeOf };
