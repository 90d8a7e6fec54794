/**
 * Filling a command's arguments into its template, as Claude Code does:
 *
 *   $ARGUMENTS   everything typed after the command's name, as typed
 *   $1 ... $9    one argument each, split like a shell splits simple words: on spaces, with
 *                "double" or 'single' quotes keeping spaces inside one argument (the quotes
 *                go). No escapes, no variables, no globs: an argument missing is "".
 *
 * A template that uses neither gets the arguments appended on a line of their own
 * ("ARGUMENTS: ..."), so what the user typed is never silently dropped.
 */

const PLACEHOLDER = /\$(ARGUMENTS|[1-9])/g;

/** `a "b c" 'd'` → ["a", "b c", "d"]. */
export function splitArguments(args: string): string[] {
  const words: string[] = [];
  for (const match of args.matchAll(/"([^"]*)"?|'([^']*)'?|(\S+)/g)) words.push(match[1] ?? match[2] ?? match[3]!);
  return words;
}

/** The template with the arguments filled in. */
export function fillArguments(template: string, args: string): string {
  const positional = splitArguments(args);
  let used = false;
  const filled = template.replace(PLACEHOLDER, (_, which: string) => {
    used = true;
    return which === "ARGUMENTS" ? args : (positional[Number(which) - 1] ?? "");
  });
  return used || args === "" ? filled : `${filled}\n\nARGUMENTS: ${args}`;
}
