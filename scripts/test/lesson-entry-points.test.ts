/**
 * Each lesson's `src/index.ts` is a list a reader can see, and every name on it is used outside
 * the lesson: by a later lesson, an exercise, the docs, the site, scripts/, another package's
 * tests. A name only the lesson itself uses is a name a reader meets for nothing: its own files
 * and tests import it from the file that defines it. Core's entry points keep the same rule
 * (packages/core/test/entry-points.test.ts).
 *
 * `lesson` and `mechanisms` are always used: the docs load them by path
 * (packages/docs/src/discover.ts), and `main.ts` starts the lesson from `lesson`.
 * A lesson's `exercises/` folder counts as outside it (an exercise's checks are not the lesson),
 * and its checks also load the index by path, as the student's files make the lesson:
 * `t.lesson<S02>("src/index.ts")` reads the members of `S02`. An exercise's solution patch is
 * exercise code too: the lines it adds count.
 */
import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import ts from "typescript";
import { describe, expect, it } from "vitest";

const REPO = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../..");
const PACKAGES = path.join(REPO, "packages");
/** What the docs and `main.ts` load from every lesson by path, never by a named import. */
const LOADED_BY_PATH = ["lesson", "mechanisms"];


interface Lesson {
  name: string;
  dir: string;
  index: string;
}

function lessons(): Lesson[] {
  return readdirSync(PACKAGES)
    .filter((dir) => /^s\d\d-/.test(dir))
    .map((dir) => {
      const { name } = JSON.parse(readFileSync(path.join(PACKAGES, dir, "package.json"), "utf8")) as { name: string };
      return { name, dir: path.join(PACKAGES, dir), index: path.join(PACKAGES, dir, "src", "index.ts") };
    });
}

/** What an entry file exports, and any `export *` in it (a list no reader can see). */
function exportsOf(file: string): { names: string[]; stars: string[] } {
  const source = ts.createSourceFile(file, readFileSync(file, "utf8"), ts.ScriptTarget.Latest, true);
  const names: string[] = [];
  const stars: string[] = [];
  for (const statement of source.statements) {
    if (ts.isExportDeclaration(statement)) {
      if (statement.exportClause && ts.isNamedExports(statement.exportClause)) names.push(...statement.exportClause.elements.map((e) => e.name.text));
      else stars.push(statement.getText(source));
    } else if (ts.canHaveModifiers(statement) && ts.getModifiers(statement)?.some((m) => m.kind === ts.SyntaxKind.ExportKeyword)) {
      const declared = (statement as ts.DeclarationStatement).name;
      if (declared && ts.isIdentifier(declared)) names.push(declared.text);
      if (ts.isVariableStatement(statement)) names.push(...statement.declarationList.declarations.map((d) => d.name.getText(source)));
    }
  }
  return { names, stars };
}

/**
 * Only the statements that can name a lesson's entry, cut out for the parser (a few lines a
 * file): imports and exports of `@learn/sNN` or of a path to some `src/index.ts`, and
 * `import("…").X` types.
 */
const ENTRY = String.raw`(?:@learn\/s\d\d|[./\w-]*\/src\/index\.ts)`;
const STATEMENT = new RegExp(String.raw`^(?:import|export)\b[^;]*?["']${ENTRY}["'][^;\n]*;`, "gm");
const IMPORT_TYPE = new RegExp(String.raw`\bimport\(\s*["']${ENTRY}["']\s*\)(?:\.\w+)+`, "g");

