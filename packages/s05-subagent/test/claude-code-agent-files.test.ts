/**
 * Agent files read as Claude Code (2.1.328) reads them — `.claude/agents/`,
 * each through the loader, and the behaviours (permissionMode, maxTurns, a name that is not a
 * plain word) through the agent on scripted sessions:
 *
 *   frontmatter    YAML with a second `: ` loads (forgiven); YAML that cannot be read is refused
 *   name           any name Claude Code accepts; children's ids stay safe for headers and files
 *   permissionMode the child's mode, weighed against the parent's (Claude Code's rule)
 *   maxTurns       the child's budget of model calls
 *   tools          split on commas and spaces outside parentheses; none known here: refused
 *   other fields   the file loads, each field named as ignored (once at start-up, and by file)
 *   precedence     built-in < user (~/.claude/agents) < project (.claude/agents)
 */
import { existsSync } from "node:fs";
import path from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { tempWorkspace, scriptedAgent, toolResultsOf, type TempWorkspace } from "@learn/core/testing";
import { tools as s02Tools } from "@learn/s02";
import { withEarlierToolPermissions } from "@learn/s03";
import { parseAgentFile } from "@learn/claude-code-files";
import { lesson, loadAgentTypes } from "../src/index.ts";
import { checkAgents } from "../src/subagents/agent-types/check.ts";
import { shownUserDir } from "../src/subagents/agent-types/load.ts";
import { agentFile, never, taskCall, text, use } from "./helpers.ts";

const tools = withEarlierToolPermissions(s02Tools);
const file = (frontmatter: string, body = "You are a test agent.") => `---\n${frontmatter}\n---\n${body}\n`;

let ws: TempWorkspace;
afterEach(() => ws.cleanup());

describe("agent files, through the loader", () => {
  it("frontmatter Claude Code forgives loads (a second `: `); frontmatter it cannot read is refused, the YAML problem as the reason", async () => {
    ws = await tempWorkspace({
      // Anthropic's plugin agents write descriptions like this one: not strict YAML.
      ".claude/agents/forgiven.md": file("name: forgiven\ndescription: Use when: the user asks for a review\nmodel: sonnet"),
      ".claude/agents/unreadable.md": file("name: unreadable\n  description: d\n - tools"),
    });
    const loaded = await loadAgentTypes(ws.dir, tools);
    expect(loaded.types.get("forgiven")).toMatchObject({ description: "Use when: the user asks for a review", model: "claude-sonnet-5-5" });
    expect(loaded.files.find((f) => f.file.endsWith("unreadable.md"))).toEqual({
      file: ".claude/agents/unreadable.md",
      status: "refused",
      reason: expect.stringMatching(/^its frontmatter is not valid YAML \(.+\)$/),
      ignored: [],
    });
    expect(loaded.problems).toEqual([expect.stringMatching(/^\.claude\/agents\/unreadable\.md: skipped: its frontmatter is not valid YAML/)]);
  });

  it("a name is any name Claude Code takes: spaces, dots, other scripts", () => {
    for (const name of ["Code Reviewer", "review.v2", "評論者"]) expect(parseAgentFile(file(`name: ${name}\ndescription: d`)).name).toBe(name);
  });

  it("tools: commas and spaces outside parentheses; a rule in parentheses gives its tool; unknown tools are named as ignored", async () => {
    ws = await tempWorkspace({ ".claude/agents/git.md": file("name: git\ndescription: d\ntools: Agent(reviewer, tester) Read Grep, Bash(git add:*)") });
    const loaded = await loadAgentTypes(ws.dir, tools);
    expect(loaded.types.get("git")).toMatchObject({ tools: ["bash", "read_file", "grep"], readOnly: false });
    expect(loaded.files).toEqual([
      {
        file: ".claude/agents/git.md",
        name: "git",
        status: "loaded",
        ignored: ["tools: Agent (no such tool here)", "tools: Bash(git add:*) (the tool is given, its rule narrows nothing)"],
      },
    ]);
  });

  it("an agent whose tools all are missing here is refused, naming them; one with some known keeps those", async () => {
    ws = await tempWorkspace({
      ".claude/agents/web.md": file("name: web\ndescription: d\ntools: WebFetch, WebSearch"),
      ".claude/agents/half.md": file("name: half\ndescription: d\ntools: Read, WebFetch"),
    });
    const loaded = await loadAgentTypes(ws.dir, tools);
    expect(loaded.types.has("web")).toBe(false);
    expect(loaded.types.get("half")?.tools).toEqual(["read_file"]);
    expect(loaded.problems).toEqual([".claude/agents/web.md: skipped: none of its tools exists in this lesson: WebFetch, WebSearch"]);
    expect(loaded.notices).toEqual([".claude/agents/half.md: tools this harness does not have, skipped: WebFetch."]);
  });

  it("fields with no mechanism here load and are named: by file in the report, once in one line at start-up", async () => {
    const extra = "color: purple\neffort: high\nmcpServers: [github]\nskills: [pdf]\nmemory: project\nhooks: {}";
    ws = await tempWorkspace({
      ".claude/agents/a.md": file(`name: a\ndescription: d\n${extra}`),
      ".claude/agents/b.md": file("name: b\ndescription: d\ncolor: red\nmaxTurns: lots\npermissionMode: dontAsk"),
    });
    const loaded = await loadAgentTypes(ws.dir, tools);
    expect(loaded.files.map((f) => [f.name, f.status, f.ignored, f.problems])).toEqual([
      ["a", "loaded", ["color", "effort", "mcpServers", "skills", "memory", "hooks"], undefined],
      [
        "b",
        "loaded",
        ["color"],
        [
          "maxTurns: lots is not a positive integer: ignored, as Claude Code does",
          "permissionMode: dontAsk is a Claude Code mode this course does not have: its children run in the parent's mode",
        ],
      ],
    ]);
    expect(loaded.types.get("b")).not.toHaveProperty("maxTurns");
    expect(loaded.notices.filter((n) => n.startsWith("Agent files:"))).toEqual([
      "Agent files: fields this course has no mechanism for, ignored: color (2 files), effort, mcpServers, skills, memory, hooks (--check-config lists them by file).",
    ]);
  });

  it("the user's ~/.claude/agents is read before the project's: the project wins a name, as in Claude Code", async () => {
    ws = await tempWorkspace({
      "home/.claude/agents/reviewer.md": file("name: reviewer\ndescription: The user's reviewer."),
      "home/.claude/agents/mine.md": file("name: mine\ndescription: Only the user's."),
      ".claude/agents/reviewer.md": file("name: reviewer\ndescription: The project's reviewer."),
    });
    const userDir = path.join(ws.dir, "home/.claude");
    const loaded = await loadAgentTypes(ws.dir, tools, undefined, userDir);
    expect(loaded.types.get("reviewer")).toMatchObject({ description: "The project's reviewer.", source: ".claude/agents/reviewer.md" });
    expect(loaded.types.get("mine")).toMatchObject({ source: `${userDir}/agents/mine.md` });
    expect(loaded.notices).toContain(`.claude/agents/reviewer.md replaces the agent type of ${userDir}/agents/reviewer.md, "reviewer".`);
    expect(shownUserDir("/home/ann/.claude", "/home/ann")).toBe("~/.claude");
    expect(shownUserDir("/opt/cc", "/home/ann")).toBe("/opt/cc");
  });
});

