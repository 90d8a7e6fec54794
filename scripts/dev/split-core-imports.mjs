#!/usr/bin/env node
/**
 * Codemod: point every import of core at the room that exports the name.
 *
 * Core has four entry points (packages/core/package.json `exports`): `@learn/core` (the
 * runtime), `@learn/core/harness`, `@learn/core/simulator`, `@learn/core/testing`. Each is a
 * curated list of names (a room is a list, not a folder: behind the lists, core's files stand in
 * platform/, runtime/ and app/, and core's README says which file is where). This script reads
 * those lists, then rewrites the imports of every other package (packages/*, scripts/) so
 * that each name comes from its room:
 *
 *   import { main, defineTool, type Lesson } from "@learn/core";
 *     →
 *   import { defineTool } from "@learn/core";
 *   import { main, type Lesson } from "@learn/core/harness";
 *
 * Why a script and not a one-off edit: lessons change while the rooms are made; run it again
 * on any tree and it fixes what is new. It is idempotent — a file whose every name already
 * comes from its room is not touched (not even re-formatted).
 *
 *   node scripts/dev/split-core-imports.mjs           rewrite in place
 *   node scripts/dev/split-core-imports.mjs --check   change nothing; exit 1 if a file would change
 *
 * A name no room exports (a lesson imports something core keeps inside) is not guessed at:
 * the file is left alone, the name and the core file that declares it are printed, and the
 * script exits 1 — add the name to the right entry point, then run it again.
 */
import { readdirSync, readFileSync, writeFileSync } from "node:fs";
import { createRequire } from "node:module";
import path from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";

const REPO = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../..");
const CORE = path.join(REPO, "packages/core");
const PACKAGE = "@learn/core";
const ts = createRequire(path.join(REPO, "package.json"))("typescript");

/**
 * Names a room renamed so that no two rooms export the same name: an import of the old name
 * from that room becomes the new name under the old one (`type ScriptedToolCall as ToolCall`),
 * so the file's code is unchanged. (The runtime's `ToolCall` is the kernel's, a hook's call.)
 */
const RENAMED = { "@learn/core/testing": { ToolCall: "ScriptedToolCall" } };

/** A single-line import longer than this is written one name a line. */
const MAX_LINE = 120;

const parse = (file, text = readFileSync(file, "utf8")) => ts.createSourceFile(file, text, ts.ScriptTarget.Latest, true);

/** Each room's specifier, in package.json's order, and the names it exports. */
export function readRooms() {
  const { exports } = JSON.parse(readFileSync(path.join(CORE, "package.json"), "utf8"));
  const specifiers = [];
  const roomOf = new Map();
  for (const [key, file] of Object.entries(exports)) {
    const specifier = path.posix.join(PACKAGE, key);
    specifiers.push(specifier);
    for (const statement of parse(path.join(CORE, file)).statements) {
      if (!ts.isExportDeclaration(statement)) continue;
      if (!statement.exportClause) throw new Error(`${file}: \`export *\` in an entry point — list the names`);
      for (const element of statement.exportClause.elements) {
        const name = element.name.text;
        if (roomOf.has(name)) throw new Error(`${name} is exported by ${roomOf.get(name)} and ${specifier}: a name lives in one room`);
        roomOf.set(name, specifier);
      }
    }
  }
  return { specifiers, roomOf };
}

/** Every file of packages/* (but core) and scripts/ that may import core. */
function sourceFiles(dir) {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) {
      const skip = ["node_modules", "dist", "cache"].includes(entry.name) || (entry.name.startsWith(".") && entry.name !== ".vitepress") || full === CORE;
      return skip ? [] : sourceFiles(full);
    }
    return /\.(c|m)?[tj]sx?$/.test(entry.name) && !entry.name.endsWith(".d.ts") ? [full] : [];
  });
}

/** Which file of core declares `name` (for the message when no room exports it). */
function declaredIn(name) {
  const pattern = new RegExp(`^export (declare )?(async )?(function\\*?|const|let|class|interface|type|enum|abstract class) +${name}\\b`, "m");
  const walk = (dir) =>
    readdirSync(dir, { withFileTypes: true }).flatMap((e) => (e.isDirectory() ? walk(path.join(dir, e.name)) : e.name.endsWith(".ts") ? [path.join(dir, e.name)] : []));
  const file = walk(path.join(CORE, "src")).find((f) => pattern.test(readFileSync(f, "utf8")));
  return file ? path.relative(REPO, file) : "no file of core";
}

