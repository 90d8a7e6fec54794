/**
 * A parser that fails to load sees nothing, and says so: every command line is then one
 * opaque command carrying the reason, never a plain one. Its caller must treat it as unknown
 * (s03 asks, in every mode while a Bash deny rule exists). The grammar is made to fail here.
 */
import { describe, expect, it, vi } from "vitest";
import { parseCommandLine } from "../src/index.ts";

vi.mock("web-tree-sitter", async (importOriginal) => {
  const real = await importOriginal<typeof import("web-tree-sitter")>();
  const Language = { load: () => Promise.reject(new Error("no grammar here")) };
  return { ...real, Language };
});

describe("when the bash parser fails to load", () => {
  it.each(["ls", "npm test && rm -rf build", "echo $(id)"])("%j is one opaque command that says why", (line) => {
    const commands = parseCommandLine(line);
    expect(commands).toHaveLength(1);
    expect(commands[0]).toMatchObject({ text: line, opaque: "the bash parser failed to load (no grammar here)" });
  });
});
