/**
 * How a rule meets a tool call. First the call is taken apart into what rules look at (its
 * *subject*), from what the tool declares it means (`permission.subject` in its definition):
 *
 *   commands   every simple command it would run, every file those write by redirection, and
 *              every file they name (`cat ../x`, `cat < .env`: @learn/bash-analysis)
 *   reads      the files it reads          (read_file, edit_file, grep's and glob's folder)
 *   writes     the files it changes        (write_file, edit_file)
 *   cwd        where all that happens, when not where the agent is (a command run in a worktree)
 *
 * A tool that declares nothing is taken by what its name meant in lessons 1 and 2
 * (earlier-tools.ts), and is otherwise about nothing a rule could approve. Every file is seen both as written and where its symlinks really lead (path-pattern.ts in @learn/claude-code-files).
 *
 * Then the two questions the pipeline asks, which are deliberately not symmetric:
 *   - does a deny (or ask) rule hit ANY part?    `npm test && rm -rf x` is denied by Bash(rm *)
 *   - do allow rules approve EVERY part?         ...and is not allowed by Bash(npm test *)
 * A part we cannot see in advance (a `$(...)`, a nested `bash -c`, a file outside the
 * workspace) can be denied, but never approved by a rule: it falls through to the mode.
 */
import { isAbsolute, resolve } from "node:path";
import { globSync } from "tinyglobby";
import type { PolicySubject, Tool, ToolCall } from "@learn/core";
import { isInside } from "@learn/core/harness";
import { parseCommandLine, pathsOf, type ShellCommand } from "@learn/bash-analysis";
import type { CallSubject, FileTarget } from "./call-subject.ts";
import { protectedPart } from "./protected-paths.ts";
import { ANY_TOOL_NAMES, namesOf, realPlaces, toolsNamed, workspacePath, type PathPlace, type Rule } from "@learn/claude-code-files";
import { earlierPermission } from "./earlier-tools.ts";

export type { CallSubject, FileTarget } from "./call-subject.ts";

type Call = Pick<ToolCall, "name" | "input"> & { tool?: Pick<Tool, "permission"> };

export function subjectOf(call: Call, agentCwd: string): CallSubject {
  const declared = declarationOf(call);
  // A call that runs somewhere else (in a worktree) is judged from there.
  const cwd = typeof declared.cwd === "string" ? resolve(agentCwd, declared.cwd) : agentCwd;
  const commands = strings(declared.commands).flatMap(parseCommandLine);
  const subject: CallSubject = {
    tool: call.name,
    names: namesOf(call.name, call.tool),
    cwd,
    commands,
    writes: [],
    reads: strings(declared.reads).map((p) => fileTarget(cwd, p)),
    edits: strings(declared.writes).map((p) => fileTarget(cwd, p)),
    named: [],
  };
  addCommandFiles(subject, cwd);
  if (typeof declared.unapprovable === "string") subject.declaredUnapprovable = declared.unapprovable;
  if (typeof declared.agentType === "string") subject.agentType = declared.agentType;
  return subject;
}

/**
 * The files the subject's commands write by redirection and name (@learn/bash-analysis), each
 * placed where it will be when the command runs: a `cd shop` is followed, a `cd $X` is not.
 */
function addCommandFiles(subject: CallSubject, cwd: string): void {
  // A redirection may belong to a whole list (`cd /etc && echo x > passwd`): for writes, any
  // cd in the line makes a relative target unknowable.
  const anyCd = subject.commands.some((c) => CHANGES_DIRECTORY.test(c.core));
  let dir: string | undefined = cwd; // where the next command runs; undefined once it cannot be known
  for (const command of subject.commands) {
    subject.writes.push(...command.writes.map((target) => placed(cwd, anyCd ? undefined : cwd, target)));
    const found = pathsOf(command.words, dir ?? cwd);
    subject.named.push(...found.paths.flatMap((p) => expanded(dir, p)).map((p) => ({ ...placed(cwd, dir, p), mayWrite: found.mayWrite })));
    // What an option or a sed script writes (`cp -t DIR`, `sort -o out`, `w out`): a file it changes.
    subject.named.push(...(found.written ?? []).flatMap((p) => expanded(dir, p)).map((p) => ({ ...placed(cwd, dir, p), mayWrite: true })));
    subject.named.push(...command.reads.map((p) => ({ ...placed(cwd, dir, p), mayWrite: false })));
    subject.readsUnknown ??= found.readsUnknown;
    // A cd is followed to approve a path, not to clear a Read deny rule: a question is cheap,
    // a cd through a link misread is not (Claude Code asks here too).
    if (dir !== cwd && found.paths.length > 0) subject.readsUnknown ??= `\`${command.text}\` runs after a cd, and the files it names are not followed there`;
    if (CHANGES_DIRECTORY.test(command.core)) dir = directoryAfter(command, cwd, dir);
  }
  const unplaced = subject.named.find((f) => !f.placed);
  subject.readsUnknown ??= unplaced && `it names ${unplaced.target}, which cannot be placed before it runs`;
}

