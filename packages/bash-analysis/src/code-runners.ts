/**
 * Programs that run code they are given: `node -e '...'`, `python3 -c '...'`, `perl -e '...'`,
 * `bash evil.md`. Every program they start is hidden in that code (a `node -e` script that
 * spawns `rm -rf x` through child_process), so whoever looks for an `rm` on the line
 * cannot say it is not there. The caller decides what that means (s03: under a deny rule for
 * bash, such a line is asked in every mode, bypassPermissions included).
 *
 * Known limit: `node app.js` and `python3 tool.py` run a file's code too. They are not listed,
 * because running the project's own scripts is what an allow rule like `Bash(node *)` is for;
 * a shell given a file (`bash x.sh`) is, as its file is a command line like the one we check.
 * But node is read further (node-code.ts): a rule for its test runner (`Bash(node --test *)`)
 * must not also approve `--import data:...`, `--require ./notes.md` or `node --test notes.md`.
 */
import type { BashWord } from "./words.ts";
import { nodeCodeFrom } from "./node-code.ts";
import { programName } from "./wrappers.ts";

const SHELLS = new Set(["bash", "sh", "zsh", "dash", "ksh", "mksh", "ash"]);

/** For each interpreter, its options that take the code itself as their value. */
const INLINE_CODE: Readonly<Record<string, RegExp>> = {
  node: /^(-e|--eval|-p|--print|-pe)(=|$)/,
  nodejs: /^(-e|--eval|-p|--print|-pe)(=|$)/,
  bun: /^(-e|--eval|-p|--print)(=|$)/,
  perl: /^-[a-zA-Z]*[eE]/, // -e, -E, -ne, -lne, -pie...
  ruby: /^-[a-zA-Z]*e/,
  php: /^-r/,
  lua: /^-e/,
};
const PYTHON = /^python(\d+(\.\d+)?)?$/;

/** Why `core` (a command without its wrappers) runs code that cannot be read here, or undefined. */
export function codeItRuns(core: readonly BashWord[]): string | undefined {
  const program = programName(core[0]?.text ?? "");
  const args = core.slice(1).map((w) => w.text);
  if (SHELLS.has(program)) return shellFile(program, args);
  if (PYTHON.test(program)) return args.some((a) => /^-[a-zA-Z]*c/.test(a)) ? `it runs Python code given on the line (${program} -c)` : undefined;
  if (program === "deno" && args[0] === "eval") return "it runs JavaScript given on the line (deno eval)";
  if ((program === "awk" || program === "gawk" || program === "mawk") && args.some((a) => /system|\|/.test(a))) return `its ${program} program runs commands (system() or a pipe)`;
  const inline = Object.hasOwn(INLINE_CODE, program) ? INLINE_CODE[program] : undefined;
  const option = inline && args.find((a) => inline.test(a));
  if (option) return `it runs code given on the line (${program} ${option})`;
  return program === "node" || program === "nodejs" ? nodeCodeFrom(args) : undefined;
}

/** `bash evil.md`: a shell running a file's commands (`-c` and input-reading shells are inner-commands.ts'). */
function shellFile(program: string, args: readonly string[]): string | undefined {
  let i = 0;
  while (i < args.length && /^[-+]./.test(args[i]!) && args[i] !== "--") {
    if (/^-[a-zA-Z]*[cs]/.test(args[i]!)) return undefined;
    i += /^[-+][a-zA-Z]*[oO]$/.test(args[i]!) || args[i] === "--rcfile" || args[i] === "--init-file" ? 2 : 1;
  }
  if (args[i] === "--") i++;
  const file = args[i];
  return file === undefined ? undefined : `it runs the commands of a file (${program} ${file})`;
}
