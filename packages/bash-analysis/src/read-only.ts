/**
 * Commands that only look: they print, count, list and search, and change nothing — `cat`,
 * `head`, `wc`, `grep`, `ls`, `git log`, `pwd`, `find` without actions, `node --version`. Claude
 * Code runs such commands with no permission rule, and so can s03, as long as the files they name
 * are ones it may read (that part is the caller's: where the files are is not in the words).
 *
 * What makes a command read-only here is its program AND its options: `find -delete`, `sort -o
 * out`, `git diff --output=x`, `date -s ...` change things, and `rg --pre prog` runs a program.
 * The list is short on purpose: a program it does not know is not read-only (the caller asks).
 * And a command is judged only as written plainly: no `FOO=1` prefix or wrapper in front of it
 * (`LD_PRELOAD=x.so cat`, `PATH=./bin cat` run other code), no program named by a path (`./cat`
 * is a script), nothing hidden (opaque), no redirection to a file.
 */
import type { ShellCommand } from "./command-line.ts";
import { parseOptions } from "./options.ts";

/**
 * Options that make a program act (write, delete, run another program): by program. Most
 * programs' options are known one by one instead (option-specs.ts: `sort -o`, `date -s`,
 * `file -C`, `find -delete` are marked there); these regexes are for the few with no spec.
 */
const READ_ONLY: Readonly<Record<string, RegExp | null>> = {
  // print, count, compare
  cat: null, head: null, tail: null, wc: null, nl: null, tac: null, rev: null, od: null, hexdump: null, strings: null,
  base64: null, md5sum: null, sha1sum: null, sha256sum: null, sha512sum: null, cksum: null, stat: null, du: null,
  diff: null, cmp: null, comm: null, paste: null, cut: null, column: null, fold: null, fmt: null, expand: null,
  readlink: null, realpath: null, basename: null, dirname: null, jq: null,
  // `sort -o out` writes out; `--compress-program` runs one
  sort: null, file: null,
  // list and search; `tree -o out` writes out; `rg --pre prog` runs prog on every file
  ls: null, tree: /^-o|^--(output|fromfile)/, grep: null, egrep: null, fgrep: null, rg: /^--(pre|search-zip)/,
  find: null,
  // say where and what: `date -s` sets the clock
  echo: null, printf: null, pwd: null, which: null, whoami: null, id: null, uname: null, true: null, false: null,
  date: null, test: null, "[": null, cd: null, type: null,
};

/** git subcommands that only show; and options of theirs that write a file or run a program. */
const GIT_SHOWS = new Set(["status", "log", "diff", "show", "ls-files", "rev-parse", "blame", "shortlog"]);
const GIT_ACTS = /^--(output|ext-diff|textconv|exec|upload-pack|open-files-in-pager)|^-o$/;
/** `git branch` only lists when given no names: `git branch x` creates one. */
const GIT_BRANCH_LISTS = /^(-a|-r|-v|-vv|--all|--remotes|--list|--verbose|--show-current|--no-color)$/;

/** Programs whose `--version` (and nothing else) only prints their version. */
const VERSION_ONLY = new Set(["node", "npm", "pnpm", "npx", "git", "python", "python3", "tsc", "deno", "bun", "yarn", "go", "rustc", "cargo", "java"]);
const VERSION_OPTIONS = new Set(["--version", "-v", "-V", "version"]);

/**
 * Why this command is not a read-only one, or undefined when it only reads and prints (what it
 * names still has to be checked by the caller: inside the workspace, not denied).
 */
export function notReadOnly(command: ShellCommand): string | undefined {
  if (command.writes.length > 0) return `it writes to ${command.writes[0]}`;
  return notPlain(command) ?? programReason(command);
}

/**
 * Commands that only make, copy and move files — what Claude Code's acceptEdits mode runs
 * without asking when every file is in the workspace (the caller checks where they are). `rm`
 * is not one: Claude Code runs it in acceptEdits too, the course asks (a removal is not an edit).
 */
const FILE_COMMANDS = new Set(["mv", "cp", "touch", "mkdir"]);

/**
 * Why this command is neither read-only nor one of the file commands, or undefined. Its
 * redirections are file edits too (`echo x > notes.md`): the caller checks where they write.
 */
export function notFileCommand(command: ShellCommand): string | undefined {
  const program = command.words[0] ?? "";
  const why = notPlain(command) ?? (FILE_COMMANDS.has(program) ? optionReason(command) : programReason(command));
  return why && `${why} (acceptEdits runs only read-only commands and mv, cp, touch, mkdir without asking)`;
}

/**
 * `cp`, `mv` and `touch` with any option (`--` too) are asked, as Claude Code 2.1.328 asks ("cp
 * with flags requires manual approval"): an option can move where they write (`-t DIR`) or what
 * they copy (`-r`). `mkdir` keeps its options (`-p`, `-m 700`), as in Claude Code.
 */
function optionReason(command: ShellCommand): string | undefined {
  const [program = "", ...args] = command.words;
  const option = program === "mkdir" ? undefined : args.find((a) => a.startsWith("-") && a !== "-");
  return option && `${program} with an option (${option}) is asked, as Claude Code asks`;
}

/** Why the command is not written plainly enough to be judged by its program and options. */
function notPlain(command: ShellCommand): string | undefined {
  if (command.opaque) return command.opaque;
  if (command.actsOnUnnamed) return command.actsOnUnnamed;
  if (command.text !== command.core) return "it runs behind a wrapper or a variable assignment";
  const [spelled = ""] = command.core.split(" ");
  if (spelled.includes("/")) return `${spelled} is named by a path: only a program found by its name is known`;
  return undefined;
}

function programReason(command: ShellCommand): string | undefined {
  const [program = "", ...args] = command.words;
  if (program === "git") return gitReason(args);
  if (VERSION_ONLY.has(program)) return args.length === 1 && VERSION_OPTIONS.has(args[0]!) ? undefined : `${program} is not known to only read`;
  if (!Object.hasOwn(READ_ONLY, program)) return `${program || "it"} is not a command known to only read`;
  const options = parseOptions(command.words);
  if (options) return options.acts ?? options.executes ?? (options.written[0] !== undefined ? `it writes ${options.written[0]}` : undefined);
  const acts = READ_ONLY[program];
  const option = acts ? args.find((a) => acts.test(a)) : undefined;
  return option === undefined ? undefined : `${program} ${option} may change files or run a program`;
}

function gitReason(args: readonly string[]): string | undefined {
  const [subcommand = "", ...rest] = args;
  if (VERSION_OPTIONS.has(subcommand) && rest.length === 0) return undefined;
  if (subcommand === "branch" && rest.every((a) => GIT_BRANCH_LISTS.test(a))) return undefined;
  if (!GIT_SHOWS.has(subcommand)) return `git ${subcommand} is not a git command known to only read (git options before it are not either)`;
  const option = rest.find((a) => GIT_ACTS.test(a));
  return option === undefined ? undefined : `git ${subcommand} ${option} may write a file or run a program`;
}
