/**
 * `Bash(...)` specifiers: a command pattern where `*` stands for anything.
 *
 *   Bash(npm test)           exactly `npm test`
 *   Bash(npm run test *)     `npm run test`, `npm run test -- --watch`... (a space before a
 *                            final `*` is a word boundary: `ls *` matches `ls -la`, not `lsof`)
 *   Bash(git * main)         `git push origin main`, `git merge main`...
 *   Bash(npm run test:*)     Claude Code's older prefix syntax: the same as `npm run test *`
 *
 * A pattern is matched against one simple command at a time (see @learn/bash-analysis), as its
 * words with the quotes removed and single spaces between them.
 */

export type CommandMatcher = (command: string) => boolean;

/** The legacy `:*` suffix means "this prefix, then anything". */
const LEGACY_PREFIX = /:\*$/;

/** Compile a command pattern; throws with a message when it cannot be one. */
export function commandPattern(specifier: string): CommandMatcher {
  let pattern = specifier.trim().replace(/\s+/g, " ");
  if (LEGACY_PREFIX.test(pattern)) pattern = `${pattern.replace(LEGACY_PREFIX, "").trimEnd()} *`;
  if (pattern === "") throw new Error("the command pattern is empty");
  if (pattern === "*") return () => true;
  const regex = new RegExp(`^${toRegexSource(pattern)}$`, "s");
  return (command) => regex.test(command);
}

/** Exactly this command, `*` included: what an "always" answer remembers. */
export function exactCommand(command: string): CommandMatcher {
  const expected = command.trim().replace(/\s+/g, " ");
  return (candidate) => candidate === expected;
}

function toRegexSource(pattern: string): string {
  // A trailing " *" also matches the bare command: `npm test *` covers `npm test`.
  const finalWildcard = pattern.endsWith(" *");
  const body = finalWildcard ? pattern.slice(0, -2) : pattern;
  const source = body.split("*").map(escapeRegex).join(".*");
  return finalWildcard ? `${source}(?: .*)?` : source;
}

function escapeRegex(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
}
