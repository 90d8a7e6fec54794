/**
 * Lesson 6's mechanisms through the real agent (the SDK, the simulator, real tools): what the
 * agent is made of; bad knowledge files reported at start while the session goes on;
 * save_memory under the permission policy; a subagent's prompt assembled for its own tools;
 * system blocks that stay byte-identical until something changes; a custom command whose
 * arguments and !`command` output are filled in before its turn.
 */
import { existsSync } from "node:fs";
import { readFile } from "node:fs/promises";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { isCommandTurn } from "@learn/core";
import type { Script } from "@learn/core/simulator";
import { scriptedAgent, scriptedModel, toolResultsOf, useTempWorkspace } from "@learn/core/testing";
import { writeSettings } from "@learn/s03/testing";
import { lesson } from "../src/index.ts";
import { toolGuidance } from "../src/prompt-cache/sections.ts";
import { bodyOf, breakpointsOf, commandBody, memoryFile, never, of, previousAnatomy, systemText, text, use, writeFiles } from "./helpers.ts";

const hi: Script = { turns: [{ content: [text("Hello.")] }] };

const SAVE = use("save_memory", {
  name: "test-command",
  type: "project",
  description: "How to run shop's tests",
  content: "Run `node --test shop/test/*.test.js` from the workspace root.",
});
const INDEX_LINE = "- [test-command](test-command.md) (project) — How to run shop's tests";

/** A command file that runs shop's suite before its turn (allowed by the practice settings' `Bash(node --test *)`). */
const SHOP_TESTS = [
  "---",
  "description: Run shop's tests, then look at one part of them",
  "argument-hint: [part]",
  "allowed-tools: Bash(true)",
  "---",
  "The shop's tests, run just now:",
  "",
  "!`node --test shop/test/*.test.js || true`",
  "",
  "Look closely at $ARGUMENTS.",
  "",
].join("\n");

describe("what the agent is made of", () => {
  const ws = useTempWorkspace({ "CLAUDE.md": "# Notes\n", ".claude/commands/shop-tests.md": SHOP_TESTS });

  it("the previous lesson's agent plus load_skill, save_memory, a hook that notes the skills loaded, four prompt sections, /memory and the workspace's commands", async () => {
    const { agent } = await scriptedAgent(lesson, hi, ws.dir);
    const previous = await previousAnatomy(ws.dir);
    expect(previous.tools.at(-1)).toBe("task");
    expect(previous.mechanisms!.at(-1)).toBe("subagents");
    expect(agent.anatomy()).toEqual({
      // skills, memory, CLAUDE.md and the prompt cache are for every agent: they come before the lead's own (subagents); custom commands are the lead's
      mechanisms: [...previous.mechanisms!.slice(0, -1), "skills", "memory", "CLAUDE.md", "prompt cache", "subagents", "custom commands"],
      grants: ["save_memory (lesson 6: save_memory writes only under .memory/)"],
      tools: [...previous.tools.slice(0, -1), "load_skill", "save_memory", "task"],
      hooks: [...previous.hooks, "loaded skills", "command-grants"],
      promptSections: [...previous.promptSections, "skills", "memory", "CLAUDE.md", "environment"],
      // memory's /memory before the subagents' /agents; the skills a person may start, too
      commands: [...previous.commands.slice(0, -1), "memory", "agents", "shop-tests", "code-review", "commit-message", "write-a-test"],
    });
    expect(agent.commands?.find((c) => c.name === "shop-tests")?.description).toBe(
      "[part]  Run shop's tests, then look at one part of them (from .claude/commands/shop-tests.md)",
    );
    // A skill's description is written for the model: /help shows one line of it, and no path of this machine.
    const review = agent.commands?.find((c) => c.name === "code-review")?.description ?? "";
    expect(review).toMatch(/^Review a change .{50,}… \(from a skill that comes with the course\)$/);
    expect(review.length).toBeLessThanOrEqual(80 + " (from a skill that comes with the course)".length);
  });
});

