/**
 * Core has no import cycle. A cycle makes its files one knot a reader cannot take apart: the
 * agent runtime once imported the offline simulator for one header constant, and every file
 * on the way back (the simulator's script, the agent context, the model, the screen, the tools)
 * became part of one 13-file tangle. So every edge counts: `import`, `import type`,
 * `export … from`, and `import("…")` (a lazy import dodges a cycle at run time; it is still one).
 * Only core's own files are followed (a relative specifier); packages are leaves.
 */
import path from "node:path";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";
import { findCycle, importGraph, RELATIVE_SPECIFIER } from "../src/testing/import-graph.ts";

const SRC = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../src");

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

  it("every way of naming a file is an edge: import type, export … from, import()", () => {
    const text = `import type { A } from "./a.ts";\nimport {\n  b,\n} from "../b.ts";\nexport { c } from "./c.ts";\ntype D = typeof import("./d.ts");\nimport { z } from "zod";\n`;
    expect([...text.matchAll(RELATIVE_SPECIFIER)].map((m) => m[1] ?? m[2])).toEqual(["./a.ts", "../b.ts", "./c.ts", "./d.ts"]);
  });
});
