/**
 * Agent types (the files themselves are parsed in @learn/claude-code-files): matching their tool
 * names to ours, choosing the model, loading a workspace's folder, and finding a type by name.
 */
import { afterEach, describe, expect, it } from "vitest";
import { tempWorkspace, type TempWorkspace } from "@learn/core/testing";
import { tools as s02Tools } from "@learn/s02";
import { withEarlierToolPermissions } from "@learn/s03";
import { aliasTargets, modelIdFor, parseAgentFile } from "@learn/claude-code-files";
import { findAgentType, loadAgentTypes } from "../src/index.ts";
import { chooseTools } from "../src/subagents/agent-types/tool-names.ts";
import { resolveAgentType } from "../src/subagents/agent-types/load.ts";

/** s02's tools as a child gets them: with the meaning s03 gives them (their Claude Code names). */
const tools = withEarlierToolPermissions(s02Tools);

const file = (frontmatter: string, body = "You are a test agent.") => `---\n${frontmatter}\n---\n${body}\n`;

describe("tool names and models", () => {
  it("Claude Code's names map to ours through each tool's declaration; ours work too; unknown names are returned", () => {
    expect(chooseTools(["Glob", "Grep", "Read", "WebFetch", "bash", "Read", "mcp__x__y", "Bash(git add:*)"], tools)).toEqual({
      names: ["bash", "read_file", "glob", "grep"],
      unknown: ["WebFetch", "mcp__x__y"],
      withRule: ["Bash(git add:*)"],
    });
    expect(chooseTools(["Write", "Edit"], tools).names).toEqual(["write_file", "edit_file"]);
    // Subagents cannot start subagents: Task is not among a child's tools.
    expect(chooseTools(["Task"], tools)).toEqual({ names: [], withRule: [], unknown: ["Task"] });
  });

  it("inherit keeps the parent's model; an alias (any case) is its target; an explicit id is used as written", () => {
    expect([undefined, "inherit", "Inherit"].map((m) => modelIdFor(m))).toEqual([undefined, undefined, undefined]);
    expect(["sonnet", "opus", "haiku", "Haiku", "fable"].map((m) => modelIdFor(m))).toEqual(["claude-sonnet-5-5", "claude-opus-5-5", "claude-haiku-5-5", "claude-haiku-5-5", "claude-fable-5-2"]);
    expect(modelIdFor("claude-haiku-4-5")).toBe("claude-haiku-4-5");
    const elsewhere = aliasTargets({ "sonnet-model": " my-sonnet " }, "other");
    expect(["sonnet", "haiku", "x-1"].map((m) => modelIdFor(m, elsewhere))).toEqual(["my-sonnet", undefined, "x-1"]);
  });

  it("a type is read-only when every tool it has changes nothing", () => {
    const explorer = resolveAgentType(parseAgentFile(file("name: e\ndescription: d\ntools: Glob, Grep, Read, WebSearch")), "f.md", tools);
    expect(explorer).toMatchObject({ type: { tools: ["read_file", "glob", "grep"], readOnly: true }, unknownTools: ["WebSearch"] });
    const editor = resolveAgentType(parseAgentFile(file("name: w\ndescription: d\ntools: Read, Edit")), "f.md", tools);
    expect(editor.type).toMatchObject({ tools: ["read_file", "edit_file"], readOnly: false });
    const all = resolveAgentType(parseAgentFile(file("name: a\ndescription: d")), "f.md", tools);
    expect(all.type).toMatchObject({ tools: tools.map((t) => t.name), readOnly: false });
  });
});

describe("loadAgentTypes", () => {
  let ws: TempWorkspace;
  afterEach(() => ws.cleanup());

  it("the built-ins, then the workspace's files; bad files reported with the reason and skipped", async () => {
    ws = await tempWorkspace({
      ".claude/agents/reviewer.md": file("name: reviewer\ndescription: Reviews.\ntools: Read, Grep, NotebookEdit, WebFetch\nmodel: claude-test-model\ncolor: red"),
      ".claude/agents/broken.md": "no frontmatter here\n",
      ".claude/agents/twin.md": file("name: reviewer\ndescription: Another."),
      ".claude/agents/explore.md": file("name: explore\ndescription: Our own explorer.\ntools: Glob", "Explore our way."),
      ".claude/agents/notes.txt": "not an agent file",
    });
    const loaded = await loadAgentTypes(ws.dir, tools);
    expect([...loaded.types.keys()]).toEqual(["general-purpose", "explore", "reviewer"]);
    expect(loaded.types.get("reviewer")).toEqual({
      name: "reviewer",
      description: "Reviews.",
      tools: ["read_file", "grep"],
      model: "claude-test-model",
      prompt: "You are a test agent.",
      source: ".claude/agents/reviewer.md",
      readOnly: true,
    });
    expect(loaded.types.get("explore")).toMatchObject({ tools: ["glob"], prompt: "Explore our way." });
    expect(loaded.problems).toEqual([
      ".claude/agents/broken.md: skipped: it does not start with a frontmatter block (a line ---, YAML, a line ---)",
      '.claude/agents/twin.md: skipped: the name "reviewer" is taken by .claude/agents/reviewer.md',
    ]);
    expect(loaded.notices).toEqual([
      '.claude/agents/explore.md replaces the built-in agent type "explore".',
      ".claude/agents/reviewer.md: tools this harness does not have, skipped: NotebookEdit, WebFetch.",
      "Agent files: fields this course has no mechanism for, ignored: color (--check-config lists them by file).",
    ]);
  });

  it("without a .claude/agents folder: the two built-ins, no problems", async () => {
    ws = await tempWorkspace({ "README.md": "" });
    const loaded = await loadAgentTypes(ws.dir, tools);
    expect([...loaded.types.values()].map((t) => [t.name, t.tools, t.readOnly])).toEqual([
      ["general-purpose", ["bash", "read_file", "write_file", "edit_file", "glob", "grep"], false],
      ["explore", ["bash", "read_file", "glob", "grep"], true],
    ]);
    expect(loaded.problems).toEqual([]);
  });

  it("a .claude/agents that is not a folder is reported; the built-ins are still offered", async () => {
    ws = await tempWorkspace({ ".claude/agents": "a file" });
    const loaded = await loadAgentTypes(ws.dir, tools);
    expect(loaded.problems).toEqual([expect.stringMatching(/^\.claude\/agents: cannot be read \(ENOTDIR.*\); its agent types are not offered$/)]);
    expect(loaded.types.size).toBe(2);
  });

  it("finds a type by name (also ignoring case); an unknown one lists the known ones", async () => {
    ws = await tempWorkspace({ "README.md": "" });
    const { types } = await loadAgentTypes(ws.dir, tools);
    expect(findAgentType(types, "explore").name).toBe("explore");
    expect(findAgentType(types, "Explore").name).toBe("explore");
    expect(() => findAgentType(types, "planner")).toThrow('unknown subagent_type "planner". Known agent types: general-purpose, explore.');
  });
});
