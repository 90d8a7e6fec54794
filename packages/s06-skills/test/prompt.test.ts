/**
 * The assembled system prompt and the cache breakpoints, without a model: which sections are
 * there, in what order, when they are rebuilt, and where the breakpoints go.
 */
import { defineTool, partsWith, type AgentContext, type BuildContext, type MessageParam, type SystemPrompt, type TextBlockParam } from "@learn/core";
import { testContext } from "@learn/core/testing";
import { describe, expect, it } from "vitest";
import { z } from "zod";
import { withBeforeLastMarked, withLastMarked } from "../src/prompt-cache/breakpoints.ts";
import { cachedPrompt, stableKey } from "../src/prompt-cache/assembly.ts";
import { promptCache } from "../src/prompt-cache/index.ts";
import { withLiveSection, type LiveSection } from "../src/prompt-cache/live-sections.ts";
import { adaptSections, environmentSection, localDate, toolGuidance } from "../src/prompt-cache/sections.ts";

/** The blocks a system prompt gives in this context (these tests always build blocks). */
async function blocksOf(system: SystemPrompt, ctx: AgentContext): Promise<TextBlockParam[]> {
  const value = typeof system === "function" ? await system(ctx) : system;
  if (typeof value === "string") throw new Error("expected text blocks");
  return value;
}

const tool = (name: string) => defineTool({ name, description: name, input: z.object({}), run: () => "" });

/** A live section over a value the test changes. */
function liveValue(name: string, initial: string | undefined, tools?: string[]) {
  const box = { value: initial, reads: 0 };
  const section: LiveSection<string | undefined> = {
    name,
    ...(tools ? { tools } : {}),
    state: () => (box.reads++, box.value),
    render: (value) => (value === undefined ? undefined : `${name}: ${value}`),
  };
  return { box, section };
}

const base = [
  { name: "identity", text: "You are a coding agent working in /somewhere." },
  { name: "tool guidance", text: "Use every tool." },
  { name: "planning", text: "Plan." },
];

describe("the prompt cache mechanism", () => {
  it("lays out the live sections handed over by layer, whatever order they came in, then the environment; a breakpoint on the last message", async () => {
    const memory = liveValue("memory", "- [tests](tests.md)");
    const skills = liveValue("skills", "- write-a-test");
    let parts = partsWith({ sections: base });
    parts = { ...parts, liveSections: withLiveSection(parts, "session", memory.section) };
    parts = { ...parts, liveSections: withLiveSection(parts, "stable", skills.section) };
    const built = await promptCache.add(parts, {} as BuildContext);
    expect(built.assemble!.sections).toEqual(["skills", "memory", "environment"]);
    expect(built.wrappers).toHaveLength(1);
    const blocks = await blocksOf(built.assemble!.build({ sections: base, tools: [] }), testContext("/work/ws"));
    expect(blocks.map((b) => b.text.split("\n\n").at(-1))).toEqual(["skills: - write-a-test", "memory: - [tests](tests.md)", expect.stringMatching(/^Environment:/)]);
  });
});

