/**
 * Names a student's file imports that its module does not export. Under vitest such an import
 * is not an error at load time (the name is just undefined), so the mistake surfaces later as
 * "x is not a function" deep inside the lesson — or, thrown in a teammate's background loop, as
 * a check that never finishes. Checked before any check runs, it is one clear line instead.
 *
 * How: TypeScript's parser lists the file's value imports (`import type` and `type X` are types,
 * gone at run time); a probe module beside the student's file re-exports each imported module,
 * so its specifiers resolve exactly as the student's do; any imported name the probe's
 * namespaces lack is reported.
 */
import { rm, readFile, writeFile } from "node:fs/promises";
import path from "node:path";
import ts from "typescript";

export interface MissingImport {
  name: string;
  from: string;
}

/** The modules a file imports values from, and which names from each. */
export function valueImports(source: string): Map<string, string[]> {
  const file = ts.createSourceFile("student.ts", source, ts.ScriptTarget.Latest, false, ts.ScriptKind.TS);
  const imports = new Map<string, string[]>();
  for (const statement of file.statements) {
    if (!ts.isImportDeclaration(statement) || !ts.isStringLiteral(statement.moduleSpecifier)) continue;
    const clause = statement.importClause;
    if (!clause || clause.isTypeOnly) continue;
    const names: string[] = [];
    if (clause.name) names.push("default");
    const bindings = clause.namedBindings;
    if (bindings && ts.isNamedImports(bindings)) {
      for (const element of bindings.elements) if (!element.isTypeOnly) names.push((element.propertyName ?? element.name).text);
    }
    if (names.length) imports.set(statement.moduleSpecifier.text, [...(imports.get(statement.moduleSpecifier.text) ?? []), ...names]);
  }
  return imports;
}

let probes = 0;

/** What `file` imports that is not there; `load` imports a module by absolute path (vitest's import). */
export async function missingImports(file: string, load: (probe: string) => Promise<Record<string, unknown>>): Promise<MissingImport[]> {
  const imports = [...valueImports(await readFile(file, "utf8"))];
  if (imports.length === 0) return [];
  // Beside the student's file, so a package or relative specifier resolves as it does there.
  const probe = path.join(path.dirname(file), `.import-check-${process.pid}-${++probes}.ts`);
  const lines = imports.map(([from], i) => `export * as m${i} from ${JSON.stringify(from)};`);
  await writeFile(probe, `${lines.join("\n")}\n`);
  try {
    const loaded = await load(probe);
    return imports.flatMap(([from, names], i) => {
      const namespace = (loaded[`m${i}`] ?? {}) as Record<string, unknown>;
      return names.filter((name) => !(name in namespace)).map((name) => ({ name, from }));
    });
  } finally {
    await rm(probe, { force: true });
  }
}
