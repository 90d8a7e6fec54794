/**
 * The last step of the pipeline: a decision that says "ask" goes to the person.
 *
 *   Allow bash "npm test"?  [y]es / [n]o / [a]lways this session
 *
 * Only when there is someone to ask (`interactive`). Without a terminal — `--print`, piped
 * stdin, CI, the demo — nobody can answer, so "ask" becomes "deny", with a reason that tells
 * the model (and through it the user) exactly how to allow the call next time.
 */
import type { Renderer, ToolCall } from "@learn/core";
import { describeCall, type Decision } from "./decision.ts";
import { subjectOf, unapprovable, type CallSubject } from "./matching.ts";
import { rulesFor, type SessionRules } from "./session-rules.ts";
import { FILE_EDIT_TOOLS } from "./tool-names.ts";

export interface AskerOptions {
  /** A person can answer (a terminal). */
  interactive: boolean;
  ask(question: string, signal?: AbortSignal): Promise<string>;
  session: SessionRules;
  renderer: Renderer;
  cwd: string;
  /** The settings file, as the user would name it: `.claude/settings.json`. */
  settingsFile: string;
}

/** Turn an "ask" decision into "allow" or "deny". */
export type Asker = (call: Pick<ToolCall, "name" | "input">, asked: Decision, signal?: AbortSignal) => Promise<Decision>;

export function createAsker(o: AskerOptions): Asker {
  return async (call, asked, signal) => {
    const subject = subjectOf(call, o.cwd);
    if (o.session.allows(subject)) return allow("you answered \"always\" earlier in this session");
    if (!o.interactive) return { behavior: "deny", reason: noOneToAsk(call, subject, asked, o.settingsFile), step: "user" };

    const answer = (await o.ask(question(call, subject, asked), signal)).trim().toLowerCase();
    if (signal?.aborted) return { behavior: "deny", reason: "the turn was cancelled (Ctrl-C) before anyone answered", step: "user" };
    if (answer === "y" || answer === "yes") return allow("the user said yes");
    if (answer === "a" || answer === "always") {
      const added = o.session.remember(call, subject);
      if (added === undefined) o.renderer.notice(`Allowed once: ${unapprovable(subject) ?? "there is no command in it"}, so it cannot be remembered.`);
      return allow("the user said always");
    }
    return {
      behavior: "deny",
      reason: `the user said no to ${describeCall(call)}. Do not retry it; ask the user what they want instead.`,
      step: "user",
    };
  };
}

const allow = (reason: string): Decision => ({ behavior: "allow", reason, step: "user" });

function question(call: Pick<ToolCall, "name" | "input">, subject: CallSubject, asked: Decision): string {
  const remembered = rulesFor(call, subject)?.map((r) => r.text).join(", ") ?? "this once: it cannot be remembered";
  return [
    `Permission needed: ${describeCall(call)}`,
    `  why: ${asked.reason}`,
    `Allow? [y]es / [n]o / [a]lways this session (${remembered}) › `,
  ].join("\n");
}

/** The denial without a terminal: what happened, and how the user can allow it next time. */
function noOneToAsk(call: Pick<ToolCall, "name" | "input">, subject: CallSubject, asked: Decision, file: string): string {
  const head = `${describeCall(call)} needs permission (${asked.reason}), and there is no one to ask: this session has no terminal.`;
  return `${head} ${howToAllow(call, subject, asked, file)} Do not retry the same call: adapt, or tell the user.`;
}

function howToAllow(call: Pick<ToolCall, "name" | "input">, subject: CallSubject, asked: Decision, file: string): string {
  if (asked.step === "ask rule") return `It needs a person's yes: run it at a terminal, or remove that rule from permissions.ask in ${file}.`;
  if (asked.step === "hook") return "A hook wants a person to confirm it: run it at a terminal.";
  if (unapprovable(subject)) return "Only a person at a terminal can approve it: do it another way.";
  const rules = suggestedRules(call, subject).map((r) => `"${r}"`).join(", ");
  const mode = FILE_EDIT_TOOLS.has(call.name) ? ", or run with --permission-mode acceptEdits" : "";
  return `To allow it, add ${rules} to permissions.allow in ${file}${mode}.`;
}

/** Rules, in settings.json syntax, that would allow this call. */
function suggestedRules(call: Pick<ToolCall, "name" | "input">, subject: CallSubject): string[] {
  if (call.name === "bash") return subject.commands.map((c) => `Bash(${c.core})`);
  if (FILE_EDIT_TOOLS.has(call.name) && subject.path !== undefined) return [`Edit(${subject.path})`];
  return [call.name];
}
