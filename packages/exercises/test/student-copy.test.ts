/** The student's copy: imports that reach back into the lesson, bodies taken out of the lesson's file. */
import { describe, expect, it } from "vitest";
import { rewriteImports } from "../src/student-copy.ts";
import { insertTodos, takeOutBodies } from "../src/take-out.ts";

describe("rewriteImports", () => {
  it("points relative imports back at the lesson, keeps packages and sibling student files", () => {
    const text = [
      'import { a } from "./tools/bash.ts";',
      'import type { B } from "../core/b.ts";',
      'import { z } from "zod";',
      'import { listDir } from "./list-dir.ts";',
      'const lazy = await import("./lazy.ts");',
    ].join("\n");
    const siblings = new Map([["/repo/packages/s02/exercises/x/solution/list-dir.ts", "/repo/exercises/x/list-dir.ts"]]);
    expect(rewriteImports(text, "/repo/packages/s02/exercises/x/solution/index.ts", "/repo/exercises/x/index.ts", siblings)).toBe(
      [
        'import { a } from "../../packages/s02/exercises/x/solution/tools/bash.ts";',
        'import type { B } from "../../packages/s02/exercises/x/core/b.ts";',
        'import { z } from "zod";',
        'import { listDir } from "./list-dir.ts";',
        'const lazy = await import("../../packages/s02/exercises/x/solution/lazy.ts");',
      ].join("\n"),
    );
  });
});

describe("takeOutBodies", () => {
  const lesson = ["/** top */", "export function idea(x: number): string {", '  const brace = "}";', "  return `${x}{`;", "}", "function helper() {", "  return 1;", "}"].join("\n");

  it("replaces the named function's body and nothing else, whatever braces its strings hold", () => {
    expect(takeOutBodies(lesson, "lesson.ts", { idea: '  throw new Error("not yet");\n' })).toBe(
      ["/** top */", "export function idea(x: number): string {", '  throw new Error("not yet");', "}", "function helper() {", "  return 1;", "}"].join("\n"),
    );
  });

  it("fails loudly when the lesson no longer has the function", () => {
    expect(() => takeOutBodies(lesson, "lesson.ts", { renamed: "" })).toThrow("lesson.ts has no function renamed to take out");
  });
});

describe("insertTodos", () => {
  const lesson = ["import x from \"x\";", "", "/** The idea. */", "export function idea(): number {", "  return 1;", "}"].join("\n");

  it("puts the TODO above the named function and its doc comment; the code stays the lesson's", () => {
    expect(insertTodos(lesson, "lesson.ts", { idea: "// TODO: return 2.\n" })).toBe(
      ["import x from \"x\";", "", "// TODO: return 2.", "/** The idea. */", "export function idea(): number {", "  return 1;", "}"].join("\n"),
    );
  });

  it("fails loudly when the lesson no longer has the function", () => {
    expect(() => insertTodos(lesson, "lesson.ts", { renamed: "// TODO" })).toThrow("lesson.ts has no function renamed to put the exercise's to-do note above");
  });
});