/** `a`, `a as b`, with `type ` in front when the name is a type. */
const nameText = (n, inline) => `${inline && n.typeOnly ? "type " : ""}${n.name}${n.alias ? ` as ${n.alias}` : ""}`;

/**
 * One import declaration for a room: `import type` when every name is a type, values before
 * types, and one name a line when the names came from a declaration written that way and the
 * line would pass MAX_LINE.
 */
function declarationFor(specifier, names, multiLine) {
  const ordered = [...names.filter((n) => !n.typeOnly), ...names.filter((n) => n.typeOnly)];
  const allTypes = names.every((n) => n.typeOnly);
  const keyword = allTypes ? "import type" : "import";
  const parts = ordered.map((n) => nameText(n, !allTypes));
  const line = `${keyword} { ${parts.join(", ")} } from "${specifier}";`;
  if (!multiLine || line.length <= MAX_LINE) return line;
  return `${keyword} {\n${parts.map((p) => `  ${p},`).join("\n")}\n} from "${specifier}";`;
}

/**
 * The new text of a file, or undefined when it needs no change. Problems (a name no room
 * exports, an import the script cannot split) are pushed to `problems`; the file is then left alone.
 */
export function rewrite(file, text, rooms, problems) {
  const source = parse(file, text);
  const isRoom = (s) => rooms.specifiers.includes(s);
  const declarations = [];
  const reExports = [];
  const names = [];
  const where = (node) => `${path.relative(REPO, file)}:${source.getLineAndCharacterOfPosition(node.getStart()).line + 1}`;
  const before = problems.length;

  for (const statement of source.statements) {
    const specifier = statement.moduleSpecifier && ts.isStringLiteral(statement.moduleSpecifier) ? statement.moduleSpecifier.text : undefined;
    if (!specifier || !isRoom(specifier)) {
      if (ts.isModuleDeclaration(statement) && ts.isStringLiteral(statement.name) && isRoom(statement.name.text) && statement.body) {
        // `declare module "@learn/core" { interface AgentContext … }`: the interface must be in that room.
        for (const s of statement.body.statements) {
          const room = s.name && rooms.roomOf.get(s.name.text);
          if (room && room !== statement.name.text) problems.push(`${where(s)}: extends ${s.name.text} in "${statement.name.text}", but ${room} exports it`);
        }
      }
      continue;
    }
    if (ts.isExportDeclaration(statement)) {
      if (!statement.exportClause || !ts.isNamedExports(statement.exportClause)) problems.push(`${where(statement)}: \`export * from "${specifier}"\` — list the names`);
      else reExports.push(statement);
      continue;
    }
    if (!ts.isImportDeclaration(statement)) continue;
    const clause = statement.importClause;
    if (!clause || clause.name || !clause.namedBindings || !ts.isNamedImports(clause.namedBindings)) {
      problems.push(`${where(statement)}: a default, namespace or bare import of "${specifier}" — split it by hand`);
      continue;
    }
    declarations.push(statement);
    for (const element of clause.namedBindings.elements) {
      const imported = (element.propertyName ?? element.name).text;
      const renamed = rooms.roomOf.get(imported) !== specifier ? RENAMED[specifier]?.[imported] : undefined;
      const name = renamed ?? imported;
      const alias = element.propertyName || renamed ? element.name.text : undefined;
      const room = rooms.roomOf.get(name);
      if (!room) problems.push(`${where(statement)}: no room exports ${name} (declared in ${declaredIn(name)}) — add it to an entry point`);
      names.push({ name, alias, typeOnly: clause.isTypeOnly || element.isTypeOnly, from: specifier, room, renamed: renamed !== undefined });
    }
  }
  const exported = reExports.map((statement) => ({ statement, names: exportedNames(statement, rooms, problems, where) }));
  if (problems.length > before) return undefined;
  const moves = (list) => list.some((n) => n.room !== n.from || n.renamed);
  if (!moves(names) && !exported.some((e) => moves(e.names))) return undefined;
  const edits = exported.filter((e) => moves(e.names)).map((e) => ({ node: e.statement, text: splitReExport(e.statement, e.names, rooms) }));
  if (moves(names)) edits.push(...importEdits(declarations, names, rooms));
  // From the end of the file backwards, so that each edit's positions still hold.
  let out = text;
  for (const edit of edits.sort((a, b) => b.node.getStart(source) - a.node.getStart(source))) {
    const start = edit.node.getStart(source);
    const end = edit.text === "" && out[edit.node.end] === "\n" ? edit.node.end + 1 : edit.node.end;
    out = out.slice(0, start) + edit.text + out.slice(end);
  }
  return out;
}

