/**
 * What happened to a call, decided from what happened: a watched file changed (it ran,
 * whatever the text says), or the tool_result's words say it was refused, or it needed a
 * person's yes (in --print / -p nobody can give one, so it did not run either), or it ran.
 *
 *   ran < asked < refused        the further right, the stricter
 *
 * The course is "stricter" when its outcome is further right than Claude Code's, "looser"
 * when further left. Cases that are not about permission (a payload's shape, a hand-back)
 * compare a description: "match" or "differs".
 *
 * "no verdict": Claude Code judged nothing itself. Offline, its plan-mode safety check (a
 * server-side classifier) cannot run, so it refuses every call the check would have judged
 * ("Auto mode is unavailable … Bash was not run"). Pairing that with the course's refusal
 * would be agreement by accident: such a row says "no verdict", never "match".
 */
import type { Verdict } from "@learn/docs/comparison-format";

export type { Verdict };
export type Outcome = "ran" | "asked" | "refused" | "no result" | "no verdict";

const RANK: Record<Outcome, number> = { ran: 0, asked: 1, refused: 2, "no result": -1, "no verdict": -1 };

/** Claude Code's words when its safety check could not run (checked before any refusal). */
const NO_VERDICT = /Auto mode is unavailable|safety check does not run/;

/** The words each harness uses to say a call did not run, and why. */
const ASKED: RegExp[] = [
  /there is no one to ask/, // course: an "ask" with no terminal
  /requested permissions to/, // Claude Code -p: an ask nobody answered ("… to use Bash", "… to edit <a sensitive file>")
  /Dangerous (rm|rmdir) operation detected/, // both: the question before an rm or rmdir of /, ~, the workspace…
  /can't be checked/, // Claude Code: "A variable in this command can't be checked", "A nested command … can't be checked before it runs"
  /IFS assignment/, // Claude Code: a line that sets IFS, put to the person
  /cannot be auto-allowed/, // Claude Code: "find with '-exec' executes commands … cannot be auto-allowed by a Bash(find) rule"
  /executes arbitrary commands/, // Claude Code: "awk program contains system() which executes arbitrary commands"
  /evaluates arguments as shell code/, // Claude Code: "'eval' evaluates arguments as shell code"
  /Approving runs/, // Claude Code: a shell -c script it could not check, put to the person
  // Claude Code: a read outside the working directories. At a terminal it asks ("Yes, allow
  // reading from <dir> …"); with -p nobody can answer, so it says "blocked".
  /was blocked\. For security, Claude Code may only/,
  /needs approval/,
  /requires? approval/,
  /requires manual approval/, // Claude Code: "cp with flags requires manual approval to ensure path safety"
  /hasn't granted it yet/,
  /^the comparison hook says ask/, // Claude Code -p: a hook's "ask" nobody answered, in the hook's own words
];
const REFUSED: RegExp[] = [
  /^Denied:/, // course: rules, refuse-list, plan mode, hooks
  /^Refused/,
  /has been denied/, // Claude Code: a deny rule
  /plan mode/i,
  /blocked by/i,
  /hook.*(denied|blocked)/i,
  /hook error/, // Claude Code: a PreToolUse hook's deny
  /denied by/i,
  /Glob patterns are not allowed in write operations/, // Claude Code: `rm -rf .*` and other writes to a pattern
];

export function classify(text: string | undefined, changed: boolean): Outcome {
  if (changed) return "ran";
  if (text === undefined) return "no result";
  if (NO_VERDICT.test(text)) return "no verdict";
  if (ASKED.some((re) => re.test(text))) return "asked";
  if (REFUSED.some((re) => re.test(text))) return "refused";
  return "ran";
}

/** A text that looks like a refusal the patterns above do not know: shown so they can be taught it. */
export function looksUnclassified(text: string, outcome: Outcome): boolean {
  return outcome === "ran" && /denied|permission|approv|not allowed|refus|blocked/i.test(text.slice(0, 300));
}

/**
 * A tool the settings deny outright (`permissions.deny: ["Agent"]`) is taken from the session:
 * the model's call of it then gets no result, or "no such tool": that is the tool refused.
 */
export function classifyDisabled(text: string | undefined, changed: boolean): Outcome {
  if (!changed && (text === undefined || /No such tool|not available|unknown tool/i.test(text))) return "refused";
  return classify(text, changed);
}

export function verdict(course: Outcome, claudeCode: Outcome): Verdict {
  if (claudeCode === "no verdict" || course === "no verdict") return "no verdict";
  if (course === claudeCode) return "match";
  if (course === "no result" || claudeCode === "no result") return "differs";
  return RANK[course] > RANK[claudeCode] ? "stricter" : "looser";
}
