/**
 * Bash calls that need no rule, as in Claude Code: a line whose every command only reads and
 * prints (`cat`, `grep`, `git log`, `find` without actions... @learn/bash-analysis's read-only.ts)
 * and whose every file is in the workspace — as written and where its links lead. Such a call
 * runs in default mode and in plan mode with no question. In acceptEdits, `mv`, `cp`, `touch`,
 * `mkdir` and redirections join them, still only inside the workspace.
 *
 * This step comes late in the pipeline (pipeline.ts): the refuse-list, deny rules, the env file
 * that holds the key, ask rules and the protected paths have all had their say before it, and
 * a file a `Read(...)` deny rule might cover but that cannot be checked is still asked about.
 */
import { notFileCommand, notReadOnly, type ShellCommand } from "@learn/bash-analysis";
import type { CallSubject } from "./matching.ts";

/** Why this call is not a read-only command line inside the workspace, or undefined when it is. */
export function notReadOnlyCall(subject: CallSubject): string | undefined {
  return notCommandsInside(subject, notReadOnly) ?? (subject.writes.length > 0 ? `it writes to ${subject.writes[0]!.target}` : undefined);
}

/** The same, with acceptEdits' file commands and redirections allowed (inside the workspace). */
export function notFileEditCall(subject: CallSubject): string | undefined {
  const outside = subject.writes.find((w) => !w.inside);
  return notCommandsInside(subject, notFileCommand) ?? (outside && `it writes to ${outside.target}, outside the workspace`);
}

function notCommandsInside(subject: CallSubject, notQualifying: (c: ShellCommand) => string | undefined): string | undefined {
  if (subject.commands.length === 0 || subject.reads.length + subject.edits.length > 0) return "it is not a bash command line";
  if (subject.declaredUnapprovable) return subject.declaredUnapprovable;
  for (const command of subject.commands) {
    const why = notQualifying(command);
    if (why) return `\`${command.text}\`: ${why}`;
  }
  const away = subject.named.find((f) => !f.inside);
  return away && `it names ${away.target}, outside the workspace (or not knowable before it runs)`;
}
