/**
 * A command's options read the way the program reads them (GNU getopt_long, from the lines of
 * option-specs.ts): every spelling of an option with a value — `-fX`, `-f X`, `--file=X`,
 * `--file X`, `-rf` clustered, an unambiguous prefix `--fi=X` — and `--` ending the options.
 * What comes out is what the permission check needs:
 *
 *   date -f .env                read: [.env]
 *   cp -t../out README.md       written: [../out]   operands: [README.md]
 *   tar --checkpoint-action=exec=sh x    executes: "tar --checkpoint-action runs a program"
 *   cat --frobnicate x          unknown: "cat --frobnicate is not an option the course knows"
 *
 * A program with no spec here gets `undefined`: its words are read by the older rules of
 * command-paths.ts (a word that looks like a path is one).
 */
import { FIND_PRIMARIES, OPTION_SPECS } from "./option-specs.ts";
import { readSedScript } from "./sed-script.ts";

export type ValueKind = "read" | "write" | "list" | "exec" | "acts" | "unnamed";
const KINDS = new Set<string>(["read", "write", "list", "exec", "acts", "unnamed"]);

/** How a spelling takes its value: none, a value (glued or next word), glued only, two words (jq). */
type Arity = "none" | "required" | "optional" | "two";

interface OptionSpec {
  /** The first spelling, as --help prints it: how a reason names the option. */
  name: string;
  kind?: ValueKind;
}

interface ProgramSpec {
  short: Map<string, { option: OptionSpec; arity: Arity }>;
  long: Map<string, { option: OptionSpec; arity: Arity }>;
  /** `head -5`, `grep -3`: a number as an option. */
  numbers: boolean;
}

export interface ParsedOptions {
  /** The words that are not options or their values: files, patterns, scripts. */
  operands: string[];
  /** Option values that are files it reads (`date -f X`), or writes (`cp -t X`). */
  read: string[];
  written: string[];
  /** An option that lists the files it reads (`wc --files0-from=F`, `sha256sum -c`): which, no one knows in advance. */
  readsListed?: string;
  /** An option that runs a program or code (`tar --to-command`, `sort --compress-program`). */
  executes?: string;
  /** An option that changes something (`date -s`, `sed -i`): the command is not read-only. */
  acts?: string;
  /** An option that makes it change files nobody named (`tar -x`). */
  actsOnUnnamed?: string;
  /** An option the spec does not know: no rule may approve the command. */
  unknown?: string;
  /**
   * The command respelled: every option by its first spelling, values apart (`sed -i .bak x` for
   * `sed -i.bak x` and `sed --in-place=.bak x`), and its flags clustered (`rm -rf x` for `rm -r
   * --force x`), and with each option alone (`sed -i x` for `sed -ni x`): deny and ask rules see these too.
   */
  canonical: string[];
  /** The values of value options, in order (`sed -e SCRIPT`): by option name. */
  values: { option: string; value: string }[];
  /** The options found, by their first spelling. */
  spelled: { name: string; values: string[] }[];
}

/** Programs whose first operand is a pattern, a filter or a script — unless an option gave it. */
const FIRST_OPERAND_GIVEN_BY: Readonly<Record<string, RegExp>> = { grep: /^-[ef]$/, egrep: /^-[ef]$/, fgrep: /^-[ef]$/, jq: /^-f$/, sed: /^-[ef]$/ };

/** After parsing: the pattern or script is not a file; sed's script names files of its own. */
function finish(program: string, parsed: ParsedOptions): ParsedOptions {
  const operands = [...parsed.operands];
  const givenBy = FIRST_OPERAND_GIVEN_BY[program];
  const first = givenBy && !parsed.values.some((v) => givenBy.test(v.option)) ? parsed.operands.shift() : undefined;
  if (program === "sed") {
    const scripts = first !== undefined ? [first] : parsed.values.filter((v) => v.option === "-e").map((v) => v.value);
    for (const script of scripts.map(readSedScript)) {
      parsed.read.push(...script.read);
      parsed.written.push(...script.written);
      parsed.executes ??= script.executes;
    }
  }
  const flags = parsed.spelled.filter((o) => o.values.length === 0 && /^-.$/.test(o.name)).map((o) => o.name.slice(1));
  const separate = parsed.spelled.flatMap((o) => [o.name, ...o.values]);
  const clustered = [...(flags.length ? [`-${flags.join("")}`] : []), ...parsed.spelled.filter((o) => o.values.length > 0 || !/^-.$/.test(o.name)).flatMap((o) => [o.name, ...o.values])];
  // ...and each option alone (`sed -i x` for `sed -ni x`): a rule about an option holds whatever else is given.
  const alone = parsed.spelled.length > 1 ? parsed.spelled.slice(0, 20).map((o) => [program, o.name, ...o.values, ...operands].join(" ")) : [];
  parsed.canonical = [[program, ...separate, ...operands].join(" "), [program, ...clustered, ...operands].join(" "), ...alone];
  return parsed;
}