/** What the tool declares; for a tool that declares nothing, what its name meant in lessons 1 and 2. */
function declarationOf(call: Call): PolicySubject {
  const subject = call.tool?.permission?.subject ?? earlierPermission(call.name)?.subject;
  return subject ? subject(call.input as never) : {};
}

/** A declaration comes from tool code: take its strings, never trust its types. */
const strings = (list: readonly unknown[] | undefined): string[] => (list ?? []).filter((x): x is string => typeof x === "string");

/** A file `target` names from folder `base` (the workspace unless a cd moved it), as rules see it. */
function fileTarget(cwd: string, target: string, base = cwd): FileTarget {
  const absolute = resolve(base, target);
  const path = workspacePath(cwd, absolute);
  const { inWorkspace: real, absolute: realAbsolute, undecidable } = realPlaces(cwd, target, base);
  const lexicalInside = isInside(resolve(cwd), absolute);
  const file: FileTarget = { target, path, real: real === "" ? undefined : real, inside: lexicalInside && real !== undefined, absolute, realAbsolute };
  return undecidable === undefined ? file : { ...file, undecidable };
}

/** `cd /etc && echo x > passwd` writes /etc/passwd: after a cd, relative paths start elsewhere. */
const CHANGES_DIRECTORY = /^(cd|pushd|popd)(\s|$)/;

/**
 * Where `cd shop` leads from `dir`; undefined when that cannot be known (`cd`, `cd -`, `cd $X`,
 * pushd) — or when its path goes through a symlink: bash's `cd` reads `..` as text
 * (`cd docs/up/..` is docs/), `cd -P` and every program after it ask the kernel (the folder
 * above the workspace, with `docs/up -> ..`). Where the two disagree we do not guess.
 */
function directoryAfter(command: ShellCommand, cwd: string, dir: string | undefined): string | undefined {
  const [program, target, ...rest] = command.words;
  if (program !== "cd" || dir === undefined || target === undefined || rest.length > 0 || target === "-") return undefined;
  const next = placed(cwd, dir, target);
  return next.path === next.real ? next.absolute : undefined;
}

/** More names than this from one pattern, and it is not worth placing each: it stays a pattern. */
const MAX_EXPANDED = 200;

/**
 * `shop/test/*.test.js` names what bash will expand it to, so expand it as bash would (no
 * globstar: `**` is `*`; a leading dot only matched when written) in the folder it runs in. A
 * pattern that matches nothing is passed on as it is written, by bash and here. `$X` and `~`
 * are not expanded: they stay unplaced; so does a pattern with `..` in it (`docs/up/../*.txt`):
 * the glob library reads `up/..` as text, bash lists the folder the kernel finds.
 */