describe("--check-config: agents", () => {
  it("every file of both folders with its verdict; the lesson's report and exit code", async () => {
    ws = await tempWorkspace({
      // No agent is built: tools are not checked (start-up checks them), and none is refused for them.
      ".claude/agents/ok.md": agentFile("ok", { color: "blue", tools: "Read, WebFetch" }),
      ".claude/agents/bad.md": "no frontmatter\n",
      "home/.claude/agents/mine.md": agentFile("mine"),
    });
    const userDir = path.join(ws.dir, "home/.claude");
    expect(await checkAgents({ cwd: ws.dir, userDir })).toEqual({
      agents: [
        { file: `${userDir}/agents/mine.md`, name: "mine", status: "loaded", ignored: [] },
        { file: ".claude/agents/bad.md", status: "refused", reason: "it does not start with a frontmatter block (a line ---, YAML, a line ---)", ignored: [] },
        { file: ".claude/agents/ok.md", name: "ok", status: "loaded", ignored: ["color"] },
      ],
    });
    const report = await lesson.checkConfig!({ cwd: ws.dir, userDir });
    expect(report).toMatchObject({ lesson: "s05", agents: expect.any(Array) });
  });
});

/** The lead starts one child of `type`; the child's turns; then the lead says "Done.". */
const oneChild = (type: string, child: object[]) => ({ turns: [{ content: [taskCall("Do it.", type)] }, ...child, { content: [text("Done.")] }] });
const leadResult = (requests: { agent: string; body: unknown }[]) => toolResultsOf(requests.filter((r) => r.agent === "lead").at(-1)!.body)[0]!;

