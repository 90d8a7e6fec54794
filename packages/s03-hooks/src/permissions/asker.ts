/**
 * The last step of the pipeline: a decision that says "ask" goes to the person.
 *
 *   Allow bash "npm test"?  [y]es / [n]o / [a]lways this session
 *
 * Only when there is someone to ask (`interactive`) — and then the Notification hooks hear of
 * it (`permission_prompt`), while the question is shown. Without a terminal — `--print`, piped
 * stdin, CI, the demo — nobody can answer, so "ask" becomes "deny", with a reason that tells
 * the model (and through it the user) exactly how to allow the call next time.
 */
import type { Renderer, ToolCall } from "@learn/core";
import { describeCall, type Decision } from "./decision.ts";
import { isEditInside, subjectOf, unapprovable, type CallSubject } from "./matching.ts";
import { rulesFor, type SessionRules } from "./session-rules.ts";

export interface AskerOptions {
  /** A person can answer (a terminal). */
  interactive: boolean;
  ask(question: string, signal?: AbortSignal): Promise<string>;
  session: SessionRules;
  renderer: Renderer;
  /** The folder the agent started in. */
  cwd: string;
  /** The settings file, as the user would name it: `.claude/settings.json`. */
  settingsFile: string;
  /**
   * The settings file has entries that did not parse, so its allow rules are not used: advice
   * to add one would be futile — and the broken entry may be the very deny rule the user meant.
   */
  degraded?: boolean;
  /** Tell the Notification hooks that a question waits (s03's command hooks), while it is asked. */
  notify?: (message: string, notificationType: string, cwd: string, signal?: AbortSignal) => Promise<void>;
}

/** A call as the asker sees it: the tool, when known, says what the call means (matching.ts). */
type Call = Pick<ToolCall, "name" | "input"> & Partial<Pick<ToolCall, "tool">>;

/**
 * Turn an "ask" decision into "allow" or "deny". `cwd` is where the agent is when it asks (it
 * may have moved since the session started); without it, the folder it started in.
 */
export type Asker = (call: Call, asked: Decision, signal?: AbortSignal, cwd?: string) => Promise<Decision>;

export function createAsker(o: AskerOptions): Asker {
  return async (call, asked, signal, cwd = o.cwd) => {
    const subject = subjectOf(call, cwd);
    if (o.session.allows(subject)) return allow("you answered \"always\" earlier in this session");
    if (!o.interactive) return { behavior: "deny", reason: noOneToAsk(call, subject, asked, o), step: "user" };

    // Claude Code's words, so a notification script written for it shows the same thing.
    const tool = call.tool?.permission?.claudeCode?.name ?? call.name;
    const [reply] = await Promise.all([
      o.ask(question(call, subject, asked), signal),
      o.notify?.(`Claude needs your permission to use ${tool}`, "permission_prompt", cwd, signal),
    ]);
    const answer = reply.trim().toLowerCase();
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

function question(call: Call, subject: CallSubject, asked: Decision): string {
  const remembered = rulesFor(call, subject)?.map((r) => r.text).join(", ") ?? "this once: it cannot be remembered";
  return [
    `Permission needed: ${describeCall(call)}`,
    `  why: ${asked.reason}`,
    `Allow? [y]es / [n]o / [a]lways this session (${remembered}) › `,
  ].join("\n");
}

/** The denial without a terminal: what happened, and how the user can allow it next time. */
function noOneToAsk(call: Call, subject: CallSubject, asked: Decision, o: AskerOptions): string {
  const head = `${describeCall(call)} needs permission (${asked.reason}), and there is no one to ask: this session has no terminal.`;
  return `${head} ${howToAllow(subject, asked, o)} Do not retry the same call: adapt, or tell the user.`;
}

function howToAllow(subject: CallSubject, asked: Decision, { settingsFile: file, degraded }: AskerOptions): string {
  if (asked.step === "ask rule") return `It needs a person's yes: run it at a terminal, or remove that rule from permissions.ask in ${file}.`;
  if (asked.step === "hook") return "A hook wants a person to confirm it: run it at a terminal.";
  if (asked.step === "dangerous deletion" || asked.step === "protected path" || asked.step === "unchecked") return "No rule or mode can approve it: only a person at a terminal can. Do it another way.";
  if (unapprovable(subject)) return "Only a person at a terminal can approve it: do it another way.";
  if (degraded) return `${file} has entries that do not parse, so none of its allow rules are used: the user must fix the file (see /permissions) or run it at a terminal.`;
  const rules = suggestedRules(subject).map((r) => `"${r}"`).join(", ");
  const writesInside = subject.writes.length > 0 && subject.writes.every((w) => w.inside);
  const mode = isEditInside(subject) || writesInside ? ", or run with --permission-mode acceptEdits" : "";
  return `To allow it, add ${rules} to permissions.allow in ${file}${mode}.`;
}

/** Rules, in settings.json syntax, that would allow this call (a deny rule would have denied it first). */
function suggestedRules(subject: CallSubject): string[] {
  // A redirection's file is an edit of it: `Bash(ls)` runs ls, `Edit(./out.txt)` lets it write out.txt.
  const writes = subject.writes.flatMap((f) => (f.path === undefined ? [] : [`Edit(./${f.path})`]));
  if (subject.commands.length > 0) return [...subject.commands.map((c) => `Bash(${c.core})`), ...writes];
  const edits = subject.edits.flatMap((f) => (f.path === undefined ? [] : [`Edit(${f.path})`]));
  if (edits.length > 0) return edits;
  const reads = subject.reads.flatMap((f) => (f.path === undefined ? [] : [`Read(${f.path})`]));
  return reads.length > 0 ? reads : [subject.tool];
}