describe("the assembled prompt", () => {
  it("the fixed layer, the session layer, each ending in a breakpoint, then the dynamic tail; an absent section leaves no trace", () => {
    const memory = liveValue("memory", "- [tests](tests.md) — run them with node --test");
    const skills = liveValue("skills", undefined);
    const assembly = cachedPrompt({ stable: [skills.section], session: [memory.section], dynamic: [environmentSection(() => "2026-12-01")], adapt: adaptSections });
    const system = assembly.build({ sections: base, tools: [tool("read_file"), tool("bash")] });
    const blocks = typeof system === "function" ? system(testContext("/work/ws")) : system;
    expect(blocks).toEqual([
      {
        type: "text",
        text: [
          "You are a coding agent. You work in the folder named under Environment, with the tools below.",
          "Which tool is for what:\n- read_file reads a file.\n- bash runs commands: tests, scripts, git.\nPrefer the file tools to bash for files: they are safer and their results are clearer.\nCall independent reads and searches together in one response.",
          "Plan.",
        ].join("\n\n"),
        cache_control: { type: "ephemeral" },
      },
      { type: "text", text: "memory: - [tests](tests.md) — run them with node --test", cache_control: { type: "ephemeral" } },
      { type: "text", text: "Environment:\n- Working directory: /work/ws\n- Today's date: 2026-12-01" },
    ]);
    expect(assembly.sections).toEqual(["skills", "memory", "environment"]);
  });

  it("the same state returns the very same blocks; a change in it rebuilds them", async () => {
    const memory = liveValue("memory", "one");
    const system = cachedPrompt({ stable: [], session: [memory.section], dynamic: [] }).build({ sections: base, tools: [] });
    if (typeof system !== "function") throw new Error("expected a function of the context");
    const ctx = testContext("/w");
    const first = await system(ctx);
    expect(await system(ctx)).toBe(first); // same object: nothing rebuilt, the bytes cannot drift
    memory.box.value = "two";
    const second = await system(ctx);
    expect(second).not.toBe(first);
    expect(JSON.stringify(second)).toContain("memory: two");
    expect(memory.box.reads).toBe(3); // the state is read every call; the text only rebuilt once
  });

  it("a moved agent (another cwd) changes only the block after the breakpoint", async () => {
    let cwd = "/a";
    const system = cachedPrompt({ stable: [], session: [], dynamic: [environmentSection(() => "2026-12-01")] }).build({ sections: base, tools: [] });
    const ctx = Object.defineProperty(testContext("/a"), "cwd", { get: () => cwd });
    const before = await blocksOf(system, ctx);
    cwd = "/b";
    const after = await blocksOf(system, ctx);
    expect(after[0]).toEqual(before[0]);
    expect(after[1]!.text).toContain("Working directory: /b");
  });

  it("a live section that needs a tool is left out for an agent without it", async () => {
    const skills = liveValue("skills", "write-a-test", ["load_skill"]);
    const assembly = cachedPrompt({ stable: [skills.section], session: [], dynamic: [] });
    const text = async (tools: string[]) => {
      const system = assembly.build({ sections: [], tools: tools.map(tool) });
      return JSON.stringify(typeof system === "function" ? await system(testContext("/w")) : system);
    };
    expect(await text(["load_skill"])).toContain("skills: write-a-test");
    expect(await text(["read_file"])).not.toContain("skills:");
  });

  it("tool guidance names exactly the tools the agent has", () => {
    expect(toolGuidance([tool("glob"), tool("grep"), tool("read_file")])).toBe(
      "Which tool is for what:\n- glob finds files by name.\n- grep searches the contents of files.\n- read_file reads a file.\nCall independent reads and searches together in one response.",
    );
  });

  it("the key is the state as JSON with sorted keys", () => {
    expect(stableKey({ b: 1, a: { d: [2, { z: 1, y: 2 }], c: null } })).toBe('{"a":{"c":null,"d":[2,{"y":2,"z":1}]},"b":1}');
    expect(stableKey({ a: 1, b: 2 })).toBe(stableKey({ b: 2, a: 1 }));
  });

  it("today is the local date, padded", () => {
    expect(localDate(new Date(2026, 0, 5, 23, 59))).toBe("2026-01-05");
  });
});

describe("the breakpoint on the last message", () => {
  it("marks the last block of the last message, on a copy", () => {
    const messages: MessageParam[] = [
      { role: "user", content: "hi" },
      { role: "assistant", content: [{ type: "tool_use", id: "t1", name: "bash", input: {} }] },
      { role: "user", content: [{ type: "tool_result", tool_use_id: "t1", content: "ok" }, { type: "text", text: "<reminder>plan</reminder>" }] },
    ];
    const before = structuredClone(messages);
    const marked = withLastMarked(messages);
    expect(marked.slice(0, 2)).toEqual(messages.slice(0, 2));
    expect(marked[2]!.content).toEqual([
      { type: "tool_result", tool_use_id: "t1", content: "ok" },
      { type: "text", text: "<reminder>plan</reminder>", cache_control: { type: "ephemeral" } },
    ]);
    expect(messages).toEqual(before); // the conversation never keeps a breakpoint
  });

  it("a string message becomes one text block with the mark; nothing to mark, nothing marked", () => {
    expect(withLastMarked([{ role: "user", content: "go" }])).toEqual([
      { role: "user", content: [{ type: "text", text: "go", cache_control: { type: "ephemeral" } }] },
    ]);
    expect(withLastMarked([])).toEqual([]);
  });

  it("a one-off last block (a summary instruction): the mark goes on the block before it, in the same message or the one before", () => {
    const mark = { cache_control: { type: "ephemeral" } };
    const joined: MessageParam[] = [{ role: "user", content: [{ type: "text", text: "fix it" }, { type: "text", text: "Summarise." }] }];
    expect(withBeforeLastMarked(joined)).toEqual([{ role: "user", content: [{ type: "text", text: "fix it", ...mark }, { type: "text", text: "Summarise." }] }]);
    const alone: MessageParam[] = [{ role: "user", content: "go" }, { role: "assistant", content: "Done." }, { role: "user", content: "Summarise." }];
    const before = structuredClone(alone);
    expect(withBeforeLastMarked(alone)).toEqual([alone[0], { role: "assistant", content: [{ type: "text", text: "Done.", ...mark }] }, alone[2]]);
    expect(alone).toEqual(before);
    expect(withBeforeLastMarked([{ role: "user", content: "Summarise." }])).toEqual([{ role: "user", content: "Summarise." }]);
  });
});
