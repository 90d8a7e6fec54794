/**
 * A package's import graph, read from its source text, for the checks that keep its files
 * apart: no cycle (core's test, and scripts/ for every package) and arrows only down (core's
 * rooms). Every edge counts — `import`, `import type`, `export … from`, `import("…")` — because a
 * type-only cycle is still one knot a reader cannot take apart. Only relative specifiers are
 * followed; other packages are leaves.
 */
import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";

/** `from "./x.ts"` (import, import type, export … from) and `import("./x.ts")`: the relative ones. */
export const RELATIVE_SPECIFIER = /\bfrom\s+["'](\.{1,2}\/[^"']+)["']|\bimport\(\s*["'](\.{1,2}\/[^"']+)["']\s*\)/g;

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return entry.name === "node_modules" ? [] : sourceFiles(full);
    return /\.(m|c)?[tj]s$/.test(entry.name) && !entry.name.endsWith(".d.ts") ? [full] : [];
  });
}

/** Each file under `root`, relative to it, and the files it imports. */
export function importGraph(root: string): Map<string, string[]> {
  const graph = new Map<string, string[]>();
  for (const file of sourceFiles(root)) {
    const text = readFileSync(file, "utf8");
    const targets = [...text.matchAll(RELATIVE_SPECIFIER)].map((m) => path.relative(root, path.resolve(path.dirname(file), m[1] ?? m[2]!)));
    graph.set(path.relative(root, file), targets);
  }
  return graph;
}

/** The first cycle a depth-first walk meets, as the files on it (the first one repeated at the end). */
export function findCycle(graph: Map<string, string[]>): string[] | undefined {
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
