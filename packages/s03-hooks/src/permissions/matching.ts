/**
 * How a rule meets a tool call. First the call is taken apart into what rules look at (its
 * *subject*): for bash, every simple command it would run and every file it would write
 * through a redirection; for a file tool, its path relative to the workspace.
 *
 * Then the two questions the pipeline asks, which are deliberately not symmetric:
 *   - does a deny (or ask) rule hit ANY part?    `npm test && rm -rf x` is denied by Bash(rm *)
 *   - do allow rules approve EVERY part?         ...and is not allowed by Bash(npm test *)
 * A part we cannot see in advance (a `$(...)`, a nested `bash -c`, a write outside the
 * workspace) can be denied, but never approved by a rule: it falls through to the mode.
 */
import { isAbsolute } from "node:path";
import type { ToolCall } from "@learn/core";
import { parseCommandLine, type ShellCommand } from "./bash-command.ts";
import { workspacePath } from "./path-pattern.ts";
import type { Rule } from "./rule.ts";
import { specifierKindOf } from "./tool-names.ts";

/** A file a bash command writes through a redirection. */
export interface RedirectWrite {
  /** As written: `out.txt`, `/etc/passwd`, `$HOME/x`. */
  target: string;
  /** Relative to the workspace; undefined when outside it or not knowable in advance. */
  path: string | undefined;
}

/** The parts of one call that rules look at. */
export interface CallSubject {
  tool: string;
  /** bash: every simple command it would run, nested ones included. */
  commands: ShellCommand[];
  /** bash: the files its redirections write. */
  writes: RedirectWrite[];
  /** File tools: the path relative to the workspace; undefined when outside it. */
  path?: string;
}

export function subjectOf(call: Pick<ToolCall, "name" | "input">, cwd: string): CallSubject {
  const subject: CallSubject = { tool: call.name, commands: [], writes: [] };
  const { command, path } = call.input as { command?: unknown; path?: unknown };
  if (specifierKindOf(call.name) === "command" && typeof command === "string") {
    subject.commands = parseCommandLine(command);
    const movesAround = subject.commands.some((c) => CHANGES_DIRECTORY.test(c.core));
    subject.writes = subject.commands.flatMap((c) => c.writes.map((target) => redirectWrite(cwd, target, movesAround)));
  }
  if (specifierKindOf(call.name) === "path" && typeof path === "string") subject.path = workspacePath(cwd, path);
  return subject;
}

/** `cd /etc && echo x > passwd` writes /etc/passwd: after a cd, a relative target is anywhere. */
const CHANGES_DIRECTORY = /^(cd|pushd|popd)(\s|$)/;

/** `> $OUT`, `> ~/x`, or a relative target after a `cd` cannot be placed in advance: outside. */
function redirectWrite(cwd: string, target: string, cwdMayChange: boolean): RedirectWrite {
  const knowable = !/[$~*?[]/.test(target) && !(cwdMayChange && !isAbsolute(target));
  return { target, path: knowable ? workspacePath(cwd, target) : undefined };
}

/** Deny and ask rules: does this rule hit any part of the call? */
export function hitsAnyPart(rule: Rule, subject: CallSubject): boolean {
  return coversCall(rule, subject) || coversRedirectWrites(rule, subject);
}

function coversCall(rule: Rule, subject: CallSubject): boolean {
  if (!rule.tools.includes(subject.tool)) return false;
  // A deny rule sees both `timeout 9 rm -rf x` and what it runs, `rm -rf x`.
  if (rule.command) return subject.commands.some((c) => rule.command!(c.text) || rule.command!(c.core));
  if (rule.path) return subject.path !== undefined && rule.path(subject.path);
  return true;
}

/** A redirection is a write: `Edit(.env)` in deny also stops `echo x > .env`. */
function coversRedirectWrites(rule: Rule, subject: CallSubject): boolean {
  if (subject.tool !== "bash" || !rule.tools.includes("write_file")) return false;
  return subject.writes.some((w) => (rule.path ? w.path !== undefined && rule.path(w.path) : true));
}

/**
 * Allow rules: the rules that together approve every part of the call, or undefined when
 * some part is left unapproved. A bash command is approved on its core (wrappers removed).
 */
export function approvingRules(rules: readonly Rule[], subject: CallSubject): Rule[] | undefined {
  if (subject.tool !== "bash") {
    const rule = rules.find((r) => coversCall(r, subject));
    return rule && [rule];
  }
  if (subject.commands.length === 0 || unapprovable(subject)) return undefined;
  const used = new Set<Rule>();
  for (const command of subject.commands) {
    const rule = rules.find((r) => r.tools.includes("bash") && (!r.command || r.command(command.core)));
    if (!rule) return undefined;
    used.add(rule);
  }
  return [...used];
}

/** Why no allow rule may approve this call, if one of its parts is hidden or writes outside. */
export function unapprovable(subject: CallSubject): string | undefined {
  const hidden = subject.commands.find((c) => c.opaque);
  if (hidden) return `\`${hidden.text}\`: ${hidden.opaque}`;
  const outside = subject.writes.find((w) => w.path === undefined);
  return outside && `it writes to ${outside.target}, outside the workspace (or not knowable before it runs)`;
}
