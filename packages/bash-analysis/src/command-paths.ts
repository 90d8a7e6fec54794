/**
 * The files a shell command names. A permission rule about a file must hold whichever tool
 * touches it: in s03, `Read(./.env)` in deny has to stop `cat .env` and `grep TOKEN .env`, not
 * only read_file; and `Bash(cat *)` in allow must not carry `cat ../outside.txt` out of the
 * workspace.
 *
 *   cat -n notes.md ../x      paths: notes.md, ../x            (cat's operands are files)
 *   grep -r TOKEN src         paths: src, and it reads folders whole
 *   node -e "fs.readFileSync('.env')"   paths: .env              (code given inline: the paths it spells)
 *   npm test -- ./spec        paths: ./spec                     (an unknown program: path-like words)
 *
 * Four kinds of program, from what we know of them:
 *   - programs whose operands are the files they read, and that change nothing (cat, ls, wc...);
 *   - programs whose operands are the files they change (tee, cp, mv, touch...);
 *   - programs that name no files (echo, printf, date...);
 *   - everything else: a word is a path when it looks like one (`./x`, `a/b`, `..`) or names
 *     something that exists; and such a program may change what it names (`sed -i`, `git`...).
 * What no list can know is what a program does once it runs (`node app.js` may open any file):
 * this reads the command line, it is not a sandbox. The key itself is scrubbed from every
 * output (core's secrets.ts), whatever reads it.
 */
import { lstatSync, statSync } from "node:fs";
import { basename, resolve } from "node:path";
import { parseOptions, type ParsedOptions } from "./options.ts";

export interface CommandPaths {
  /** The words it names as files or folders, as written. */
  paths: string[];
  /** Why the files it reads cannot be known from its words, if so (it reads folders whole). */
  readsUnknown?: string;
  /** It may change the files it names (anything not known to only read them). */
  mayWrite: boolean;
  /** Files an option or a script writes, whatever the program (`cp -t DIR`, `sort -o out`, sed's `w out`). */
  written?: string[];
}

/** Programs that name no files in their arguments. */
const NO_PATHS = new Set([
  "echo", "printf", "true", "false", "pwd", "date", "whoami", "id", "uname", "hostname", "sleep", "seq",
  "yes", "exit", "export", "unset", "set", "type", "which", "hash", "alias", "basename", "dirname", "expr",
  "declare", "local", "return", "shift", "wait", "jobs", "kill",
]);

/** Programs whose operands are files they read, and that change nothing. */
const READERS = new Set([
  "cat", "head", "tail", "less", "more", "wc", "nl", "tac", "rev", "od", "xxd", "hexdump", "strings",
  "base64", "md5sum", "sha1sum", "sha256sum", "sha512sum", "cksum", "file", "stat", "ls", "tree", "du",
  "diff", "cmp", "comm", "paste", "cut", "column", "fold", "fmt", "expand", "readlink", "realpath",
  "grep", "egrep", "fgrep", "rg", "ag", "jq", "find", "test", "[", "sort",
]);

/** Readers that read the current folder when given no operand: `ls` is `ls .`. */
const DEFAULT_TO_CWD = new Set(["ls", "find", "tree", "du", "rg", "ag"]);

/** Programs whose operands are files they change. */
const WRITERS = new Set(["tee", "touch", "mkdir", "cp", "mv", "rm", "rmdir", "ln", "chmod", "chown", "truncate", "install", "unlink", "shred"]);

/** Programs that copy, move or link their operands into a folder (the last operand, or `-t DIR`). */
const INTO_FOLDER = new Set(["cp", "mv", "ln", "install"]);

/** Readers whose first operand is a pattern or a filter, not a file (unless given by -e / -f). */
const PATTERN_FIRST = new Set(["grep", "egrep", "fgrep", "rg", "ag", "jq"]);
const PATTERN_OPTIONS = /^(-e|-f|--regexp|--file|--expression)(=|$)|^-[a-zA-Z]*[ef]$/;

