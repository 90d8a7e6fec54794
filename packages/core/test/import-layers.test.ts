/**
 * Core's rooms are folders, and every arrow between them points down:
 *
 *   testing/     may import anything below it
 *   app/         the command line, the REPL, the screen: imports the simulator, runtime, platform
 *   simulator/   the offline model: imports runtime and platform
 *   runtime/     agent, kernel, tools, messages, model: imports platform
 *   platform/    secrets, paths, processes, state, the write ledger: imports nothing of core's
 *
 * The command line runs the simulator offline, and the simulator needs nothing of the command
 * line, so it stands between the runtime and the app. Every edge counts, as in the cycle test
 * (import-cycles.test.ts): `import`, `import type`, `export … from`, `import("…")`. The entry
 * points (src/index.ts, src/harness.ts) stand outside the rooms: they only list names.
 */
import path from "node:path";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";
import { importGraph, RELATIVE_SPECIFIER } from "../src/testing/import-graph.ts";

const SRC = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../src");

/** Each room, and the rooms below it that it may import (itself always). */
const MAY_IMPORT: Record<string, readonly string[]> = {
  platform: [],
  runtime: ["platform"],
  simulator: ["runtime", "platform"],
  app: ["simulator", "runtime", "platform"],
  testing: ["app", "simulator", "runtime", "platform"],
};

/** The room a file (relative to src/) is in: its first folder; undefined for an entry point. */
const roomOf = (file: string): string | undefined => (file.includes("/") ? file.split("/")[0] : undefined);

/** Every edge "a.ts → b.ts" whose target's room is neither the file's own nor one below it. */
export function upwardEdges(graph: Map<string, string[]>): string[] {
  const wrong: string[] = [];
  for (const [file, targets] of graph) {
    const room = roomOf(file);
    if (room === undefined) continue;
    const allowed = MAY_IMPORT[room];
    if (!allowed) {
      wrong.push(`${file} is in no room (${Object.keys(MAY_IMPORT).join(", ")})`);
      continue;
    }
    for (const target of targets) {
      const to = roomOf(target);
      if (to !== room && !allowed.includes(to ?? "(an entry point)")) wrong.push(`${file} → ${target}`);
    }
  }
  return wrong;
}

describe("core's rooms", () => {
  it("import only the rooms below them", () => {
    const graph = importGraph(SRC);
    expect(graph.size).toBeGreaterThan(50); // the walk found core's files
    for (const room of Object.keys(MAY_IMPORT)) expect([...graph.keys()].some((f) => roomOf(f) === room), room).toBe(true);
    expect(upwardEdges(graph)).toEqual([]);
  });

  it("the check finds an arrow pointing up, a type-only one too, and a file in no room", () => {
    const graph = graphFrom(`
      platform/secrets.ts:
      platform/paths.ts: platform/secrets.ts
      runtime/tool.ts: platform/secrets.ts app/ledger.ts
      app/ledger.ts: runtime/tool.ts simulator/load.ts
      simulator/load.ts: platform/paths.ts
      loose.ts: app/ledger.ts
    `);
    expect(upwardEdges(graph)).toEqual(["runtime/tool.ts → app/ledger.ts"]);
    graph.set("platform/paths.ts", ["runtime/tool.ts"]);
    graph.set("misc/x.ts", []);
    expect(upwardEdges(graph)).toEqual(["platform/paths.ts → runtime/tool.ts", "runtime/tool.ts → app/ledger.ts", "misc/x.ts is in no room (platform, runtime, simulator, app, testing)"]);
    const typeOnly = importGraphOf({ "platform/a.ts": 'import type { Tool } from "../runtime/tool.ts";', "runtime/tool.ts": "" });
    expect(upwardEdges(typeOnly)).toEqual(["platform/a.ts → runtime/tool.ts"]);
  });
});

/** A graph written as lines "file: target target". */
function graphFrom(text: string): Map<string, string[]> {
  const lines = text.trim().split("\n").map((l) => l.trim());
  return new Map(lines.map((line) => {
    const [file, targets] = line.split(":");
    return [file!, targets!.trim() ? targets!.trim().split(/\s+/) : []];
  }));
}

/** The edges of files given by their text, read the way the real check reads them. */
function importGraphOf(sources: Record<string, string>): Map<string, string[]> {
  return new Map(Object.entries(sources).map(([file, text]) => [
    file,
    [...text.matchAll(RELATIVE_SPECIFIER)].map((m) => path.normalize(path.join(path.dirname(file), m[1] ?? m[2]!))),
  ]));
}
