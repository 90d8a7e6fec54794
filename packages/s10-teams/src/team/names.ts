/**
 * Teammate names. A name is how the lead and the teammates address each other
 * (`send_message { to: "alice" }`), how the roster lists a member, and the name of that
 * member's mailbox file: `.team/inbox/alice.jsonl`. Because it becomes a file name, the
 * pattern is also the path check: a name starts with a lowercase letter and holds only
 * lowercase letters, digits and hyphens, so "../x", "a/b", "." or an absolute path can never
 * reach the file system, and no two names differ only in case (which some file systems would
 * give one file).
 *
 * "lead" is taken: it is the lead's own mailbox, where teammates write their reports.
 */
import { ToolError } from "@learn/core";

/** A lowercase letter, then up to 30 lowercase letters, digits or hyphens: at most 31 characters. */
export const NAME_PATTERN = /^[a-z][a-z0-9-]{0,30}$/;

/** The lead's own name: its mailbox is `.team/inbox/lead.jsonl`, so no teammate may have it. */
export const LEAD = "lead";

/** The name as the error quotes it: escaped (a newline shows as \n), and cut when it is long. */
function quoted(name: string): string {
  return name.length <= 40 ? JSON.stringify(name) : `${JSON.stringify(name.slice(0, 40))}… (${name.length} characters)`;
}

/** Throw a ToolError the model can act on unless `name` can be a teammate's name. */
export function checkName(name: string): void {
  if (!NAME_PATTERN.test(name)) {
    throw new ToolError(
      `${quoted(name)} is not a valid teammate name: start with a lowercase letter, then up to 30 lowercase ` +
        `letters, digits or hyphens (e.g. "alice", "test-writer").`,
    );
  }
  if (name === LEAD) throw new ToolError(`"${LEAD}" is the lead's own name: choose another.`);
}