/** Programs that read every file under the folders they are given (or the current one). */
const RECURSIVE_ALWAYS = new Set(["rg", "ag", "tar", "zip", "rsync"]);
const RECURSIVE_FLAG = new Set(["grep", "egrep", "fgrep", "cp", "scp", "diff"]);
/** git subcommands that print files' contents; and those that do when asked for patches (`git log -p`). */
const GIT_SHOWS_CONTENT = new Set(["show", "diff", "grep", "cat-file", "blame", "archive", "format-patch"]);
const GIT_SHOWS_PATCHES = new Set(["log", "whatchanged", "reflog", "stash"]);
const PATCH_OPTION = /^(-p|-u|--patch|--patch-with-stat|--patch-with-raw|--cc|-c|-m|--word-diff.*|--ext-diff|--textconv)$/;

/** Interpreters and the options that hand them code on the command line. */
const INLINE_CODE: Readonly<Record<string, RegExp>> = {
  node: /^(-e|-p|--eval|--print)(=|$)|^-[a-zA-Z]*[ep]$/,
  deno: /^eval$/,
  bun: /^(-e|--eval|-p|--print)(=|$)/,
  python: /^-[a-zA-Z]*c$/,
  python3: /^-[a-zA-Z]*c$/,
  perl: /^-[a-zA-Z]*[eE]$/,
  ruby: /^-[a-zA-Z]*e$/,
  php: /^-[a-zA-Z]*r$/,
  lua: /^-[a-zA-Z]*e$/,
};

/** What a command (its words after wrappers, the program by name) names as files. */
export function pathsOf(words: readonly string[], cwd: string): CommandPaths {
  const [program = "", ...args] = words;
  const options = parseOptions(words);
  if (options) return specifiedPaths(program, args, options, cwd);
  if (NO_PATHS.has(program) || program === "") return { paths: [], mayWrite: false };
  const given = operandsOf(program, args);
  const operands = given.length === 0 && DEFAULT_TO_CWD.has(program) ? ["."] : given;
  const code = inlineCode(program, args);
  const notCode = args.filter((a) => !code.includes(a));
  const paths = READERS.has(program) || WRITERS.has(program) ? operands : notCode.flatMap((a) => pathLike(a, cwd));
  paths.push(...code.flatMap((text) => spelledPaths(text, cwd)));
  const readsUnknown = recursiveReason(program, args);
  const result: CommandPaths = { paths, mayWrite: !READERS.has(program) };
  if (program === "git" && args.includes("config") && !args.some((a) => /^(--get|--list|-l$|--show)/.test(a))) {
    result.paths.push(".git/config"); // `git config key value` writes the repository's config
  }
  return readsUnknown ? { ...result, readsUnknown } : result;
}

/**
 * A program whose options the course knows (option-specs.ts): its operands are files (none for
 * `date`, `uname`...), and so are the values of its file options, read or written.
 */
function specifiedPaths(program: string, args: readonly string[], options: ParsedOptions, cwd: string): CommandPaths {
  const operands = NO_PATHS.has(program) ? [] : options.operands.length === 0 && DEFAULT_TO_CWD.has(program) ? ["."] : options.operands;
  const movesOperands = program === "tar" && options.spelled.some((o) => o.name === "-C") ? "tar -C reads and writes its operands in another folder" : undefined;
  const recurses = options.values.some((v) => v.option === "-d" && v.value === "recurse") ? `${program} -d recurse reads every file under the folders it is given` : undefined;
  // An option the course does not know may name a file: under a Read deny rule that is asked, in every mode.
  const unknownOption = options.unknown && `${options.unknown}: what it reads cannot be known`;
  const readsUnknown = options.readsListed ?? unknownOption ?? movesOperands ?? recurses ?? recursiveReason(program, args);
  const result: CommandPaths = { paths: [...operands, ...options.read], mayWrite: !READERS.has(program) && !NO_PATHS.has(program) };
  const written = [...options.written, ...copiedInto(program, operands, options, cwd)];
  if (written.length > 0) result.written = written;
  return readsUnknown ? { ...result, readsUnknown } : result;
}

