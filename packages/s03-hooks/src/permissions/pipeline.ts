/**
 * THE PERMISSION PIPELINE — one call in, one decision out, in a fixed order:
 *
 *   1. the refuse-list              deny   in every mode; nothing overrides it
 *   2. deny rules                   deny   if a rule hits any part of the call (and the env
 *                                         file holding the key, /proc back doors: secret-files.ts)
 *   3. plan mode                    deny   every mutating call while planning (a read-only
 *                                         bash line is not one)
 *   4. ask rules                    ask    if a rule hits any part of the call
 *   5. only a person                ask    in every mode: `rm -rf ~`, `.` or `*`; a change to
 *                                         .git/, .claude/...; a part a deny rule might hit but
 *                                         cannot check (`$x CANARY`, `node -e`, `cd a && cat b`)
 *   6. allow rules                  allow  if rules approve every part of the call (settings.json's
 *                                         and the harness's own grants, grants.ts)
 *   7. read-only commands           allow  a bash line that only reads, inside the workspace
 *                                         (`cat`, `grep`, `git log`...: read-only.ts), as Claude Code
 *   8. the mode                     allow / ask, for whatever no rule decided
 *
 * The first step with an answer wins. "ask" is not the end: the hook hands it to the asker
 * (a person at a terminal, or a denial that says how to allow it). This function changes
 * nothing: same call, same settings, same files, same answer — easy to test with a table.
 */
import type { ToolCall } from "@learn/core";
import { describeCall, type Decision } from "./decision.ts";
import { dangerousDeletion } from "./dangerous-deletions.ts";
import type { Grant } from "./grants.ts";
import { approvingRules, hitsAnyPart, subjectOf, undecidableFile, type CallSubject } from "./matching.ts";
import { modeDecision, planVeto } from "./modes.ts";
import type { PermissionPolicy } from "./policy.ts";
import { protectedPart } from "./protected-paths.ts";
import { notReadOnlyCall } from "./read-only.ts";
import { refusalOf } from "./refuse-list.ts";
import type { Rule } from "@learn/claude-code-files";
import { isKernelTarget, touchedSecret } from "./secret-files.ts";

type Call = Pick<ToolCall, "name" | "input" | "tool">;

export function decide(call: Call, policy: PermissionPolicy, cwd: string, grants: readonly Grant[] = []): Decision {
  const subject = subjectOf(call, cwd);
  return (
    refused(subject) ??
    ruleHit("deny", call, subject, policy) ??
    secretDenial(call, subject, policy) ??
    planVeto(policy.mode, call, subject) ??
    ruleHit("ask", call, subject, policy) ??
    personOnly(subject, policy) ??
    ruleApproval(subject, policy, grants) ??
    readOnly(subject) ??
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

/** The env file the key came from, and /proc's back doors: no tool reads them, whatever the rules and the mode. */
function secretDenial(call: Call, subject: CallSubject, policy: PermissionPolicy): Decision | undefined {
  const secret = touchedSecret(subject, policy.secretFiles);
  if (!secret) return undefined;
  const what = isKernelTarget(secret)
    ? "a kernel path to a process's environment, memory or files (the API key is in them): no tool may use it"
    : "the env file this harness loaded its API key from: no tool may read or change it";
  return { behavior: "deny", step: "deny rule", reason: `${describeCall(call)} touches ${secret.target}, ${what}.` };
}

/**
 * What no rule and no mode may clear, so it is asked in every mode (a person can still say yes;
 * without a terminal that is a no). A dangerous deletion (dangerous-deletions.ts); a protected
 * path changed; or a part of the call a deny rule might hit but that cannot be checked — a
 * hidden command (or code for an interpreter no allow rule names) while `Bash(...)` rules deny,
 * files that cannot be known while `Read(...)` rules deny (or the key's env file is protected).
 */
function personOnly(subject: CallSubject, policy: PermissionPolicy): Decision | undefined {
  const deletion = dangerousDeletion(subject.commands, subject.cwd);
  if (deletion) return { behavior: "ask", step: "dangerous deletion", reason: deletion };
  const changed = protectedPart(subject);
  if (changed) return { behavior: "ask", step: "protected path", reason: changed.reason };
  const lost = undecidableFile(subject);
  if (lost) return { behavior: "ask", step: "unchecked", reason: `which file ${lost.target} is cannot be told: ${lost.undecidable}` };
  const denyRule = (family: Rule["family"]) => policy.rules.deny.find((r) => r.family === family);
  // Code for an interpreter (`node -e`) is as hidden as `$x`, unless `Bash(node *)` names it (as in Claude Code).
  const code = subject.commands.find((c) => c.runsCode);
  const named = () => approvingRules(policy.degraded ? [] : policy.rules.allow, subject, { editsInside: policy.mode === "acceptEdits" }) !== undefined;
  const hidden = subject.commands.find((c) => c.opaque) ?? (code && !named() ? code : undefined);
  const commandRule = denyRule("commands");
  if (hidden && commandRule) {
    return { behavior: "ask", step: "unchecked", reason: `\`${hidden.text}\` cannot be checked against ${commandRule.text} in permissions.deny (${hidden.opaque ?? hidden.runsCode})` };
  }
  const readRule = denyRule("reads")?.text ?? (policy.secretFiles.length > 0 ? "the protected env file" : undefined);
  if (subject.readsUnknown && readRule) {
    return { behavior: "ask", step: "unchecked", reason: `which files it reads cannot be checked against ${readRule}: ${subject.readsUnknown}` };
  }
  return undefined;
}

/** A bash line that only reads and prints, every file it names in the workspace: no rule needed. */
function readOnly(subject: CallSubject): Decision | undefined {
  if (notReadOnlyCall(subject) !== undefined) return undefined;
  return { behavior: "allow", step: "read-only", reason: "every command in it only reads, inside the workspace" };
}

/** Settings' allow rules and grants together: one part of a call may be approved by each. */
function ruleApproval(subject: CallSubject, policy: PermissionPolicy, given: readonly Grant[]): Decision | undefined {
  // A settings file with problems keeps only what restricts (policy.ts): grants loosen, so they
  // wait too — the deny rule that did not parse may have been the one that mattered.
  const grants = policy.degraded ? [] : given;
  // acceptEdits lets a command's redirections write inside the workspace, as it lets write_file.
  const editsInside = policy.mode === "acceptEdits";
  const rules = approvingRules([...policy.rules.allow, ...grants.map((g) => g.rule)], subject, { editsInside });
  const named = (rule: Rule) => {
    const grant = grants.find((g) => g.rule === rule);
    return grant ? `${rule.text} from ${grant.source}` : rule.text;
  };
  const edits = editsInside && subject.writes.length > 0 ? "; acceptEdits mode allows its writes inside the workspace" : "";
  return rules && { behavior: "allow", reason: `allowed by ${rules.map(named).join(", ")}${edits}`, step: "allow rule" };
}
