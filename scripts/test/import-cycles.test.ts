/**
 * No package's `src/` has an import cycle: core's rule (packages/core/test/import-cycles.test.ts),
 * for every workspace package. Every edge counts — `import`, `import type`, `export … from`,
 * `import("…")` — because a type-only cycle is still one knot a reader cannot take apart: the
 * files on it can only be read together. Only a package's own files are followed (a relative
 * specifier); other packages are leaves (their own src/ is checked on its own). The graph and
 * the walk are core's (src/testing/import-graph.ts), tested there.
 */
import { existsSync, readdirSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";
import { findCycle, importGraph } from "@learn/core/testing";

const PACKAGES = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../../packages");

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
});
