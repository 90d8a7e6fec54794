/**
 * Core's rooms: each entry point in package.json's `exports` (`@learn/core`, `/harness`,
 * `/simulator`, `/testing`) is a curated list, and every name on it is imported by some other
 * package (a lesson, bash-analysis, docs, site, scripts/). A name nobody outside core imports
 * is a name a reader meets for nothing: it stays inside core, and off the list.
 *
 * The imports are read with the TypeScript parser (a regex only cuts out the statements that
 * name core, so the parser reads a few lines a file, not the whole file): `import { a as b }`,
 * `import type`, `export … from`, `import("@learn/core").X` in a type, a namespace import's
 * `core.X`, and `declare module "@learn/core" { interface X }` (a lesson extending a core type)
 * all count as using the name.
 */
import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import ts from "typescript";
import { describe, expect, it } from "vitest";

const CORE = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const REPO = path.resolve(CORE, "../..");
const PACKAGE = "@learn/core";

/** `@learn/core/harness` → the file it points at, from core's package.json. */
function entryPoints(): Map<string, string> {
  const { exports } = JSON.parse(readFileSync(path.join(CORE, "package.json"), "utf8")) as { exports: Record<string, string> };
  return new Map(Object.entries(exports).map(([key, file]) => [path.posix.join(PACKAGE, key), path.join(CORE, file)]));
}

const parse = (file: string, text = readFileSync(file, "utf8")) => ts.createSourceFile(file, text, ts.ScriptTarget.Latest, true);