describe("bad knowledge files", () => {
  const ws = useTempWorkspace();

  it("a bad SKILL.md, memory file and command file are reported at start, file and reason; the session goes on without them", async () => {
    await writeFiles(ws.dir, {
      ".claude/skills/broken/SKILL.md": "---\nname: broken\n---\n",
      ".memory/broken.md": memoryFile("broken", "A memory of an unknown type", "opinion", "x"),
      ".memory/test-command.md": memoryFile("test-command", "How to run shop's tests", "project", "Run `node --test shop/test/*.test.js`."),
      ".claude/commands/empty.md": "---\ndescription: Does nothing\n---\n",
    });
    const script: Script = {
      turns: [
        { content: [use("task", { description: "Look around", prompt: "List shop's files.", subagent_type: "explore" })] },
        { agent: "explore-1", content: [text("shop/src and shop/test.")] },
        { content: [text("Done.")] },
      ],
    };
    const { agent, simulator, renderer } = await scriptedAgent(lesson, script, ws.dir);
    expect(renderer.ofKind("error").map((e) => e.text)).toEqual([
      ".claude/skills/broken/SKILL.md: skipped: it has no description and no instructions (its body is empty)",
      expect.stringMatching(/^\.memory\/broken\.md: skipped: its frontmatter is wrong: type: expected one of user, feedback, project, reference/),
      ".claude/commands/empty.md: skipped: its body, the prompt the command sends, is empty",
    ]);

    expect(await agent.run("Look around shop/.", never())).toBe("Done.");
    expect(simulator.requests.every((r) => r.status === 200)).toBe(true);
    // The good ones are there; the bad ones are not.
    const lead = systemText(simulator.requests[0]!);
    expect(lead).toContain("- write-a-test: ");
    expect(lead).not.toContain("- broken");
    expect(lead).toContain(INDEX_LINE);
    expect(agent.anatomy().commands).not.toContain("empty");
    expect(await agent.commands!.find((c) => c.name === "memory")!.run("")).toContain(
      "Not loaded:\n  .memory/broken.md: skipped: its frontmatter is wrong: type:",
    );
    // The child loads the same files and keeps quiet: the user was told once.
    const child = renderer.childNamed("explore-1 · Look around").teammateNamed("explore-1");
    expect(child.ofKind("error")).toEqual([]);
    expect(renderer.ofKind("error")).toHaveLength(3);
  });
});

describe("save_memory and the permission policy", () => {
  // No settings, so no allow rule: whatever lets save_memory through is the lesson's own grant.
  const ws = useTempWorkspace({ "README.md": "# a workspace with no settings\n" });

  /** The agent calls save_memory once, then answers; a person is at the terminal, and every question is recorded. */
  async function save(flags: Record<string, string> = {}) {
    const asked: string[] = [];
    const { model, simulator, renderer } = scriptedModel({ turns: [{ content: [SAVE] }, { content: [text("Done.")] }] });
    const agent = await lesson.createAgent({
      model,
      cwd: ws.dir,
      renderer,
      interactive: true,
      ask: async (question) => (asked.push(question), "n"),
      flags,
    });
    await agent.run("Remember how to run the tests.", never());
    return { asked, result: toolResultsOf(simulator.requests[1]!.body)[0]! };
  }

  it("default mode: it writes under .memory/ without asking", async () => {
    const { asked, result } = await save();
    expect(asked).toEqual([]);
    expect(result).toEqual({ id: expect.any(String), isError: false, content: "Saved memory test-command to .memory/test-command.md (index: 1 memory)" });
    expect(await readFile(path.join(ws.dir, ".memory/MEMORY.md"), "utf8")).toBe(`${INDEX_LINE}\n`);
  });

  it("plan mode: denied, nothing written", async () => {
    const { asked, result } = await save({ "permission-mode": "plan" });
    expect(asked).toEqual([]);
    expect(result.isError).toBe(true);
    expect(result.content).toMatch(/^Denied: plan mode: .* would change something/);
    expect(existsSync(path.join(ws.dir, ".memory"))).toBe(false);
  });

  for (const mode of ["default", "acceptEdits", "bypassPermissions"]) {
    it(`a deny rule Edit(.memory/**) holds in ${mode} mode: denied, nothing written`, async () => {
      await writeSettings(ws.dir, { permissions: { deny: ["Edit(.memory/**)"] } });
      const { asked, result } = await save({ "permission-mode": mode });
      expect(asked).toEqual([]);
      expect(result.isError).toBe(true);
      expect(result.content).toMatch(/^Denied: .*matches the rule Edit\(\.memory\/\*\*\) in permissions\.deny of /);
      expect(existsSync(path.join(ws.dir, ".memory"))).toBe(false);
    });
  }
});

