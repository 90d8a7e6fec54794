/**
 * THE PERMISSION PIPELINE — one call in, one decision out, in a fixed order:
 *
 *   1. the refuse-list              deny   in every mode; nothing overrides it
 *   2. deny rules                   deny   if a rule hits any part of the call
 *   3. plan mode                    deny   every mutating call while planning
 *   4. ask rules                    ask    if a rule hits any part of the call
 *   5. allow rules                  allow  if rules approve every part of the call (settings.json's
 *                                         and the harness's own grants, grants.ts)
 *   6. the mode                     allow / ask, for whatever no rule decided
 *
 * The first step with an answer wins. "ask" is not the end: the hook hands it to the asker
 * (a person at a terminal, or a denial that says how to allow it). This function changes
 * nothing: same call, same settings, same files, same answer — easy to test with a table.
 */
import type { ToolCall } from "@learn/core";
import { describeCall, type Decision } from "./decision.ts";
import type { Grant } from "./grants.ts";
import { approvingRules, hitsAnyPart, subjectOf, type CallSubject } from "./matching.ts";
import { modeDecision, planVeto } from "./modes.ts";
import type { PermissionPolicy } from "./policy.ts";
import { refusalOf } from "./refuse-list.ts";
import type { Rule } from "./rule.ts";

type Call = Pick<ToolCall, "name" | "input" | "tool">;

export function decide(call: Call, policy: PermissionPolicy, cwd: string, grants: readonly Grant[] = []): Decision {
  const subject = subjectOf(call, cwd);
  return (
    refused(subject) ??
    ruleHit("deny", call, subject, policy) ??
    planVeto(policy.mode, call) ??
    ruleHit("ask", call, subject, policy) ??
    ruleApproval(subject, policy, grants) ??
    modeDecision(policy.mode, call, subject)
  );
}

/** s01's list of disasters, checked on every command the line would run (refuse-list.ts). */
function refused(subject: CallSubject): Decision | undefined {
  const refusal = refusalOf(subject.commands);
  return refusal === undefined ? undefined : { behavior: "deny", reason: refusal, step: "refuse-list" };
}

function ruleHit(list: "deny" | "ask", call: Call, subject: CallSubject, policy: PermissionPolicy): Decision | undefined {
  const rule = policy.rules[list].find((r) => hitsAnyPart(r, subject));
  if (!rule) return undefined;
  const where = `${rule.text} in permissions.${list} of ${policy.source}`;
  return list === "deny"
    ? { behavior: "deny", reason: `${describeCall(call)} matches the rule ${where}.`, step: "deny rule" }
    : { behavior: "ask", reason: `the rule ${where} says to ask first`, step: "ask rule" };
}

/** Settings' allow rules and grants together: one part of a call may be approved by each. */
function ruleApproval(subject: CallSubject, policy: PermissionPolicy, given: readonly Grant[]): Decision | undefined {
  // A settings file with problems keeps only what restricts (policy.ts): grants loosen, so they
  // wait too — the deny rule that did not parse may have been the one that mattered.
  const grants = policy.degraded ? [] : given;
  const rules = approvingRules([...policy.rules.allow, ...grants.map((g) => g.rule)], subject);
  const named = (rule: Rule) => {
    const grant = grants.find((g) => g.rule === rule);
    return grant ? `${rule.text} from ${grant.source}` : rule.text;
  };
  return rules && { behavior: "allow", reason: `allowed by ${rules.map(named).join(", ")}`, step: "allow rule" };
}
