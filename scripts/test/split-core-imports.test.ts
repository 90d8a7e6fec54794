/**
 * The codemod that points imports of core at their rooms (scripts/dev/split-core-imports.mjs).
 * It is run again at every merge, on files written since: so it must move every name it knows,
 * touch nothing else, give the same file on a second run, and never guess a room.
 */
import { describe, expect, it } from "vitest";
import { readRooms, rewrite, type Rooms } from "../dev/split-core-imports.mjs";

const ROOMS: Rooms = {
  specifiers: ["@learn/core", "@learn/core/harness", "@learn/core/simulator", "@learn/core/testing"],
  roomOf: new Map([
    ["defineTool", "@learn/core"],
    ["Tool", "@learn/core"],
    ["ToolCall", "@learn/core"],
    ["ToolError", "@learn/core"],
    ["main", "@learn/core/harness"],
    ["runCommand", "@learn/core/harness"],
    ["Lesson", "@learn/core/harness"],
    ["loadScript", "@learn/core/simulator"],
    ["Script", "@learn/core/simulator"],
    ["scriptedModel", "@learn/core/testing"],
    ["ScriptedToolCall", "@learn/core/testing"],
  ]),
};

/** The rewritten text (the input when nothing changes), and what went wrong. */
function run(text: string) {
  const problems: string[] = [];
  const out = rewrite("/repo/packages/s99/src/x.ts", text, ROOMS, problems);
  return { out: out ?? text, changed: out !== undefined, problems };
}

/** Rewrite, then check that a second run changes nothing. */
function once(text: string): string {
  const first = run(text);
  expect(first.problems).toEqual([]);
  expect(run(first.out)).toEqual({ out: first.out, changed: false, problems: [] });
  return first.out;
}

describe("split-core-imports", () => {
  it("moves each name to its room, values before types, and a second run changes nothing", () => {
    const text = `import { z } from "zod";\nimport { main, defineTool, type Lesson, type Tool, loadScript } from "@learn/core";\nimport { helper } from "./helper.ts";\n`;
    expect(once(text)).toBe(
      `import { z } from "zod";\nimport { defineTool, type Tool } from "@learn/core";\nimport { main, type Lesson } from "@learn/core/harness";\nimport { loadScript } from "@learn/core/simulator";\nimport { helper } from "./helper.ts";\n`,
    );
  });

  it("keeps `import type` for a room whose names are all types, and an alias", () => {
    expect(once(`import type { Tool, Lesson } from "@learn/core";\nimport { runCommand as run } from "@learn/core";\n`)).toBe(
      `import type { Tool } from "@learn/core";\nimport { runCommand as run, type Lesson } from "@learn/core/harness";\n`,
    );
  });

  it("leaves a file alone when every name already comes from its room, however it is written", () => {
    const text = `import {defineTool,type Tool} from "@learn/core";\nimport { main } from "@learn/core/harness";\n`;
    expect(run(text)).toEqual({ out: text, changed: false, problems: [] });
  });

  it("joins a moving name to the room's import already there, and leaves the rooms no name joins or leaves as they are", () => {
    const text = `import { scriptedModel } from "@learn/core/testing";\nimport { runCommand } from "@learn/core/harness";\nimport { defineTool, main } from "@learn/core";\n`;
    expect(once(text)).toBe(`import { scriptedModel } from "@learn/core/testing";\nimport { defineTool } from "@learn/core";\nimport { runCommand, main } from "@learn/core/harness";\n`);
  });

  it("writes one name a line where the import was written that way and is long, one line where it was one line", () => {
    const names = ["defineTool", "ToolError", "main", "runCommand", "type Tool", "type ToolCall", "type Lesson", "type Script"];
    const long = `import {\n${names.map((n) => `  ${n},`).join("\n")}\n} from "@learn/core";\n`;
    expect(once(long)).toBe(
      `import { defineTool, ToolError, type Tool, type ToolCall } from "@learn/core";\nimport { main, runCommand, type Lesson } from "@learn/core/harness";\nimport type { Script } from "@learn/core/simulator";\n`,
    );
    const wide = ["defineTool", "ToolError", "type Tool", "type ToolCall", ...Array.from({ length: 12 }, (_, i) => `type Tool as T${i}`)];
    const multi = once(`import {\n${wide.map((n) => `  ${n},`).join("\n")}\n  main,\n} from "@learn/core";\n`);
    expect(multi.split("\n")[0]).toBe("import {");
    expect(multi).toContain(`\n} from "@learn/core";\nimport { main } from "@learn/core/harness";\n`);
    const oneLine = once(`import { ${wide.join(", ")}, main } from "@learn/core";\n`);
    expect(oneLine.split("\n").filter(Boolean)).toHaveLength(2);
  });

  it("splits a re-export in place", () => {
    expect(once(`export type { Tool, Lesson } from "@learn/core";\n`)).toBe(`export type { Tool } from "@learn/core";\nexport type { Lesson } from "@learn/core/harness";\n`);
  });

  it("imports testing's renamed ToolCall under its old name, so the file's code is unchanged", () => {
    expect(once(`import { scriptedModel, type ToolCall } from "@learn/core/testing";\n`)).toBe(
      `import { scriptedModel, type ScriptedToolCall as ToolCall } from "@learn/core/testing";\n`,
    );
  });

  it("does not guess: a name no room exports, or an import it cannot split, is reported and the file left alone", () => {
    const unknown = run(`import { main, secretThing } from "@learn/core";\n`);
    expect(unknown.changed).toBe(false);
    expect(unknown.problems).toEqual([expect.stringMatching(/packages\/s99\/src\/x\.ts:1: no room exports secretThing \(declared in no file of core\)/)]);
    const namespace = run(`import * as core from "@learn/core";\n`);
    expect(namespace.changed).toBe(false);
    expect(namespace.problems).toEqual([expect.stringMatching(/namespace or bare import of "@learn\/core" — split it by hand/)]);
  });

  it("reads the rooms from core's package.json: four entry points, each name in one", () => {
    const rooms = readRooms();
    expect(rooms.specifiers).toEqual(ROOMS.specifiers);
    expect(rooms.roomOf.get("defineTool")).toBe("@learn/core");
    expect(rooms.roomOf.get("main")).toBe("@learn/core/harness");
    expect(rooms.roomOf.get("Simulator")).toBe("@learn/core/simulator");
    expect(rooms.roomOf.get("scriptedModel")).toBe("@learn/core/testing");
  });
});
