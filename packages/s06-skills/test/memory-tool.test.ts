/**
 * save_memory as the model meets it: through `execute` (validation, the result text, the
 * screen text), and as the permission policy sees it — its writes are .memory/ paths, so
 * `Edit(...)` rules govern it like any file edit.
 */
import { readFile, rm, writeFile } from "node:fs/promises";
import path from "node:path";
import { describe, expect, it } from "vitest";
import type { ToolCall } from "@learn/core";
import { testContext, useTempWorkspace } from "@learn/core/testing";
import { parseRule } from "@learn/claude-code-files";
import { decide, policyFor, type PermissionMode } from "@learn/s03";
import { MemoryStore, saveMemoryTool } from "../src/memory/index.ts";

const ws = useTempWorkspace({ "README.md": "A workspace.\n" });

const input = { name: "Test command", description: "How to run the tests", type: "project", content: "Run `pnpm test`." };

async function setup() {
  const store = await MemoryStore.open(ws.dir);
  return { store, tool: saveMemoryTool(store), ctx: testContext(ws.dir) };
}

describe("save_memory", () => {
  it("saves, then updates, with a result the model reads and a line the screen shows", async () => {
    const { store, tool, ctx } = await setup();
    expect(await tool.execute(input, ctx)).toEqual({
      content: "Saved memory Test command to .memory/test-command.md (index: 1 memory)",
      display: "saved .memory/test-command.md (project) — How to run the tests",
      isError: false,
    });
    await tool.execute({ ...input, name: "Prefers pnpm", type: "user" }, ctx);
    expect((await tool.execute({ ...input, content: "pnpm test" }, ctx)).content).toBe(
      "Updated memory Test command in .memory/test-command.md (index: 2 memories)",
    );
    expect(store.list().map((m) => m.file)).toEqual(["prefers-pnpm.md", "test-command.md"]);
    expect(await readFile(path.join(ws.dir, ".memory", "test-command.md"), "utf8")).toContain("pnpm test");
    expect(tool.summary?.(input)).toBe("Test command (project)");
  });

  it.each([
    ["a missing content", { ...input, content: undefined }, "content: Invalid input: expected string, received undefined"],
    ["an empty content", { ...input, content: "  \n" }, "content: must not be empty"],
    ["a description on two lines", { ...input, description: "one\ntwo" }, "description: must be one line"],
    ["a description too long", { ...input, description: "x".repeat(201) }, "description: must be at most 200 characters"],
    ["an unknown type", { ...input, type: "secret" }, "type: expected one of user, feedback, project, reference"],
    ["content past the cap", { ...input, content: "x".repeat(20_001) }, "content: must be at most 20000 characters"],
  ])("refuses %s: which field and why, nothing written", async (_what, bad, message) => {
    const { tool, ctx } = await setup();
    expect(await tool.execute(bad, ctx)).toEqual({ content: `Invalid input for save_memory: ${message}`, isError: true });
    await expect(readFile(path.join(ws.dir, ".memory", "MEMORY.md"))).rejects.toThrow(/ENOENT/);
  });

  it("a .memory in the way is an error result, and the session's next save works once it is moved", async () => {
    const { tool, ctx } = await setup();
    await writeFile(path.join(ws.dir, ".memory"), "a file\n");
    const failed = await tool.execute(input, ctx);
    expect(failed.isError).toBe(true);
    expect(failed.content).toMatch(/^Error: \.memory is a file, not a folder/);
    await rm(path.join(ws.dir, ".memory"));
    expect((await tool.execute(input, ctx)).isError).toBe(false);
  });

  it("declares what it writes: the memory's file and the index, as workspace paths", async () => {
    const { tool } = await setup();
    const parsed = tool.schema.parse({ ...input, name: "../../etc/passwd" });
    expect(tool.permission?.subject?.(parsed)).toEqual({ writes: [".memory/etc-passwd.md", ".memory/MEMORY.md"] });
    expect(tool.permission?.mutating).toBe(true);
  });

  it("declares the file it will write when another memory has the slug: C# notes after C++ notes is c-notes-2.md", async () => {
    const { tool, ctx } = await setup();
    await tool.execute({ ...input, name: "C++ notes" }, ctx);
    const parsed = tool.schema.parse({ ...input, name: "C# notes" });
    expect(tool.permission?.subject?.(parsed)).toEqual({ writes: [".memory/c-notes-2.md", ".memory/MEMORY.md"] });
    expect((await tool.execute(parsed, ctx)).content).toBe("Saved memory C# notes to .memory/c-notes-2.md (index: 2 memories)");
  });

  it("its input schema is what the model sees, with the rules on each field", async () => {
    const { tool } = await setup();
    expect(tool.spec.input_schema).toMatchObject({
      type: "object",
      required: ["name", "description", "type", "content"],
      properties: { type: { enum: ["user", "feedback", "project", "reference"] }, description: { maxLength: 200 } },
    });
  });
});

describe("save_memory under the permission policy", () => {
  const decisionFor = async (rules: { deny?: string[]; allow?: string[] }, mode: PermissionMode) => {
    const { tool } = await setup();
    const call: ToolCall = { id: "toolu_1", name: tool.name, input, tool };
    const parsedRules = { deny: (rules.deny ?? []).map(parseRule), ask: [], allow: (rules.allow ?? []).map(parseRule) };
    const { policy } = policyFor({ rules: parsedRules, degraded: false }, mode, ".claude/settings.json");
    return decide(call, policy, ws.dir);
  };

  it("Edit(.memory/**) in deny denies it, whatever the mode", async () => {
    for (const mode of ["default", "acceptEdits", "bypassPermissions"] as const) {
      const d = await decisionFor({ deny: ["Edit(.memory/**)"] }, mode);
      expect(d.behavior, mode).toBe("deny");
      expect(d.reason).toMatch(/Edit\(\.memory\/\*\*\)/);
    }
  });

  it("asks by default like any edit; an allow rule for .memory/ or acceptEdits lets it through", async () => {
    expect((await decisionFor({}, "default")).behavior).toBe("ask");
    expect((await decisionFor({ allow: ["Edit(.memory/**)"] }, "default")).behavior).toBe("allow");
    expect((await decisionFor({}, "acceptEdits")).behavior).toBe("allow");
    // A rule for some other folder approves neither of its writes.
    expect((await decisionFor({ allow: ["Edit(src/**)"] }, "default")).behavior).toBe("ask");
  });
});