/** Each specifier of a lesson's entry a file names (`@learn/s05`, `../../s05-subagent/src/index.ts`), with the names it takes. */
function importsOf(text: string): Map<string, Set<string>> {
  const used = new Map<string, Set<string>>();
  const use = (specifier: string, name: string) => (used.get(specifier) ?? used.set(specifier, new Set()).get(specifier)!).add(name);
  const cut = [...[...text.matchAll(STATEMENT)].map((m) => m[0]), ...[...text.matchAll(IMPORT_TYPE)].map((m, i) => `type T${i} = ${m[0]};`)].join("\n");
  const source = ts.createSourceFile("statements.ts", cut, ts.ScriptTarget.Latest, true);
  const visit = (node: ts.Node): void => {
    const specifier = (ts.isImportDeclaration(node) || ts.isExportDeclaration(node)) && node.moduleSpecifier && ts.isStringLiteral(node.moduleSpecifier) ? node.moduleSpecifier.text : undefined;
    if (specifier && ts.isImportDeclaration(node)) {
      const bindings = node.importClause?.namedBindings;
      if (bindings && ts.isNamedImports(bindings)) for (const e of bindings.elements) use(specifier, (e.propertyName ?? e.name).text);
      // `import * as s05 from "@learn/s05"`: each `s05.X` in the file uses X.
      if (bindings && ts.isNamespaceImport(bindings)) for (const m of text.matchAll(new RegExp(`\\b${bindings.name.text}\\.(\\w+)`, "g"))) use(specifier, m[1]!);
    } else if (specifier && ts.isExportDeclaration(node) && node.exportClause && ts.isNamedExports(node.exportClause)) {
      for (const e of node.exportClause.elements) use(specifier, (e.propertyName ?? e.name).text);
    } else if (ts.isImportTypeNode(node) && ts.isLiteralTypeNode(node.argument) && ts.isStringLiteral(node.argument.literal) && node.qualifier) {
      use(node.argument.literal.text, ts.isIdentifier(node.qualifier) ? node.qualifier.text : node.qualifier.left.getText(source));
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
  return used;
}

/**
 * The names an exercise's checks read from `t.lesson<T>("src/index.ts")`: the members of T, an
 * interface or type literal (a `typeof import(…)` T needs nothing here: the type check sees it).
 */
function loadedByChecks(text: string): string[] {
  if (!text.includes('"src/index.ts")')) return [];
  const source = ts.createSourceFile("checks.ts", text, ts.ScriptTarget.Latest, true);
  const declared = new Map<string, ts.NodeArray<ts.TypeElement>>();
  const loads: ts.TypeNode[] = [];
  const visit = (node: ts.Node): void => {
    if (ts.isInterfaceDeclaration(node)) declared.set(node.name.text, node.members);
    else if (ts.isTypeAliasDeclaration(node) && ts.isTypeLiteralNode(node.type)) declared.set(node.name.text, node.type.members);
    else if (ts.isCallExpression(node) && ts.isPropertyAccessExpression(node.expression) && node.expression.name.text === "lesson") {
      const [file] = node.arguments;
      if (file && ts.isStringLiteral(file) && file.text === "src/index.ts" && node.typeArguments?.[0]) loads.push(node.typeArguments[0]);
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
  const membersOf = (type: ts.TypeNode) => (ts.isTypeLiteralNode(type) ? type.members : ts.isTypeReferenceNode(type) && ts.isIdentifier(type.typeName) ? declared.get(type.typeName.text) : undefined);
  return loads.flatMap((type) => [...(membersOf(type) ?? [])].flatMap((m) => (m.name && ts.isIdentifier(m.name) ? [m.name.text] : [])));
}

/** The TypeScript and JavaScript files under a folder, and the exercises' solution patches. */
function codeFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return ["node_modules", "dist", "cache"].includes(entry.name) || (entry.name.startsWith(".") && entry.name !== ".vitepress") ? [] : codeFiles(full);
    return /\.((c|m)?[tj]sx?|patch)$/.test(entry.name) && !entry.name.endsWith(".d.ts") ? [full] : [];
  });
}

/** A file's code: a patch's added lines (a solution's imports), any other file whole. */
function codeOf(file: string): string {
  const text = readFileSync(file, "utf8");
  if (!file.endsWith(".patch")) return text;
  return text
    .split("\n")
    .filter((line) => line.startsWith("+") && !line.startsWith("+++"))
    .map((line) => line.slice(1))
    .join("\n");
}

/** For each lesson's entry file, the names imported from it by files outside the lesson's own src/ and test/. */
function importedFromOutside(all: Lesson[]): Map<string, Set<string>> {
  const byName = new Map(all.map((l) => [l.name, l]));
  const used = new Map(all.map((l) => [l.index, new Set<string>()]));
  // This file is left out: its examples name lessons' entries too.
  const files = [...codeFiles(PACKAGES), ...codeFiles(path.join(REPO, "scripts"))].filter((file) => file !== fileURLToPath(import.meta.url));
  for (const file of files) {
    const text = codeOf(file);
    const checked = all.find((l) => file.startsWith(path.join(l.dir, "exercises") + path.sep));
    if (checked) for (const name of loadedByChecks(text)) used.get(checked.index)!.add(name);
    for (const [specifier, names] of importsOf(text)) {
      const index = specifier.startsWith(".") ? path.resolve(path.dirname(file), specifier) : byName.get(specifier)?.index;
      const lesson = all.find((l) => l.index === index);
      if (!lesson) continue;
      const own = [path.join(lesson.dir, "src"), path.join(lesson.dir, "test")].some((dir) => file.startsWith(dir + path.sep));
      if (!own) for (const name of names) used.get(lesson.index)!.add(name);
    }
  }
  return used;
}

describe("each lesson's src/index.ts", () => {
  const all = lessons();
  const exported = new Map(all.map((l) => [l, exportsOf(l.index)]));

  it("lists its names: no `export *`", () => {
    expect(all.length).toBeGreaterThanOrEqual(17); // the walk found the lessons
    const stars = Object.fromEntries([...exported].map(([l, { stars }]) => [l.name, stars]));
    expect(stars).toEqual(Object.fromEntries(all.map((l) => [l.name, []])));
  });

  it("exports only names used outside the lesson", () => {
    const used = importedFromOutside(all);
    expect(used.get(all.find((l) => l.name === "@learn/s03")!.index)?.size).toBeGreaterThan(10); // the walk found later lessons' imports
    const unused = [...exported].map(([l, { names }]) => {
      const keep = new Set(LOADED_BY_PATH);
      return [l.name, names.filter((n) => !keep.has(n) && !used.get(l.index)!.has(n))];
    });
    expect(Object.fromEntries(unused)).toEqual(Object.fromEntries(all.map((l) => [l.name, []])));
  });

  it("export every name used outside the lesson (a solution patch is not type-checked: this is its check)", () => {
    const used = importedFromOutside(all);
    const missing = [...exported].map(([l, { names }]) => [l.name, [...used.get(l.index)!].filter((n) => !names.includes(n)).sort()]);
    expect(Object.fromEntries(missing)).toEqual(Object.fromEntries(all.map((l) => [l.name, []])));
  });

  it("the reader of imports sees a lesson named by package or by path", () => {
    const text = `import { a as b, type C } from "@learn/s05";
import type {
  D,
} from "../../s06-skills/src/index.ts";
import * as s07 from "@learn/s07";
import { unrelated } from "@learn/core";
export { E } from "@learn/s08";
type F = import("@learn/s05").F;
const g = s07.G;
`;
    const seen = Object.fromEntries([...importsOf(text)].map(([s, names]) => [s, [...names].sort()]));
    expect(seen).toEqual({ "@learn/s05": ["C", "F", "a"], "../../s06-skills/src/index.ts": ["D"], "@learn/s07": ["G"], "@learn/s08": ["E"] });
  });

  it("an exercise's checks read the members of the type they load the index as", () => {
    const text = `interface S02 { lesson: Lesson; readFileTool: Tool }
type Loop = { agentLoop(o: object): Promise<string> };
const a = await t.lesson<S02>("src/index.ts");
const b = await t.lesson<{ tools: Tool[] }>("src/index.ts");
const c = await t.lesson<Loop>("src/loop.ts");
`;
    expect(loadedByChecks(text).sort()).toEqual(["lesson", "readFileTool", "tools"]);
  });
});
