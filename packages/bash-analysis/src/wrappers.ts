/**
 * Wrappers run the command after them: `timeout 10 npm test` runs `npm test`, and so do
 * `FOO=1 npm test`, `command npm test` and `/usr/bin/env npm test`. What really runs is what
 * follows them, so we strip them.
 *
 * Known limits (this reads a command line, it is not a sandbox): commands that run other
 * programs in their own way — `npx`, `git -c core.pager=...`, a script file, `make` — are not
 * seen through, and `PATH=./bin npm test` still reads as `npm test`. That is why a permission
 * check built on this must not trust a name alone (s03: anything no rule allows asks first).
 */
const ASSIGNMENT = /^[A-Za-z_][A-Za-z0-9_]*=/;

/** For each wrapper: how many of the words after its name are its own (options, a duration...). */
const WRAPPERS: Readonly<Record<string, (args: readonly string[]) => number>> = {
  // timeout [-s SIG] [-k T] [--foreground ...] DURATION command
  timeout: (args) => skipOptions(args, ["-s", "-k", "--signal", "--kill-after"]) + 1,
  // nice [-n N | -N] command
  nice: (args) => skipOptions(args, ["-n", "--adjustment"]),
  // env [-i] [-u NAME] [NAME=value ...] command
  env: (args) => {
    // `env -S 'a b'` splits a string into a command line: not a plain wrapper (inner-commands.ts).
    if (args.some((a) => /^(-S|--split-string)/.test(a))) return args.length;
    let i = skipOptions(args, ["-u", "--unset", "-C", "--chdir"]);
    while (i < args.length && ASSIGNMENT.test(args[i]!)) i++;
    return i;
  },
  nohup: () => 0,
  time: (args) => skipOptions(args, []),
  // coproc [NAME] { ...; }
  coproc: (args) => (args[1] === "{" ? 1 : 0),
  // `command -v rm` only prints where rm is: then `command` is the command.
  command: (args) => (args[0] === "-v" || args[0] === "-V" ? args.length : skipOptions(args, [])),
  exec: (args) => skipOptions(args, ["-a"]),
  builtin: () => 0,
  // stdbuf -oL command; setsid [-cfw] command; ionice -c 3 command
  stdbuf: (args) => skipOptions(args, ["-i", "-o", "-e"]),
  setsid: (args) => skipOptions(args, []),
  ionice: (args) => skipOptions(args, ["-c", "-n", "-p", "-P", "-u"]),
  // xargs [-0] [-n N] [-I {}] command: runs command with arguments read from its input.
  xargs: (args) => skipOptions(args, ["-a", "-d", "-E", "-I", "-L", "-n", "-P", "-s", "--arg-file", "--delimiter", "--max-args", "--max-procs"]),
};

/** `/bin/rm` is rm: a program is known by its name, wherever it lives. */
export function programName(word: string): string {
  return word.slice(word.lastIndexOf("/") + 1);
}

/**
 * Stripping a wrapper means what follows it is taken for what runs, so only the real ones count:
 * `env` or `/usr/bin/env`, but not a `./env` script that could do anything.
 */
const SYSTEM_PROGRAM = /^(?:\/usr)?(?:\/local)?\/s?bin\/[^/]+$/;
const wrapperName = (word: string) => (!word.includes("/") || SYSTEM_PROGRAM.test(word) ? programName(word) : "");

/** How many leading words are options (with their values, for the options listed). */
function skipOptions(args: readonly string[], takesValue: readonly string[]): number {
  let i = 0;
  while (i < args.length && args[i]!.startsWith("-") && args[i] !== "-") {
    if (args[i] === "--") return i + 1;
    i += takesValue.includes(args[i]!) ? 2 : 1;
  }
  return i;
}

/**
 * The words that really run: without `FOO=1` prefixes and wrappers, repeatedly
 * (`timeout 5 nice -n 2 npm test` → `npm test`). A wrapper alone (`env`) stays itself.
 */
export function stripWrappers(words: readonly string[]): string[] {
  let rest = [...words];
  for (;;) {
    while (rest.length > 1 && ASSIGNMENT.test(rest[0]!)) rest = rest.slice(1);
    const name = rest[0] === undefined ? "" : wrapperName(rest[0]);
    const wrapper = Object.hasOwn(WRAPPERS, name) ? WRAPPERS[name]! : undefined;
    if (!wrapper) return rest;
    const skip = 1 + wrapper(rest.slice(1));
    if (skip >= rest.length) return rest;
    rest = rest.slice(skip);
  }
}