describe("two memories whose names fold to the same slug", () => {
  const ws = useTempWorkspace({ "README.md": "# a workspace\n" });
  const note = (name: string, content: string) => use("save_memory", { name, type: "project", description: `${name} for shop`, content });

  it("C++ notes and C# notes are two memories in two files; saving C# notes again replaces only it", async () => {
    const script: Script = {
      turns: [
        { content: [note("C++ notes", "Build with cmake.")] },
        { content: [note("C# notes", "Build with dotnet.")] },
        { content: [note("C# notes", "Build with dotnet build -c Release.")] },
        { content: [text("Saved.")] },
      ],
    };
    const { agent, simulator } = await scriptedAgent(lesson, script, ws.dir);
    await agent.run("Remember how to build both.", never());
    expect(simulator.requests.slice(1).map((r) => toolResultsOf(r.body)[0]!.content)).toEqual([
      "Saved memory C++ notes to .memory/c-notes.md (index: 1 memory)",
      "Saved memory C# notes to .memory/c-notes-2.md (index: 2 memories)",
      "Updated memory C# notes in .memory/c-notes-2.md (index: 2 memories)",
    ]);
    expect(await readFile(path.join(ws.dir, ".memory/c-notes.md"), "utf8")).toContain("Build with cmake.");
    expect(await readFile(path.join(ws.dir, ".memory/c-notes-2.md"), "utf8")).toContain("dotnet build -c Release");
    expect(await readFile(path.join(ws.dir, ".memory/MEMORY.md"), "utf8")).toBe(
      "- [C# notes](c-notes-2.md) (project) — C# notes for shop\n- [C++ notes](c-notes.md) (project) — C++ notes for shop\n",
    );
  });
});

