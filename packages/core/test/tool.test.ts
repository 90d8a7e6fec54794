import { describe, expect, it } from "vitest";
import { z } from "zod";
import { MAX_OUTPUT_CHARS } from "../src/platform/cap.ts";
import { testContext } from "../src/testing/index.ts";
import { defineTool, mutates, ToolError } from "../src/runtime/tool.ts";

const ctx = testContext("/tmp");

const echo = defineTool({
  name: "echo",
  description: "Echo text back.",
  input: z.object({ text: z.string().describe("what to echo"), times: z.number().int().min(1).optional() }),
  concurrencySafe: true,
  permission: { mutating: false },
  run: ({ text, times }) => text.repeat(times ?? 1),
});

describe("defineTool", () => {
  it("generates the input_schema from the zod schema, without $schema", () => {
    expect(echo.spec.name).toBe("echo");
    expect(echo.spec.input_schema).toMatchObject({
      type: "object",
      properties: { text: { type: "string", description: "what to echo" }, times: { type: "integer", minimum: 1 } },
      required: ["text"],
    });
    expect(echo.spec.input_schema).not.toHaveProperty("$schema");
  });

  it("runs valid input", async () => {
    expect(await echo.execute({ text: "ab", times: 2 }, ctx)).toEqual({ content: "abab", isError: false });
  });

  it("turns invalid input into an error result naming the fields", async () => {
    const out = await echo.execute({ times: 0 }, ctx);
    expect(out.isError).toBe(true);
    expect(out.content).toMatch(/^Invalid input for echo: /);
    expect(out.content).toContain("text:");
    expect(out.content).toContain("times:");
  });

  it("turns a thrown error into an error result", async () => {
    const failing = defineTool({
      name: "failing",
      description: "Always fails.",
      input: z.object({}),
      run: () => {
        throw new ToolError("file not found: x.txt");
      },
    });
    expect(await failing.execute({}, ctx)).toEqual({ content: "Error: file not found: x.txt", isError: true });
    const crashing = defineTool({
      name: "crashing",
      description: "Crashes.",
      input: z.object({}),
      run: () => {
        throw new TypeError("boom");
      },
    });
    expect(await crashing.execute({}, ctx)).toEqual({ content: "TypeError: boom", isError: true });
    // What a kind of ToolError (s12's GitError) says of a call cut short by Ctrl-C: no class name then.
    class GitError extends ToolError {
      override name = "GitError";
    }
    const git = defineTool({ name: "git", description: "Fails as git.", input: z.object({}), run: () => { throw new GitError("git commit was interrupted"); } });
    const ctrlC = new AbortController();
    ctrlC.abort();
    expect(await git.execute({}, testContext("/tmp", { signal: ctrlC.signal }))).toEqual({ content: "Error: git commit was interrupted", isError: true });
  });

  it("caps the output", async () => {
    const out = await echo.execute({ text: "x", times: MAX_OUTPUT_CHARS + 10 }, ctx);
    const kept = out.content.indexOf("\n");
    expect(out.content.length).toBeLessThanOrEqual(MAX_OUTPUT_CHARS);
    expect(/^x+$/.test(out.content.slice(0, kept))).toBe(true);
    expect(out.content.endsWith(`(output truncated: ${MAX_OUTPUT_CHARS + 10 - kept} more characters)`)).toBe(true);
  });
});

describe("a tool's permission metadata (lesson 3's)", () => {
  it("is kept as declared; a tool without it is taken to change things (fail closed)", () => {
    const plain = defineTool({ name: "plain", description: "No metadata.", input: z.object({}), run: () => "ok" });
    expect(plain.permission).toBeUndefined();
    expect(mutates(plain)).toBe(true);
    expect(echo.permission).toEqual({ mutating: false });
    expect(mutates(echo)).toBe(false);
    expect(mutates(defineTool({ name: "w", description: "Writes.", input: z.object({}), permission: { mutating: true }, run: () => "ok" }))).toBe(true);
  });
});

describe("a tool's screen text", () => {
  it("run may return a display for the screen: the model reads only the content", async () => {
    const planner = defineTool({
      name: "plan",
      description: "",
      input: z.object({}),
      run: () => ({ content: "The plan is now: [ ] a", display: "[ ] a" }),
    });
    expect(await planner.execute({}, testContext("/tmp"))).toEqual({ content: "The plan is now: [ ] a", isError: false, display: "[ ] a" });
  });
});
