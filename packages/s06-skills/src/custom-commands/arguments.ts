/**
 * Filling a command's arguments into its template, as Claude Code (2.1.328) does — its docs'
 * placeholders, and what its binary does at the edges:
 *
 *   $ARGUMENTS      everything typed after the command's name, as typed
 *   $ARGUMENTS[N]   the N-th argument, counting from 0
 *   $N              the same, short: $0 is the first argument ($1 the second); not when a
 *                   letter, digit or _ follows ($1st stays as written)
 *   \$…             a backslash before any of them keeps it as written, without the backslash
 *
 * Arguments split like simple shell words: on spaces, with "double" or 'single' quotes keeping
 * spaces inside one argument (the quotes go). An argument that is not there leaves its
 * placeholder as written ($2 with two arguments stays "$2"), so a missing one shows.
 *
 * What goes in is never read again: a value holding "$1" stays "$1". And a value cannot start
 * an inline command: "!`" in it is written "! `" (and a "!" after a space "\!"), as Claude Code
 * writes it, so typing /cmd !`rm -rf x` runs nothing. A template that uses no placeholder gets
 * the arguments appended on a line of their own ("ARGUMENTS: ..."): never silently dropped.
 */

/** The escape, then each placeholder; one pass, so nothing filled in is looked at again. */
const PLACEHOLDER = /(?<!\\)\\\$(?=\d|ARGUMENTS)|\$ARGUMENTS\[(\d+)\]|\$(\d+)(?!\w)|\$ARGUMENTS/g;

/** `a "b c" 'd'` → ["a", "b c", "d"]. */
export function splitArguments(args: string): string[] {
  const words: string[] = [];
  for (const match of args.matchAll(/"([^"]*)"?|'([^']*)'?|(\S+)/g)) words.push(match[1] ?? match[2] ?? match[3]!);
  return words;
}

/** A value as it goes into the template: unable to form an inline command (!`…`). */
export function defused(value: string): string {
  return value.replace(/`!/g, "` !").replace(/!`/g, "! `").replace(/(^|\s)!/gm, "$1\\!");
}

/** The template with the arguments filled in. */
export function fillArguments(template: string, args: string): string {
  const positional = splitArguments(args);
  let used = false;
  const filled = template.replace(PLACEHOLDER, (match: string, indexed?: string, short?: string) => {
    if (match.startsWith("\\")) return "$"; // \$1: kept as written, without the backslash
    const index = indexed ?? short;
    const value = index === undefined ? args : positional[Number(index)];
    if (value === undefined) return match; // no such argument: the placeholder stays
    used = true;
    return defused(value);
  });
  return used || args === "" ? filled : `${filled}\n\nARGUMENTS: ${defused(args)}`;
}