/** `cp -t DIR a b` (or `cp a b DIR`, DIR a folder) writes DIR/a and DIR/b: what an `Edit(DIR/**)` rule is about. */
function copiedInto(program: string, operands: readonly string[], options: ParsedOptions, cwd: string): string[] {
  if (!INTO_FOLDER.has(program)) return [];
  const target = options.values.find((v) => v.option === "-t")?.value;
  const [folder, sources] = target !== undefined ? [target, operands] : [operands.at(-1), operands.slice(0, -1)];
  if (folder === undefined || sources.length === 0 || (target === undefined && !isFolder(resolve(cwd, folder)))) return [];
  return sources.map((source) => `${folder}/${basename(source)}`);
}

/** A reader's file operands: its words after the options (and after the pattern, for grep and sed). */
function operandsOf(program: string, args: readonly string[]): string[] {
  const operands: string[] = [];
  let options = true;
  let patternGiven = args.some((a) => PATTERN_OPTIONS.test(a));
  for (const arg of args) {
    if (options && arg === "--") options = false;
    else if (options && arg.startsWith("-") && arg !== "-") continue;
    else if (PATTERN_FIRST.has(program) && !patternGiven) patternGiven = true;
    else if (program === "find" && /^[-(!]/.test(arg)) break; // find's expression starts: no more folders
    else operands.push(arg);
  }
  return operands;
}

function recursiveReason(program: string, args: readonly string[]): string | undefined {
  const flagged = RECURSIVE_FLAG.has(program) && args.some((a) => /^(--recursive|--dereference-recursive|--archive|-d\s*recurse)$|^-[a-zA-Z]*[rRa]/.test(a));
  if (RECURSIVE_ALWAYS.has(program) || flagged) return `${program} reads every file under the folders it is given`;
  const subcommand = args.find((a) => !a.startsWith("-"));
  const showsPatches = subcommand !== undefined && GIT_SHOWS_PATCHES.has(subcommand) && args.some((a) => PATCH_OPTION.test(a));
  if (program === "git" && subcommand && (GIT_SHOWS_CONTENT.has(subcommand) || showsPatches)) return `git ${subcommand} prints the contents of files it does not name`;
  return undefined;
}

/** The code an interpreter is given on its command line: the word after `-e` (or glued to it). */
function inlineCode(program: string, args: readonly string[]): string[] {
  const option = INLINE_CODE[program];
  if (!option) return [];
  return args.flatMap((arg, i) => (option.test(arg) ? [args[i + 1] ?? ""] : /^-[a-zA-Z]+=/.test(arg) && option.test(arg.split("=")[0]!) ? [arg.slice(arg.indexOf("=") + 1)] : []));
}

/**
 * The paths a piece of code spells out: `readFileSync('.env')` names .env as surely as
 * `cat .env`. What it builds at run time (`'.e' + 'nv'`) no reading of the text can see — like
 * whatever a script file opens: the key itself is scrubbed from every output.
 */
function spelledPaths(code: string, cwd: string): string[] {
  return (code.match(/[\w.~/-]*[./][\w.~/-]*/g) ?? []).flatMap((token) => pathLike(token, cwd));
}

/**
 * A word of an unknown program, as a path: when it looks like one (`.`, `..`, `./x`, `a/b`,
 * `/etc`, `~/x`) or names something that exists (`.env`). Options carry paths too (`--out=../x`).
 */
function pathLike(word: string, cwd: string): string[] {
  const value = /^--?[A-Za-z][\w-]*=/.test(word) ? word.slice(word.indexOf("=") + 1) : word;
  if (value === "" || (value.startsWith("-") && value === word)) return [];
  if (/:\/\//.test(value)) return []; // a URL
  if (exists(resolve(cwd, value))) return [value];
  if (/\s/.test(value)) return []; // a message, a script: a path with a space in it is taken only when it exists
  return value === "." || value === ".." || /^[~/]|^\.\.?\//.test(value) || value.includes("/") ? [value] : [];
}

function isFolder(path: string): boolean {
  try {
    return statSync(path).isDirectory();
  } catch {
    return false;
  }
}

function exists(path: string): boolean {
  try {
    lstatSync(path);
    return true;
  } catch {
    return false;
  }
}
