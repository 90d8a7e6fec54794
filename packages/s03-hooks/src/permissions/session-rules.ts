/**
 * "Always" answers: allow rules that live as long as the session (this agent object) and
 * no longer. They are not written to settings.json — a yes at the terminal is a decision
 * about today's work, not a policy.
 *
 * What "always" remembers, and why:
 *   - a call that runs commands (bash, or any tool that declares it runs one): each simple
 *     command of the call, exactly (`Bash(npm test)`), never a prefix.
 *     "Always allow `rm build/x.o`" must not mean "always allow rm". To allow a family of
 *     commands, write a pattern in settings.json yourself (`Bash(npm run *)`).
 *   - any other tool: the tool (`write_file`), as acceptEdits would — the person has just
 *     seen what it does, and file tools cannot leave the workspace.
 * A command we cannot see in advance ($(...), a nested shell, a write outside the workspace)
 * cannot be remembered: "always" then means "yes, this once".
 */
import type { ToolCall } from "@learn/core";
import { exactCommand, parseRule, type Rule } from "@learn/claude-code-files";
import { approvingRules, unapprovable, type CallSubject } from "./matching.ts";

export class SessionRules {
  private readonly rules: Rule[] = [];

  /** The rules "always" answers added, oldest first. */
  list(): readonly Rule[] {
    return this.rules;
  }

  /** Did an earlier "always" already approve every part of this call? */
  allows(subject: CallSubject): boolean {
    return approvingRules(this.rules, subject) !== undefined;
  }

  /** Remember "always" for this call: the rules added, or undefined when it cannot be remembered. */
  remember(call: Pick<ToolCall, "name">, subject: CallSubject): Rule[] | undefined {
    const added = rulesFor(call, subject)?.filter((rule) => !this.rules.some((r) => r.text === rule.text));
    if (added) this.rules.push(...added);
    return added;
  }
}

/** The session rules that would approve exactly this call. */
export function rulesFor(call: Pick<ToolCall, "name">, subject: CallSubject): Rule[] | undefined {
  if (subject.commands.length === 0 && call.name !== "bash") return [parseRule(call.name)];
  if (unapprovable(subject) || subject.commands.length === 0) return undefined;
  return subject.commands.map((c) => ({ ...parseRule("Bash"), text: `Bash(${c.core})`, command: exactCommand(c.core) }));
}
