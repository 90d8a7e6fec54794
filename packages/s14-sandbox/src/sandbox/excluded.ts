/**
 * `sandbox.excludedCommands`: command lines that run outside the sandbox (a tool that needs
 * what the sandbox takes away: docker's socket, the network), as Claude Code reads the list.
 * Outside, s03's policy is all that judges them, as it was before this lesson.
 */
import type { Launch } from "@learn/core/harness";

/**
 * Claude Code's `excludedCommands` patterns: `docker` or `docker *` (or the older `docker:*`)
 * name a command by its first words. Only a plain command line is excluded: one with `;`, `&&`,
 * `|`, a substitution or a redirection stays inside, or `docker ps; cat ~/.ssh/id_rsa` would
 * run its second half outside.
 */
export function isExcluded(launch: Launch, patterns: readonly string[]): boolean {
  const command = shellCommandOf(launch);
  if (command === undefined || patterns.length === 0 || /[;&|`$<>()\n\\]/.test(command)) return false;
  return patterns.some((pattern) => {
    const prefix = pattern.replace(/(:\*| \*)$/, "").trim();
    return prefix !== "" && (command.trim() === prefix || command.trim().startsWith(`${prefix} `));
  });
}

/** The command line of a `bash … -c <line>` launch; undefined for any other program. */
function shellCommandOf(launch: Launch): string | undefined {
  if (launch.file !== "bash") return undefined;
  const dashC = launch.args.indexOf("-c");
  return dashC >= 0 ? launch.args[dashC + 1] : undefined;
}