/** The names of `export { … } from "<room>"`, each with the room that exports it. */
function exportedNames(statement, rooms, problems, where) {
  const from = statement.moduleSpecifier.text;
  return statement.exportClause.elements.map((element) => {
    const name = (element.propertyName ?? element.name).text;
    const room = rooms.roomOf.get(name);
    if (!room) problems.push(`${where(statement)}: no room exports ${name} (declared in ${declaredIn(name)}) — add it to an entry point`);
    return { name, alias: element.propertyName ? element.name.text : undefined, typeOnly: statement.isTypeOnly || element.isTypeOnly, from, room };
  });
}

/** `export { a, b } from "@learn/core"` as one re-export per room, in place. */
function splitReExport(statement, names, rooms) {
  const multiLine = statement.getText().includes("\n");
  return rooms.specifiers
    .map((specifier) => names.filter((n) => n.room === specifier))
    .filter((inRoom) => inRoom.length > 0)
    .map((inRoom) => declarationFor(inRoom[0].room, inRoom, multiLine).replace(/^import/, "export"))
    .join("\n");
}

/**
 * The imports of the rooms a moving name leaves or joins, regrouped by room (in package.json's
 * order) where the first of them was; the others go. Imports of rooms no name leaves or joins
 * are left as they are. A name imported twice is kept once, as a value if it ever was one.
 */
function importEdits(declarations, names, rooms) {
  const affected = new Set(names.filter((n) => n.room !== n.from || n.renamed).flatMap((n) => [n.room, n.from]));
  const touched = declarations.filter((d) => affected.has(d.moduleSpecifier.text));
  const multiLine = touched.some((d) => d.getText().includes("\n"));
  const replacement = rooms.specifiers
    .filter((specifier) => affected.has(specifier))
    .map((specifier) => {
      const inRoom = [];
      for (const n of names.filter((m) => m.room === specifier)) {
        const same = inRoom.find((m) => m.name === n.name && m.alias === n.alias);
        if (same) same.typeOnly &&= n.typeOnly;
        else inRoom.push({ ...n });
      }
      return inRoom.length > 0 ? declarationFor(specifier, inRoom, multiLine) : undefined;
    })
    .filter((text) => text !== undefined)
    .join("\n");
  return touched.map((node, i) => ({ node, text: i === 0 ? replacement : "" }));
}

function main() {
  const check = process.argv.includes("--check");
  const rooms = readRooms();
  const problems = [];
  const changed = [];
  for (const file of [...sourceFiles(path.join(REPO, "packages")), ...sourceFiles(path.join(REPO, "scripts"))]) {
    const text = readFileSync(file, "utf8");
    if (!text.includes(PACKAGE)) continue;
    const next = rewrite(file, text, rooms, problems);
    if (next === undefined || next === text) continue;
    changed.push(path.relative(REPO, file));
    if (!check) writeFileSync(file, next);
  }
  for (const file of changed) process.stdout.write(`${check ? "would rewrite" : "rewrote"} ${file}\n`);
  process.stdout.write(`${changed.length} file(s) ${check ? "to rewrite" : "rewritten"}.\n`);
  for (const problem of problems) process.stderr.write(`${problem}\n`);
  if (problems.length > 0 || (check && changed.length > 0)) process.exit(1);
}

// Run, unless imported (scripts/test/split-core-imports.test.ts tests rewrite on its own).
if (import.meta.url === pathToFileURL(process.argv[1] ?? "").href) main();
