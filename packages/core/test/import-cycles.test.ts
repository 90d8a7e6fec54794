/**
 * Core has no import cycle. A cycle makes its files one knot a reader cannot take apart: the
 * agent runtime once imported the offline simulator for one header constant, and every file
 * on the way back (the simulator's script, the agent context, the model, the screen, the tools)
 * became part of one 13-file tangle. So every edge counts: `import`, `import type`,
 * `export … from`, and `import("…")` (a lazy import dodges a cycle at run time; it is still one).
 * Only core's own files are followed (a relative specifier); packages are leaves.
 */
import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";

const SRC = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../src");

/** `from "./x.ts"` (import, import type, export … from) and `import("./x.ts")`: the relative ones. */
const SPECIFIER = /\bfrom\s+["'](\.{1,2}\/[^"']+)["']|\bimport\(\s*["'](\.{1,2}\/[^"']+)["']\s*\)/g;

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(full);
    return entry.name.endsWith(".ts") ? [full] : [];
  });
}

/** Each file, relative to src/, and the files it imports. */
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

describe("core's imports", () => {
  it("form no cycle", () => {
    const graph = importGraph(SRC);
    expect(graph.size).toBeGreaterThan(50); // the walk found core's files
    expect(findCycle(graph)?.join(" → ")).toBeUndefined();
  });

  it("the walk finds a cycle when there is one", () => {
    const graph = new Map([
      ["model.ts", ["protocol.ts", "simulator/index.ts"]],
      ["protocol.ts", []],
      ["simulator/index.ts", ["simulator/script.ts"]],
      ["simulator/script.ts", ["agent/context.ts"]],
      ["agent/context.ts", ["model.ts"]],
    ]);
    expect(findCycle(graph)).toEqual(["agent/context.ts", "model.ts", "simulator/index.ts", "simulator/script.ts", "agent/context.ts"]);
    graph.set("simulator/script.ts", ["protocol.ts"]);
    expect(findCycle(graph)).toBeUndefined();
  });
});