describe("a subagent's prompt", () => {
  const ws = useTempWorkspace();

  it("explore: tool guidance for its own tools only, no planning or subagents section, the memory and CLAUDE.md layer, breakpoints", async () => {
    await writeFiles(ws.dir, { ".memory/test-command.md": memoryFile("test-command", "How to run shop's tests", "project", "Run `node --test shop/test/*.test.js`.") });
    const script: Script = {
      turns: [
        { content: [use("task", { description: "Find the runner", prompt: "Which test runner does shop use?", subagent_type: "explore" })] },
        { agent: "explore-1", content: [use("read_file", { path: "shop/package.json" })] },
        { agent: "explore-1", expect: { lastUserIncludes: "node --test" }, content: [text("node --test (shop/package.json).")] },
        { content: [text("It uses node --test.")] },
      ],
    };
    const { agent, simulator } = await scriptedAgent(lesson, script, ws.dir);
    expect(await agent.run("Which test runner?", never())).toBe("It uses node --test.");
    expect(simulator.requests.map((r) => [r.agent, r.status])).toEqual([["lead", 200], ["explore-1", 200], ["explore-1", 200], ["lead", 200]]);

    const child = of(simulator.requests, "explore-1");
    const system = bodyOf(child[0]!).system;
    expect(system).toHaveLength(3);
    const [fixed, session, environment] = system;
    // Which tool is for what: exactly its tools — bash (read-only commands only, s05), read_file, glob and grep.
    expect(fixed!.text).toContain(toolGuidance([{ name: "bash" }, { name: "read_file" }, { name: "glob" }, { name: "grep" }]));
    expect(fixed!.text).toContain("- read_file reads a file.\n- glob finds files by name.\n- grep searches the contents of files.\n");
    for (const absent of ["edit_file", "write_file", "save_memory", "load_skill", "todo_write", "start a subagent with the task tool"]) {
      expect(systemText(child[0]!)).not.toContain(absent);
    }
    // Its own type's prompt, in the fixed layer.
    expect(fixed!.text).toContain("Explore the workspace to answer the question you are given");
    // The same memory and CLAUDE.md layer as its lead; the environment last, unmarked.
    expect(session).toEqual(bodyOf(simulator.requests[0]!).system[1]);
    expect(session!.text).toContain(INDEX_LINE);
    expect(session!.text).toContain("Instructions from CLAUDE.md");
    expect(environment).toEqual({ type: "text", text: expect.stringContaining(`- Working directory: ${ws.dir}\n`) });
    // The lead's own prompt has what the child's lacks.
    expect(systemText(simulator.requests[0]!)).toContain("- save_memory keeps a fact");
    expect(systemText(simulator.requests[0]!)).toContain("start a subagent with the task tool");

    // Its requests carry breakpoints too, and its system prompt does not move between rounds.
    for (const r of child) {
      const last = bodyOf(r).messages.length - 1;
      const blocks = bodyOf(r).messages[last]!.content;
      expect(breakpointsOf(bodyOf(r))).toEqual(["system.0", "system.1", `messages.${last}.${typeof blocks === "string" ? 0 : blocks.length - 1}`]);
    }
    expect(JSON.stringify(bodyOf(child[1]!).system)).toBe(JSON.stringify(system));
  });

  it("a memory a child saves is in its lead's next request: one store per workspace", async () => {
    const script: Script = {
      turns: [
        { content: [use("task", { description: "Note the test command", prompt: "Save how to run shop's tests as a memory." })] },
        { agent: "general-purpose-1", content: [SAVE] },
        { agent: "general-purpose-1", expect: { lastUserIncludes: "Saved memory test-command" }, content: [text("Saved.")] },
        { content: [text("Noted.")] },
      ],
    };
    const { agent, simulator } = await scriptedAgent(lesson, script, ws.dir);
    expect(await agent.run("Remember the test command.", never())).toBe("Noted.");
    const lead = of(simulator.requests, "lead");
    expect(systemText(lead[0]!)).not.toContain(INDEX_LINE);
    expect(systemText(lead[1]!)).toContain(INDEX_LINE);
  });
});

describe("system blocks across rounds", () => {
  const ws = useTempWorkspace();

  it("the same bytes round after round until a memory is saved; then the new blocks, the same again", async () => {
    const script: Script = {
      turns: [
        { content: [use("read_file", { path: "shop/src/format.js" })] },
        { content: [use("glob", { pattern: "shop/**/*.js" })] },
        { content: [SAVE] },
        { content: [use("grep", { pattern: "formatPrice", path: "shop" })] },
        { content: [use("read_file", { path: "shop/src/cart.js" })] },
        { content: [text("Done.")] },
      ],
    };
    const { agent, simulator } = await scriptedAgent(lesson, script, ws.dir);
    await agent.run("Look around, and remember the test command.", never());
    expect(simulator.requests.map((r) => r.status)).toEqual(Array(6).fill(200));
    const systems = simulator.requests.map((r) => JSON.stringify(bodyOf(r).system));
    // Requests 0-2 come before the save's result; 3-5 after it.
    expect(systems.slice(1, 3)).toEqual([systems[0], systems[0]]);
    expect(systems[3]).not.toBe(systems[2]);
    expect(systems.slice(4)).toEqual([systems[3], systems[3]]);
    // Only the memory layer changed: the first block is the same bytes all along.
    const firstBlocks = simulator.requests.map((r) => JSON.stringify(bodyOf(r).system[0]));
    expect(new Set(firstBlocks).size).toBe(1);
  });
});

