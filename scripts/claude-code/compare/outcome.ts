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
 */
import type { Verdict } from "@learn/docs/comparison-format";

export type { Verdict };
export type Outcome = "ran" | "asked" | "refused" | "no result";

const RANK: Record<Outcome, number> = { ran: 0, asked: 1, refused: 2, "no result": -1 };

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
  /was not run/, // Claude Code: plan mode's safety check, which a local endpoint cannot give
  /Glob patterns are not allowed in write operations/, // Claude Code: `rm -rf .*` and other writes to a pattern
];

export function classify(text: string | undefined, changed: boolean): Outcome {
  if (changed) return "ran";
  if (text === undefined) return "no result";
  if (ASKED.some((re) => re.test(text))) return "asked";
  if (REFUSED.some((re) => re.test(text))) return "refused";
  return "ran";
}

/** A text that looks like a refusal the patterns above do not know: shown so they can be taught it. */
export function looksUnclassified(text: string, outcome: Outcome): boolean {
  return outcome === "ran" && /denied|permission|approv|not allowed|refus|blocked/i.test(text.slice(0, 300));
}

export function verdict(course: Outcome, claudeCode: Outcome): Verdict {
  if (course === claudeCode) return "match";
  if (course === "no result" || claudeCode === "no result") return "differs";
  return RANK[course] > RANK[claudeCode] ? "stricter" : "looser";
}