const specs = new Map<string, ProgramSpec>();

/** Parse one spec line: `-f, --file=DATEFILE read`. */
function addLine(spec: ProgramSpec, line: string): void {
  const tokens = line.split(/[\s,]+/).filter(Boolean);
  const kind = KINDS.has(tokens.at(-1)!) ? (tokens.pop() as ValueKind) : undefined;
  const option: OptionSpec = { name: tokens[0]!, kind };
  if (tokens[0] === "-NUM") return void (spec.numbers = true);
  const following = (i: number) => {
    const next = tokens.slice(i + 1).findIndex((t) => t.startsWith("-"));
    return next === -1 ? tokens.length - i - 1 : next;
  };
  // `-f, --file=FILE` and `-f, --files-from FILE`: the short spelling takes the long one's value.
  const longRequired = tokens.some((t, i) => t.startsWith("--") && !t.includes("[=") && (t.includes("=") || following(i) > 0));
  tokens.forEach((token, i) => {
    if (token.startsWith("--")) {
      const name = token.replace(/[[=].*$/, "");
      const arity: Arity = token.includes("[=") ? "optional" : token.includes("=") || following(i) === 1 ? "required" : following(i) === 2 ? "two" : "none";
      spec.long.set(name.slice(2), { option, arity });
    } else if (/^-.$/.test(token) || /^-.\[/.test(token)) {
      const arity: Arity = token.includes("[") ? "optional" : following(i) >= 1 || longRequired ? "required" : "none";
      spec.short.set(token[1]!, { option, arity });
    }
  });
}

/** Programs that take more options from `@FILE` (binutils' response files). */
const RESPONSE_FILES = new Set(["strings"]);

/** egrep and fgrep are grep -E and grep -F. */
const SAME_OPTIONS: Readonly<Record<string, string>> = { egrep: "grep", fgrep: "grep" };

function specOf(name: string): ProgramSpec | undefined {
  const program = SAME_OPTIONS[name] ?? name;
  if (!Object.hasOwn(OPTION_SPECS, program)) return undefined;
  let spec = specs.get(program);
  if (!spec) {
    spec = { short: new Map(), long: new Map(), numbers: false };
    for (const line of OPTION_SPECS[program]!) addLine(spec, line);
    specs.set(program, spec);
  }
  return spec;
}

/** The options of `words` (program first), or undefined for a program without a spec. */
export function parseOptions(words: readonly string[]): ParsedOptions | undefined {
  const [program = "", ...args] = words;
  if (program === "find") return parseFind(args);
  const spec = specOf(program);
  if (!spec) return undefined;
  const parsed: ParsedOptions = { operands: [], read: [], written: [], canonical: [], values: [], spelled: [] };
  // `tar cf x.tar dir`: an old-style first word is a cluster without its dash.
  const rest = program === "tar" && /^[A-Za-z]/.test(args[0] ?? "") ? [`-${args[0]}`, ...args.slice(1)] : [...args];
  const oldStyle = rest[0] !== args[0];
  for (let i = 0; i < rest.length; i++) {
    const arg = rest[i]!;
    if (arg === "--") {
      parsed.operands.push(...rest.slice(i + 1));
      break;
    }
    if (RESPONSE_FILES.has(program) && arg.startsWith("@")) {
      // binutils reads more options from the file: `strings @.env` reads .env, as options we cannot see
      parsed.read.push(arg.slice(1));
      parsed.unknown ??= `${program} ${arg} reads its options from a file`;
    } else if (arg === "-" || !arg.startsWith("-")) parsed.operands.push(arg);
    else if (arg.startsWith("--")) i = readLong(program, spec, rest, i, parsed);
    else if (!(spec.numbers && /^-\d+$/.test(arg))) i = readCluster(program, spec, rest, i, parsed, oldStyle && i === 0);
  }
  return finish(program, parsed);
}

/** `--file=X`, `--file X`, `--fi=X`: the index of the last word it used. */
function readLong(program: string, spec: ProgramSpec, rest: string[], i: number, parsed: ParsedOptions): number {
  const arg = rest[i]!;
  const eq = arg.indexOf("=");
  const name = arg.slice(2, eq === -1 ? undefined : eq);
  const found = longOption(spec, name, program !== "jq"); // jq 1.6 takes no abbreviations
  if (!found) {
    parsed.unknown ??= `${program} ${arg.split("=")[0]} is not an option the course knows${found === null ? " (an ambiguous abbreviation)" : ""}`;
    if (eq !== -1) parsed.read.push(arg.slice(eq + 1)); // a deny rule still sees what it names
    return i;
  }
  if (eq !== -1 && found.arity === "none") parsed.unknown ??= `${program} --${name} takes no value`;
  const count = eq !== -1 ? 0 : found.arity === "required" ? 1 : found.arity === "two" ? 2 : 0;
  const values = eq !== -1 ? [arg.slice(eq + 1)] : rest.slice(i + 1, i + 1 + count);
  record(parsed, program, found.option, values, `--${name}`);
  return i + count;
}

/**
 * `-rf`, `-fX`, `-f X`, `-vt DIR`: flags until one takes a value, which is the rest of the word
 * or the next word. In tar's old style (`tar czf x.tgz dir`) each value is the next word in turn.
 */
function readCluster(program: string, spec: ProgramSpec, rest: string[], i: number, parsed: ParsedOptions, oldStyle: boolean): number {
  const arg = rest[i]!;
  let used = i;
  for (let k = 1; k < arg.length; k++) {
    const found = spec.short.get(arg[k]!);
    if (!found) {
      parsed.unknown ??= `${program} -${arg[k]} is not an option the course knows`;
      return used;
    }
    const glued = arg.slice(k + 1);
    const spelled = `-${arg[k]}`;
    if (found.arity === "none") record(parsed, program, found.option, [], spelled);
    else if (found.arity === "optional") return record(parsed, program, found.option, glued ? [glued] : [], spelled), used;
    else if (oldStyle) record(parsed, program, found.option, [rest[++used] ?? ""], spelled);
    else return record(parsed, program, found.option, [glued || (rest[++used] ?? "")], spelled), used;
  }
  return used;
}

/** A long option by its name or an unambiguous prefix (undefined: no such option, null: ambiguous). */
function longOption(spec: ProgramSpec, name: string, prefixes: boolean) {
  const exact = spec.long.get(name);
  if (exact || !prefixes || name === "") return exact;
  const matches = [...spec.long.entries()].filter(([long]) => long.startsWith(name));
  const options = new Set(matches.map(([, found]) => found.option));
  return options.size === 1 ? matches[0]![1] : matches.length === 0 ? undefined : null;
}

function record(parsed: ParsedOptions, program: string, option: OptionSpec, values: string[], spelled: string): void {
  parsed.spelled.push({ name: option.name.replace(/[[=].*$/, ""), values });
  for (const value of values) parsed.values.push({ option: option.name, value });
  const file = values.at(-1);
  const what = `${program} ${spelled}`;
  switch (option.kind) {
    case "read":
      if (file !== undefined) parsed.read.push(...(program === "file" ? file.split(":") : [file]));
      break;
    case "write":
      if (file !== undefined) parsed.written.push(file);
      parsed.acts ??= `${what} writes ${file}`;
      break;
    case "list":
      if (file !== undefined) parsed.read.push(file);
      parsed.readsListed ??= `${what} reads the files a list names`;
      break;
    case "exec":
      parsed.executes ??= `${what} runs a program or code the command line does not show`;
      break;
    case "acts":
      parsed.acts ??= `${what} changes something`;
      break;
    case "unnamed":
      parsed.actsOnUnnamed ??= `${what} writes files nobody named in advance`;
      break;
  }
}

/** find: `-H`/`-L`/`-P`, folders, then an expression of primaries with fixed arities. */
function parseFind(args: readonly string[]): ParsedOptions {
  const parsed: ParsedOptions = { operands: [], read: [], written: [], canonical: [], values: [], spelled: [] };
  let i = 0;
  while (i < args.length && /^-([HLP]+|D.*|O\d*)$/.test(args[i]!)) i += args[i] === "-D" ? 2 : 1;
  for (; i < args.length && !/^[-(!]/.test(args[i]!); i++) parsed.operands.push(args[i]!);
  for (; i < args.length; i++) {
    const primary = args[i]!;
    if (/^-(exec|execdir|ok|okdir)$/.test(primary)) {
      while (i < args.length && args[i] !== ";" && args[i] !== "+") i++;
      continue;
    }
    const kind = /^-newer[aBcm][aBcmt]$/.test(primary) ? "read" : FIND_PRIMARIES[primary];
    if (kind === undefined) {
      parsed.unknown ??= `find ${primary} is not a primary the course knows`;
      continue;
    }
    const [first, second] = kind.split(" ");
    if (first === "acts") parsed.acts ??= `find ${primary} changes files`;
    if (first === "" || first === "acts") continue;
    const values = [args[++i] ?? ""];
    if (second) values.push(args[++i] ?? "");
    const option = { name: primary, kind: KINDS.has(first!) ? (first as ValueKind) : undefined };
    record(parsed, "find", option, option.kind === "write" ? values.slice(0, 1) : values, primary);
  }
  return finish("find", parsed);
}