describe("a custom command through the agent", () => {
  const ws = useTempWorkspace();

  it("fills $ARGUMENTS, runs its !`command` and inlines the output, then its turn runs with that prompt", async () => {
    await writeFiles(ws.dir, { ".claude/commands/shop-tests.md": SHOP_TESTS });
    const script: Script = {
      turns: [{ expect: { lastUserIncludes: "Look closely at formatPrice rounding." }, content: [text("Two tests fail.")] }],
    };
    const { agent, simulator, renderer } = await scriptedAgent(lesson, script, ws.dir);
    const result = await agent.commands!.find((c) => c.name === "shop-tests")!.run("formatPrice rounding");
    if (!isCommandTurn(result)) throw new Error(`expected a turn, got ${JSON.stringify(result)}`);

    expect(commandBody(result.prompt)).toMatch(/^The shop's tests, run just now:\n\n/);
    expect(result.prompt).not.toContain("!`");
    // The suite's real output (two of shop's tests fail on purpose: `|| true` lets the command go on).
    expect(result.prompt).toMatch(/^[#ℹ] tests 4$/m);
    expect(result.prompt).toMatch(/^[#ℹ] fail 2$/m);
    expect(result.prompt.endsWith("\n\nLook closely at formatPrice rounding.")).toBe(true);
    expect(renderer.ofKind("notice").map((n) => n.text)).toContain(`/shop-tests runs \`node --test shop/test/*.test.js || true\` in ${ws.dir}`);

    try {
      expect(await agent.run(result.prompt, never())).toBe("Two tests fail.");
    } finally {
      result.onEnd?.();
    }
    const first = bodyOf(simulator.requests[0]!).messages[0]!;
    expect(JSON.stringify(first.content)).toContain("fail 2");
  });

  it("an inline command that fails stops the command before any model call: the failure and its output, nothing sent", async () => {
    await writeFiles(ws.dir, { ".claude/commands/strict-tests.md": SHOP_TESTS.replace(" || true", "") });
    const { agent, simulator } = await scriptedAgent(lesson, hi, ws.dir);
    const run = agent.commands!.find((c) => c.name === "strict-tests")!.run("formatPrice");
    await expect(run).rejects.toThrow(/^\/strict-tests did not start: !`node --test shop\/test\/\*\.test\.js` failed with exit code 1:\n[\s\S]*^[#ℹ] fail 2$/m);
    expect(simulator.requests).toEqual([]);
  });

  it("the practice workspace's /fix-tests starts although the suite fails (its `|| true`), the failures in its prompt", async () => {
    const { agent } = await scriptedAgent(lesson, hi, ws.dir);
    const result = await agent.commands!.find((c) => c.name === "fix-tests")!.run("");
    if (!isCommandTurn(result)) throw new Error(`expected a turn, got ${JSON.stringify(result)}`);
    result.onEnd?.();
    expect(result.prompt).toMatch(/^[#ℹ] fail 2$/m);
  });

  it("an inline command the policy does not allow: nothing runs, no turn", async () => {
    await writeFiles(ws.dir, { ".claude/commands/touchy.md": "Before: !`touch canary.txt`\nThen $ARGUMENTS.\n" });
    const { agent, simulator } = await scriptedAgent(lesson, hi, ws.dir);
    await expect(agent.commands!.find((c) => c.name === "touchy")!.run("go")).rejects.toThrow(
      /^\/touchy did not start: !`touch canary\.txt` was denied: /,
    );
    expect(existsSync(path.join(ws.dir, "canary.txt"))).toBe(false);
    expect(simulator.requests).toEqual([]);
  });
});