describe("agent files, through the agent", () => {
  const writer = (mode?: string) => agentFile("writer", { tools: "Write", ...(mode ? { permissionMode: mode } : {}) });
  const writes = [
    { agent: "writer-1", content: [use("write_file", { path: "out.txt", content: "written" })] },
    { agent: "writer-1", content: [text("Finished.")] },
  ];
  const cases: { what: string; mode?: string; parent?: string; written: boolean }[] = [
    { what: "permissionMode: acceptEdits under a default parent: the child's edit runs", mode: "acceptEdits", written: true },
    { what: "no permissionMode: the parent's default mode asks, and no one can answer", written: false },
    { what: "permissionMode: bypassPermissions never comes from a file: the child stays in default", mode: "bypassPermissions", written: false },
    { what: "a parent in plan keeps its children in plan, whatever the file says", mode: "acceptEdits", parent: "plan", written: false },
    { what: "a parent in acceptEdits: its mode, not the file's plan (Claude Code's rule)", mode: "plan", parent: "acceptEdits", written: true },
  ];
  for (const c of cases) {
    it(c.what, async () => {
      ws = await tempWorkspace({ ".claude/agents/writer.md": writer(c.mode) });
      const flags = c.parent ? { "permission-mode": c.parent } : {};
      const { agent } = await scriptedAgent(lesson, oneChild("writer", writes), ws.dir, { flags });
      expect(await agent.run("go", never())).toBe("Done.");
      expect(existsSync(path.join(ws.dir, "out.txt"))).toBe(c.written);
    });
  }

  it("permissionMode: plan under a default parent: the child's edit is refused as plan mode refuses it", async () => {
    ws = await tempWorkspace({ ".claude/agents/writer.md": writer("plan") });
    const { agent, simulator } = await scriptedAgent(lesson, oneChild("writer", writes), ws.dir);
    await agent.run("go", never());
    const childResult = toolResultsOf(simulator.requests.filter((r) => r.agent === "writer-1")[1]!.body)[0]!;
    expect(childResult).toMatchObject({ isError: true, content: expect.stringMatching(/plan mode/) });
    expect(existsSync(path.join(ws.dir, "out.txt"))).toBe(false);
  });

  it("maxTurns: the child makes at most that many model calls, and the lead is told", async () => {
    ws = await tempWorkspace({ ".claude/agents/looper.md": agentFile("looper", { tools: "Read", maxTurns: "2" }), "a.txt": "a\n" });
    const reads = [1, 2].map(() => ({ agent: "looper-1", content: [use("read_file", { path: "a.txt" })] }));
    const { agent, simulator } = await scriptedAgent(lesson, oneChild("looper", reads), ws.dir);
    expect(await agent.run("go", never())).toBe("Done.");
    expect(simulator.requests.filter((r) => r.agent === "looper-1")).toHaveLength(2);
    expect(leadResult(simulator.requests)).toMatchObject({ isError: true, content: expect.stringContaining("used its whole budget of 2 model calls") });
  });

  it("a name with spaces and other scripts: offered to the model as written, its child's id safe for headers and traces", async () => {
    ws = await tempWorkspace({ ".claude/agents/r.md": agentFile("Code Reviewer ✓", { tools: "Read" }) });
    const { agent, simulator } = await scriptedAgent(lesson, oneChild("Code Reviewer ✓", [{ agent: "Code_Reviewer__-1", content: [text("Reviewed.")] }]), ws.dir);
    expect(await agent.run("go", never())).toBe("Done.");
    const taskTool = (simulator.requests[0]!.body as { tools: { name: string; description: string }[] }).tools.find((t) => t.name === "task")!;
    expect(taskTool.description).toContain("- Code Reviewer ✓: The Code Reviewer ✓ agent.");
    expect(leadResult(simulator.requests)).toMatchObject({ isError: false, content: expect.stringContaining("Reviewed.") });
  });

  it("the user's agents folder (CLAUDE_CONFIG_DIR) is read at start-up", async () => {
    ws = await tempWorkspace({ "home/.claude/agents/mine.md": agentFile("mine", { tools: "Read" }) });
    const saved = process.env.CLAUDE_CONFIG_DIR;
    process.env.CLAUDE_CONFIG_DIR = path.join(ws.dir, "home/.claude");
    try {
      const { agent, simulator } = await scriptedAgent(lesson, oneChild("mine", [{ agent: "mine-1", content: [text("Mine.")] }]), ws.dir);
      expect(await agent.run("go", never())).toBe("Done.");
      expect(leadResult(simulator.requests)).toMatchObject({ isError: false, content: expect.stringContaining("Mine.") });
    } finally {
      process.env.CLAUDE_CONFIG_DIR = saved;
    }
  });
});