/** What an entry file exports, and any `export *` in it (a list no reader can see). */
function exportsOf(source: ts.SourceFile): { names: string[]; stars: string[] } {
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
 * Only what names core, cut out of a file, for the parser to read (a few lines, not the whole
 * file): imports and exports from it, `declare module` blocks for it, `import("…")` types.
 */
const CORE_STATEMENT = /^(?:import|export)\b[^;]*?["']@learn\/core(?:\/[\w-]+)?["'][^;\n]*;/gm;
const AUGMENTATION = /^declare module ["']@learn\/core(?:\/[\w-]+)?["'] \{(?:.*\}$|[\s\S]*?^\})/gm;
const IMPORT_TYPE = /\bimport\(\s*["']@learn\/core(?:\/[\w-]+)?["']\s*\)(?:\.\w+)+/g;

function coreStatements(text: string): string {
  const statements = [...text.matchAll(CORE_STATEMENT), ...text.matchAll(AUGMENTATION)].map((m) => m[0]);
  const types = [...text.matchAll(IMPORT_TYPE)].map((m, i) => `type T${i} = ${m[0]};`);
  return [...statements, ...types].join("\n");
}

/** Every specifier of core a file names, with the names it takes from it. */
function importsOf(text: string): Map<string, Set<string>> {
  const used = new Map<string, Set<string>>();
  const use = (specifier: string, name: string) => {
    if (specifier === PACKAGE || specifier.startsWith(`${PACKAGE}/`)) (used.get(specifier) ?? used.set(specifier, new Set()).get(specifier)!).add(name);
  };
  const source = ts.createSourceFile("statements.ts", coreStatements(text), ts.ScriptTarget.Latest, true);
  const visit = (node: ts.Node): void => {
    const specifier = (ts.isImportDeclaration(node) || ts.isExportDeclaration(node)) && node.moduleSpecifier && ts.isStringLiteral(node.moduleSpecifier) ? node.moduleSpecifier.text : undefined;
    if (specifier && ts.isImportDeclaration(node)) {
      const bindings = node.importClause?.namedBindings;
      if (bindings && ts.isNamedImports(bindings)) for (const e of bindings.elements) use(specifier, (e.propertyName ?? e.name).text);
      // `import * as core from "@learn/core"`: each `core.X` in the file uses X.
      if (bindings && ts.isNamespaceImport(bindings)) for (const m of text.matchAll(new RegExp(`\\b${bindings.name.text}\\.(\\w+)`, "g"))) use(specifier, m[1]!);
    } else if (specifier && ts.isExportDeclaration(node) && node.exportClause && ts.isNamedExports(node.exportClause)) {
      for (const e of node.exportClause.elements) use(specifier, (e.propertyName ?? e.name).text);
    } else if (ts.isImportTypeNode(node) && ts.isLiteralTypeNode(node.argument) && ts.isStringLiteral(node.argument.literal) && node.qualifier) {
      use(node.argument.literal.text, ts.isIdentifier(node.qualifier) ? node.qualifier.text : node.qualifier.left.getText(source));
    } else if (ts.isModuleDeclaration(node) && ts.isStringLiteral(node.name) && node.body && ts.isModuleBlock(node.body)) {
      for (const s of node.body.statements) if ((ts.isInterfaceDeclaration(s) || ts.isTypeAliasDeclaration(s)) && s.name) use(node.name.text, s.name.text);
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
  return used;
}

/** The TypeScript and JavaScript files of every package but core, and of scripts/. */
function otherPackagesFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) {
      const skip = ["node_modules", "dist", "cache"].includes(entry.name) || (entry.name.startsWith(".") && entry.name !== ".vitepress") || full === CORE;
      return skip ? [] : otherPackagesFiles(full);
    }
    return /\.(c|m)?[tj]sx?$/.test(entry.name) && !entry.name.endsWith(".d.ts") ? [full] : [];
  });
}

/** What the other packages import from each of core's specifiers. */
function importedByOthers(): Map<string, Set<string>> {
  const all = new Map<string, Set<string>>();
  for (const file of [...otherPackagesFiles(path.join(REPO, "packages")), ...otherPackagesFiles(path.join(REPO, "scripts"))]) {
    const text = readFileSync(file, "utf8");
    if (!text.includes(PACKAGE)) continue;
    for (const [specifier, names] of importsOf(text)) for (const name of names) (all.get(specifier) ?? all.set(specifier, new Set()).get(specifier)!).add(name);
  }
  return all;
}

describe("core's entry points", () => {
  const entries = entryPoints();
  const exported = new Map([...entries].map(([specifier, file]) => [specifier, exportsOf(parse(file))]));

  it("are the rooms: the runtime, the harness, the simulator, the testing helpers", () => {
    expect([...entries.keys()]).toEqual(["@learn/core", "@learn/core/harness", "@learn/core/simulator", "@learn/core/testing"]);
  });

  it("each list its names: no `export *`, and no name in two rooms", () => {
    for (const [specifier, { stars }] of exported) expect(stars, specifier).toEqual([]);
    const rooms = new Map<string, string>();
    for (const [specifier, { names }] of exported) {
      for (const name of names) {
        expect(rooms.get(name), `${name} is in ${rooms.get(name)} and ${specifier}`).toBeUndefined();
        rooms.set(name, specifier);
      }
    }
  });

  it("export only names another package imports", () => {
    const imported = importedByOthers();
    expect(imported.get(PACKAGE)?.size).toBeGreaterThan(50); // the walk found the lessons' imports
    const unused = [...exported].map(([specifier, { names }]) => [specifier, names.filter((n) => !imported.get(specifier)?.has(n))]);
    expect(Object.fromEntries(unused)).toEqual(Object.fromEntries([...entries.keys()].map((s) => [s, []])));
  });

  it("the reader of imports sees every way of naming an export", () => {
    const text = `import { a as b, type C } from "@learn/core";
import type {
  D,
} from "@learn/core/harness";
import * as sim from "@learn/core/simulator";
import { unrelated } from "zod";
export { E } from "@learn/core/testing";
type F = import("@learn/core").F;
const g = sim.G;
type H = sim.H;
declare module "@learn/core" { interface I { extra?: string } }
declare module "@learn/core" {
  interface J {
    extra?: string;
  }
}
`;
    const seen = Object.fromEntries([...importsOf(text)].map(([s, names]) => [s, [...names].sort()]));
    expect(seen).toEqual({
      "@learn/core": ["C", "F", "I", "J", "a"],
      "@learn/core/harness": ["D"],
      "@learn/core/simulator": ["G", "H"],
      "@learn/core/testing": ["E"],
    });
  });
});
