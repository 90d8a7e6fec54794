/**
 * No package's `src/` has an import cycle: core's rule (packages/core/test/import-cycles.test.ts),
 * for every workspace package. Every edge counts — `import`, `import type`, `export … from`,
 * `import("…")` — because a type-only cycle is still one knot a reader cannot take apart: the
 * files on it can only be read together. Only a package's own files are followed (a relative
 * specifier); other packages are leaves (their own src/ is checked on its own).
 */
import { existsSync, readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";

const PACKAGES = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../../packages");


/** `from "./x.ts"` (import, import type, export … from) and `import("./x.ts")`: the relative ones. */
const SPECIFIER = /\bfrom\s+["'](\.{1,2}\/[^"']+)["']|\bimport\(\s*["'](\.{1,2}\/[^"']+)["']\s*\)/g;

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return entry.name === "node_modules" ? [] : sourceFiles(full);
    return /\.(m|c)?[tj]s$/.test(entry.name) && !entry.name.endsWith(".d.ts") ? [full] : [];
  });
}

/** Each file, relative to the root, and the files it imports. */
function importGraph(root: string): Map<string, string[]> {
  const graph = new Map<string, string[]>();
  for (const file of sourceFiles(root)) {
    const text = readFileSync(file, "utf8");
    const targets = [...text.matchAll(SPECIFIER)].map((m) => path.relative(root, path.resolve(path.dirname(file), m[1] ?? m[2]!)));
    graph.set(path.relative(root, file), targets);
  }
  return graph;
}

/** The first cycle a depth-first walk meets, as the files on it (the first one repeated at the end). */
function findCycle(graph: Map<string, string[]>): string[] | undefined {
  const done = new Set<string>();
  const walk = (file: string, trail: string[]): string[] | undefined => {
    const at = trail.indexOf(file);
    if (at >= 0) return [...trail.slice(at), file];
    if (done.has(file) || !graph.has(file)) return undefined;
    for (const next of graph.get(file)!) {
      const cycle = walk(next, [...trail, file]);
      if (cycle) return cycle;
    }
    done.add(file);
    return undefined;
  };
  for (const file of [...graph.keys()].sort()) {
    const cycle = walk(file, []);
    if (cycle) return cycle;
  }
  return undefined;
}

describe("every package's src/", () => {
  const packages = readdirSync(PACKAGES).filter((dir) => existsSync(path.join(PACKAGES, dir, "src")));

  it("forms no import cycle", () => {
    expect(packages.length).toBeGreaterThan(20); // the walk found the packages
    const cycles = Object.fromEntries(
      packages.map((dir) => {
        const graph = importGraph(path.join(PACKAGES, dir, "src"));
        return [dir, findCycle(graph)?.join(" → ")];
      }),
    );
    expect(cycles).toEqual(Object.fromEntries(packages.map((dir) => [dir, undefined])));
  });

  it("the walk finds a cycle when there is one, `import type` included", () => {
    const root = path.join(PACKAGES, "s10-teams", "src");
    expect(importGraph(root).size).toBeGreaterThan(5); // it reads a real package's files
    const graph = new Map([
      ["team/index.ts", ["team/roster.ts"]],
      ["team/roster.ts", ["teammate/teammate.ts"]],
      ["teammate/teammate.ts", ["team/index.ts"]],
      ["inbox/inbox.ts", []],
    ]);
    expect(findCycle(graph)).toEqual(["team/index.ts", "team/roster.ts", "teammate/teammate.ts", "team/index.ts"]);
    graph.set("teammate/teammate.ts", ["inbox/inbox.ts"]);
    expect(findCycle(graph)).toBeUndefined();
  });

  it("every way of naming a file is an edge: import type, export … from, import()", () => {
    const text = `import type { A } from "./a.ts";\nimport {\n  b,\n} from "../b.ts";\nexport { c } from "./c.ts";\ntype D = typeof import("./d.ts");\nimport { z } from "zod";\n`;
    expect([...text.matchAll(SPECIFIER)].map((m) => m[1] ?? m[2])).toEqual(["./a.ts", "../b.ts", "./c.ts", "./d.ts"]);
  });
});