function expanded(dir: string | undefined, word: string): string[] {
  if (dir === undefined || !/[*?[]/.test(word) || /[$~`{]/.test(word) || word.split("/").includes("..")) return [word];
  const pattern = word.replace(/\*\*+/g, "*");
  const found = globSync(pattern, { cwd: dir, dot: false, onlyFiles: false, expandDirectories: false, followSymbolicLinks: false });
  if (found.length === 0) return [escapeGlob(word)];
  return found.length > MAX_EXPANDED ? [word] : found.map((f) => (isAbsolute(word) ? resolve(dir, f) : f));
}

/** A name that merely holds glob characters (a pattern that matched nothing): a literal file name. */
const escapeGlob = (word: string) => word.replace(/[*?[]/g, "_");

/**
 * A file a command names, placed if it can be: `$OUT`, `~/x`, `.e*`, or a relative path where
 * the folder is not known (`base` undefined, after a `cd` we cannot follow), cannot be placed in
 * advance (`placed: false`, outside). One exception keeps `ls *.md` approvable: a pattern in a
 * known folder of the workspace, without a slash, stays in that folder.
 */
function placed(cwd: string, base: string | undefined, target: string): FileTarget & { placed: boolean } {
  const unknownBase = base === undefined && !isAbsolute(target);
  if (!/[$~*?[{`]/.test(target) && !unknownBase) return { ...fileTarget(cwd, target, base ?? cwd), placed: true };
  const localPattern = !unknownBase && !/[$~{`/]/.test(target) && isInside(resolve(cwd), resolve(base ?? cwd));
  return { target, path: undefined, real: undefined, inside: localPattern, absolute: undefined, realAbsolute: undefined, placed: false };
}

/** A file whose place the kernel's walk could not finish (a loop of links): no rule can judge it. */
export function undecidableFile(subject: CallSubject): FileTarget | undefined {
  return [...subject.reads, ...subject.edits, ...subject.writes, ...subject.named].find((f) => f.undecidable !== undefined);
}

/** Does the rule name this tool (`write_file`, `Write`)? */
function namesTool(rule: Rule, subject: CallSubject): boolean {
  return subject.names.includes(rule.name) || toolsNamed(rule.name).includes(subject.tool);
}

/** `Agent(Explore)` starts only an explore agent (Claude Code's type names are capitalised, ours are not); `Agent` any. */
function startsAgent(rule: Rule, subject: CallSubject): boolean {
  return rule.agentType === undefined || rule.agentType.toLowerCase() === subject.agentType?.toLowerCase();
}

/** A path rule hits a file when the path as written OR where it leads matches. */
function touches(rule: Rule, file: FileTarget): boolean {
  if (!rule.path) return true;
  return placesOf(file).some((place) => rule.path!(place));
}

/**
 * A command hook's `if`: the rule hits a part of the call, or a part it might hit cannot be
 * checked — a hidden command, files unknown. Undecided counts as a hit (fail closed: a guard
 * under `if: "Bash(rm *)"` must see `x=rm; $x -r dir`, and an extra run of a hook costs little).
 */
export function mayHitAnyPart(rule: Rule, subject: CallSubject): boolean {
  if (hitsAnyPart(rule, subject)) return true;
  if (rule.family === "commands") return subject.commands.some((c) => c.opaque ?? c.runsCode);
  if (rule.family === "reads") return subject.readsUnknown !== undefined;
  return false;
}

/** Deny and ask rules: does this rule hit any part of the call? */
export function hitsAnyPart(rule: Rule, subject: CallSubject): boolean {
  switch (rule.family) {
    case "commands":
      // A deny rule sees both `timeout 9 rm -rf x` and what it runs, `rm -rf x`.
      // A deny rule sees `timeout 9 /bin/rm -rf x`, what it runs (`/bin/rm -rf x`) and that program by name (`rm -rf x`).
      // ...and its options respelled: `Bash(sed -i *)` in ask also sees `sed -i.bak x` and `sed --in-place=.bak x`.
      if (rule.command) return subject.commands.some((c) => [c.text, c.core, c.words.join(" "), ...(c.respelled ?? [])].some((spelling) => rule.command!(spelling)));
      return subject.commands.length > 0 || namesTool(rule, subject);
    case "reads": {
      // A file a command names is read: `Read(./.env)` in deny also stops `cat .env` and `cat < .env`.
      const reads = [...subject.reads, ...subject.named];
      return rule.path ? reads.some((f) => touches(rule, f)) : reads.length > 0 || namesTool(rule, subject);
    }
    case "writes": {
      // A redirection is a write: `Edit(.env)` in deny also stops `echo x > .env` (and `cp x .env`).
      const writes = [...subject.edits, ...subject.writes, ...subject.named.filter((f) => f.mayWrite)];
      return rule.path ? writes.some((f) => touches(rule, f)) : writes.length > 0 || namesTool(rule, subject);
    }
    case "tool":
      // An agent type the call does not declare cannot be told apart: a deny rule hits it (fail closed).
      return namesTool(rule, subject) && (subject.agentType === undefined || startsAgent(rule, subject));
  }
}

/** An allow rule approves a file when both the path as written and where it leads match. */
function approvesFile(rule: Rule, file: FileTarget): boolean {
  if (!file.inside) return false;
  if (!rule.path) return true;
  return file.path !== undefined && file.real !== undefined && placesOf(file).every((place) => rule.path!(place));
}

/** A file as written and where it leads, each as a path rule sees it. */
function placesOf(file: FileTarget): PathPlace[] {
  return [
    { relative: file.path, absolute: file.absolute },
    { relative: file.real, absolute: file.realAbsolute },
  ];
}

/** `Read(...)` and `Edit(...)` allow any tool; `Write(...)`, `write_file(...)` only the tool named. */
function allowsTool(rule: Rule, subject: CallSubject): boolean {
  return ANY_TOOL_NAMES.has(rule.name) || namesTool(rule, subject);
}

/**
 * Allow rules: the rules that together approve every part of the call, or undefined when
 * some part is left unapproved. A command is approved on its core (wrappers removed); a file
 * only when it is in the workspace both as written and where it leads; a file a command
 * writes by redirection is an edit of it: `Bash(echo *)` runs echo, `Edit(notes/**)` (or
 * acceptEdits: `editsInside`) lets it write notes/x. A rule that names the tool without a
 * specifier (`write_file`, `Bash`) approves the whole call.
 */
export function approvingRules(rules: readonly Rule[], subject: CallSubject, options: { editsInside?: boolean } = {}): Rule[] | undefined {
  if (unapprovable(subject) || subject.writes.some((w) => !w.inside)) return undefined;
  const files = [...subject.reads, ...subject.edits];
  const wholeTool = rules.find((r) => !r.command && !r.path && r.unread === undefined && namesTool(r, subject) && startsAgent(r, subject));
  if (wholeTool) return files.every((f) => f.inside) ? [wholeTool] : undefined;

  const parts: ((r: Rule) => boolean)[] = [
    ...subject.commands.map((c) => (r: Rule) => r.family === "commands" && (!r.command || r.command(c.core)) && (!c.runsCode || approvesAnyCode(r, c.core))),
    // A redirection's file: an Edit rule, or a rule for every command (`Bash`): what runs may write.
    ...(options.editsInside ? [] : subject.writes.map((f) => (r: Rule) => (r.family === "commands" && !r.command) || (r.family === "writes" && allowsTool(r, subject) && approvesFile(r, f)))),
    ...subject.edits.map((f) => (r: Rule) => r.family === "writes" && allowsTool(r, subject) && approvesFile(r, f)),
    // Leave to change a file is leave to read it.
    ...subject.reads.map((f) => (r: Rule) => (r.family === "reads" || r.family === "writes") && allowsTool(r, subject) && approvesFile(r, f)),
  ];
  if (parts.length === 0) return undefined;
  const used = new Set<Rule>();
  for (const approves of parts) {
    const rule = rules.find(approves);
    if (!rule) return undefined;
    used.add(rule);
  }
  return [...used];
}

/**
 * Code the line carries (`node -e`, `node --test --import data:...`) is approved only by a rule
 * that approves the program with any arguments at all (`Bash(node *)`, `Bash`): `Bash(node --test *)`
 * is a yes to the test runner, not to whatever code follows it.
 */
function approvesAnyCode(rule: Rule, core: string): boolean {
  const program = core.split(" ")[0] ?? "";
  return !rule.command || rule.command(`${program} \0 any arguments`);
}

/** The call changes files and nothing else, all of them in the workspace: what acceptEdits allows. */
export function isEditInside(subject: CallSubject): boolean {
  return subject.commands.length === 0 && subject.edits.length > 0 && subject.edits.every((f) => f.inside) && !protectedPart(subject) && !subject.declaredUnapprovable;
}

/**
 * Why no allow rule may approve this call: the tool says so, one of its commands is hidden or
 * runs in an environment the line changed (`PATH=./bin cat x`), it writes outside the workspace, it names a file outside it, or it changes a protected folder.
 */
export function unapprovable(subject: CallSubject): string | undefined {
  if (subject.declaredUnapprovable) return subject.declaredUnapprovable;
  const hidden = subject.commands.find((c) => c.opaque ?? c.actsOnUnnamed ?? c.environment);
  if (hidden) return `\`${hidden.text}\`: ${hidden.opaque ?? hidden.actsOnUnnamed ?? hidden.environment}`;
  const outside = subject.writes.find((w) => w.path === undefined);
  if (outside) return `it writes to ${outside.target}, outside the workspace (or not knowable before it runs)`;
  const away = subject.named.find((f) => !f.inside);
  if (away) return `it names ${away.target}, outside the workspace (or not knowable before it runs)`;
  return protectedPart(subject)?.reason;
}

