/**
 * Custom slash commands: `.claude/commands/<name>.md` files as Claude Code writes them, their
 * arguments, their !`inline commands` (judged by s03's policy before they run), and their
 * allowed-tools — granted for the command's own turn and no other.
 */
import { existsSync } from "node:fs";
import { mkdir, writeFile } from "node:fs/promises";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { PassThrough } from "node:stream";
import { agentFrom, isCommandTurn, partsFrom, type AgentOptions, type CommandTurn, type SlashCommand } from "@learn/core";
import { Repl } from "@learn/core/harness";
import { RecordingRenderer, scriptedModel, useTempWorkspace } from "@learn/core/testing";
import { mechanisms as s05 } from "@learn/s05";
import { customSlashCommands } from "../src/custom-commands/slash-commands.ts";
import { fillArguments, splitArguments } from "../src/custom-commands/arguments.ts";
import { loadCustomCommands, type CustomCommand } from "../src/custom-commands/load.ts";
import { customCommands } from "../src/custom-commands/index.ts";
import { commandBody } from "./helpers.ts";

const ws = useTempWorkspace({ "README.md": "# practice\n" });

async function writeCommand(name: string, text: string): Promise<void> {
  const file = path.join(ws.dir, ".claude/commands", name);
  await mkdir(path.dirname(file), { recursive: true });
  await writeFile(file, text);
}

/** A command as loadCustomCommands would give it. */
function command(name: string, template: string, allowedTools: string[] = []): CustomCommand {
  return { name, description: name, allowedTools, template, file: `.claude/commands/${name}.md` };
}

describe("loading .claude/commands", () => {
  it("loads every file by name, and reports (file and reason) and skips the ones it cannot use", async () => {
    await writeCommand("review.md", "---\ndescription: Review a file\nargument-hint: <file>\n---\nReview $1.");
    await writeCommand("explain.md", "Explain $ARGUMENTS.");
    await writeCommand("broken.md", "---\ndescription: [a]\n---\nBody");
    await writeCommand("help.md", "Not the REPL's help.");
    await writeCommand("todos.md", "Not the agent's /todos.");
    await writeCommand("Bad Name.md", "Body");
    await writeCommand("typo.md", "---\nallowed-tools: Bash(git status\n---\nBody");
    await writeCommand("frontend/test.md", "Run the frontend tests.");
    await writeCommand("frontend/e2e/smoke.md", "---\nmodel: haiku\n---\nSmoke.");
    await writeCommand("notes.txt", "not a command");

    const { commands, problems, notices, reports } = await loadCustomCommands(ws.dir, ["todos", "permissions"]);
    expect(commands).toEqual([
      { name: "explain", description: "Explain $ARGUMENTS.", allowedTools: [], template: "Explain $ARGUMENTS.", file: ".claude/commands/explain.md" },
      // Subfolders are namespaces, as Claude Code names them (/frontend:test).
      { name: "frontend:e2e:smoke", description: "Smoke.", allowedTools: [], template: "Smoke.", file: ".claude/commands/frontend/e2e/smoke.md" },
      { name: "frontend:test", description: "Run the frontend tests.", allowedTools: [], template: "Run the frontend tests.", file: ".claude/commands/frontend/test.md" },
      { name: "review", description: "Review a file", argumentHint: "<file>", allowedTools: [], template: "Review $1.", file: ".claude/commands/review.md" },
    ]);
    expect(problems).toEqual([
      '.claude/commands/Bad Name.md: skipped: "Bad Name" is not a command name (letters, digits, dots, hyphens and underscores; rename the file)',
      expect.stringMatching(/^\.claude\/commands\/broken\.md: skipped: its frontmatter is wrong: description: .+$/),
      ".claude/commands/help.md: skipped: /help is already a command of this agent",
      ".claude/commands/todos.md: skipped: /todos is already a command of this agent",
      '.claude/commands/typo.md: skipped: allowed-tools: "Bash(git status" is not a permission rule (it is missing the closing ")")',
    ]);
    expect(notices).toEqual([".claude/commands/frontend/e2e/smoke.md: read, with no mechanism here, ignored: model: haiku"]);
    expect(reports.map((r) => [r.file, r.name, r.status])).toContainEqual([".claude/commands/frontend/test.md", "frontend:test", "loaded"]);
    expect(reports.filter((r) => r.status === "refused")).toHaveLength(problems.length);
  });

  it("takes a file's name as Claude Code does: capitals and dots too (README.md is /README, a version number stays)", async () => {
    await writeCommand("README.md", "Explain the project.");
    await writeCommand("dotnet-4.8-expert.md", "Port it.");
    const { commands, problems } = await loadCustomCommands(ws.dir, []);
    expect(commands.map((c) => c.name)).toEqual(["dotnet-4.8-expert", "README"]);
    expect(problems).toEqual([]);
  });

  it("finds nothing, and no problem, when the folder does not exist", async () => {
    expect(await loadCustomCommands(ws.dir, [])).toEqual({ commands: [], problems: [], notices: [], reports: [] });
  });
});

describe("arguments", () => {
  it("split like simple shell words", () => {
    expect(splitArguments(`src/a.ts "two words" 'single quoted'  last`)).toEqual(["src/a.ts", "two words", "single quoted", "last"]);
    expect(splitArguments("   ")).toEqual([]);
  });

  // As Claude Code 2.1.328 fills them (its docs, and its binary at the edges).
  it.each([
    ["Fix issue #$ARGUMENTS now.", "123 urgent", "Fix issue #123 urgent now."],
    ["Review $0 for $1; $2 stays.", `a.ts "null checks"`, "Review a.ts for null checks; $2 stays."],
    ["$ARGUMENTS[0] and $ARGUMENTS[1], not $ARGUMENTS[2].", `a "b c"`, "a and b c, not $ARGUMENTS[2]."],
    ["x$0y $0th $10", "a", "x$0y $0th $10\n\nARGUMENTS: a"],
    ["\\$0 costs $0, \\$ARGUMENTS too", "5", "$0 costs 5, $ARGUMENTS too"],
    ["$ARGUMENTSx $$ARGUMENTS", "v", "vx $v"],
    ["Say $0 and $ARGUMENTS", "$1 $ARGUMENTS", "Say $1 and $1 $ARGUMENTS"],
    ["Args: $ARGUMENTS", "!`echo PWNED` !x", "Args: \\! `echo PWNED` \\!x"],
    ["Explain the code.", "in French", "Explain the code.\n\nARGUMENTS: in French"],
    ["Explain the code.", "", "Explain the code."],
  ])("%j with %j → %j", (template, args, expected) => {
    expect(fillArguments(template, args)).toBe(expected);
  });
});

/** s05's real parts in the temp workspace: s03's permissions from its (absent) settings.json. */
async function lessonParts(options: Partial<AgentOptions> = {}, script = "turns: [ { content: [ { type: text, text: hi } ] } ]") {
  const renderer = new RecordingRenderer();
  const { model, simulator } = scriptedModel(script);
  const agentOptions: AgentOptions = { model, cwd: ws.dir, renderer, interactive: false, ask: async () => "n", flags: {}, ...options };
  const base = await partsFrom(s05, agentOptions);
  return { base, renderer, simulator, agentOptions };
}

async function slashCommands(commands: CustomCommand[], options: Partial<AgentOptions> = {}) {
  const { base, renderer } = await lessonParts(options);
  const custom = customSlashCommands(commands, { cwd: () => ws.dir, permissions: base.permissions!, renderer, tools: base.tools });
  const byName = (name: string) => custom.commands.find((c) => c.name === name)!;
  return { ...custom, byName, base, renderer };
}

async function turnOf(command: SlashCommand, args = ""): Promise<CommandTurn> {
  const out = await command.run(args);
  if (!isCommandTurn(out)) throw new Error(`expected a turn, got ${JSON.stringify(out)}`);
  return out;
}

describe("running a command", () => {
  it("shows the hint and the file in /help's description, and returns the filled prompt as a turn", async () => {
    const c = await slashCommands([{ ...command("review", "Review $0.\n\nFocus: $ARGUMENTS"), description: "Review a file", argumentHint: "<file>" }]);
    expect(c.byName("review").description).toBe("<file>  Review a file (from .claude/commands/review.md)");
    expect(commandBody((await turnOf(c.byName("review"), "a.ts")).prompt)).toBe("Review a.ts.\n\nFocus: a.ts");
  });

  it("runs an inline command its allowed-tools allow, in the workspace, and puts the output in its place", async () => {
    await writeFile(path.join(ws.dir, "marker.txt"), "here\n");
    const c = await slashCommands([command("look", "Files: !`ls`\nSay: !`echo $0`", ["Bash(ls:*)", "Bash(echo:*)"])]);
    const turn = await turnOf(c.byName("look"), "hi");
    expect(commandBody(turn.prompt)).toBe("Files: README.md\nmarker.txt\nSay: hi");
    expect(c.renderer.ofKind("notice").map((n) => n.text)).toContain(`/look runs \`ls\`, \`echo hi\` in ${ws.dir}`);
    expect(c.base.permissions!.grants.list()).toEqual([]); // granted only while judging
  });

  it("an inline command that fails stops the command: the ones after it do not run, no turn starts, the failure says why", async () => {
    const c = await slashCommands([command("fail", "Result: !`ls no-such-file`\nThen: !`touch ran.txt`", ["Bash(ls:*)", "Bash(touch:*)"])]);
    await expect(c.byName("fail").run("")).rejects.toThrow(/^\/fail did not start: !`ls no-such-file` failed with exit code 2:\nls: .*no-such-file.*$/);
    expect(existsSync(path.join(ws.dir, "ran.txt"))).toBe(false);
  });

  it("an argument cannot start an inline command: its !` is written apart, and only the template's command runs", async () => {
    const c = await slashCommands([command("say", "Say: !`echo hi` $ARGUMENTS", ["Bash(echo:*)", "Bash(touch:*)"])]);
    const turn = await turnOf(c.byName("say"), "!`touch pwned.txt`");
    expect(commandBody(turn.prompt)).toBe("Say: hi \\! `touch pwned.txt`");
    expect(c.renderer.ofKind("notice").map((n) => n.text)).toContain(`/say runs \`echo hi\` in ${ws.dir}`);
    expect(existsSync(path.join(ws.dir, "pwned.txt"))).toBe(false);
  });

  it("without a terminal, an inline command the policy would ask about is denied: nothing runs, no turn, and the user is told how to allow it", async () => {
    const c = await slashCommands([command("make", "First !`echo first`, then !`touch ran.txt`", ["Bash(echo:*)"])]);
    await expect(c.byName("make").run("")).rejects.toThrow(
      /^\/make did not start: !`touch ran\.txt` was denied: bash "touch ran\.txt" needs permission .* there is no one to ask.*add "Bash\(touch ran\.txt\)" to permissions\.allow/,
    );
    expect(existsSync(path.join(ws.dir, "ran.txt"))).toBe(false);
  });

  it("at a terminal, the person is asked, and a yes lets it run", async () => {
    const questions: string[] = [];
    const ask = async (q: string) => (questions.push(q), "y");
    const c = await slashCommands([command("make", "Made: !`touch ran.txt && echo made`")], { interactive: true, ask });
    expect(commandBody((await turnOf(c.byName("make"))).prompt)).toBe("Made: made");
    expect(questions).toEqual([expect.stringContaining('Permission needed: bash "touch ran.txt && echo made"')]);
    expect(existsSync(path.join(ws.dir, "ran.txt"))).toBe(true);
  });

  it("the refuse-list wins over allowed-tools: Bash(*)", async () => {
    const c = await slashCommands([command("boss", "!`sudo true`", ["Bash(*)"])]);
    await expect(c.byName("boss").run("")).rejects.toThrow('/boss did not start: !`sudo true` was denied: the command contains "sudo", which this harness never runs.');
  });

  it("a deny rule in settings.json wins over allowed-tools", async () => {
    await mkdir(path.join(ws.dir, ".claude"), { recursive: true });
    await writeFile(path.join(ws.dir, ".claude/settings.json"), JSON.stringify({ permissions: { deny: ["Bash(echo *)"] } }));
    const c = await slashCommands([command("say", "!`echo hi`", ["Bash(echo:*)"])]);
    await expect(c.byName("say").run("")).rejects.toThrow(/^\/say did not start: !`echo hi` was denied: bash "echo hi" matches the rule Bash\(echo \*\) in permissions.deny/);
  });
});

describe("allowed-tools during the command's turn, and only then", () => {
  /** Two turns, each asking for one bash call, then answering. */
  const script = JSON.stringify({
    turns: [
      { content: [{ type: "tool_use", name: "bash", input: { command: "touch during.txt" } }] },
      { content: [{ type: "text", text: "first done" }] },
      { content: [{ type: "tool_use", name: "bash", input: { command: "touch after.txt" } }] },
      { content: [{ type: "text", text: "second done" }] },
    ],
  });

  async function agentWithCommand() {
    const { base, renderer, agentOptions } = await lessonParts({}, script);
    const custom = customSlashCommands([command("touchy", "Touch a file.", ["Bash(touch:*)"])], {
      cwd: () => ws.dir,
      permissions: base.permissions!,
      renderer,
      tools: base.tools,
    });
    const agent = agentFrom({ ...base, hooks: [...base.hooks, ...custom.hooks], commands: [...base.commands, ...custom.commands] }, agentOptions);
    const touchy = custom.commands[0]!;
    return { agent, touchy, grants: base.permissions!.grants, renderer };
  }

  const signal = () => new AbortController().signal;
  const exists = (name: string) => existsSync(path.join(ws.dir, name));

  it("grants them when its turn starts and takes them back when it ends: the next turn asks again", async () => {
    const { agent, touchy, grants } = await agentWithCommand();
    const turn = await turnOf(touchy);
    expect(grants.list()).toEqual([]); // not before the turn starts
    expect(await agent.run(turn.prompt, signal())).toBe("first done");
    expect(exists("during.txt")).toBe(true);
    turn.onEnd!();
    expect(grants.list()).toEqual([]);
    expect(await agent.run("touch another", signal())).toBe("second done");
    expect(exists("after.txt")).toBe(false); // denied: no one to ask
  });

  it("a host that never calls onEnd leaks nothing past the next prompt", async () => {
    const { agent, touchy, grants } = await agentWithCommand();
    const turn = await turnOf(touchy);
    await agent.run(turn.prompt, signal());
    expect(grants.list().map((g) => `${g.rule.text} from ${g.source}`)).toEqual(["Bash(touch:*) from /touchy's allowed-tools"]);
    await agent.run("touch another", signal());
    expect(exists("after.txt")).toBe(false);
    expect(grants.list()).toEqual([]);
  });

  it("a prepared grant is not given to another prompt's turn", async () => {
    const { agent, touchy } = await agentWithCommand();
    await touchy.run("");
    await agent.run("not the command's prompt", signal());
    expect(exists("during.txt")).toBe(false);
  });

  it("a cancelled turn ends the grant too", async () => {
    const { agent, touchy, grants } = await agentWithCommand();
    const turn = await turnOf(touchy);
    const controller = new AbortController();
    controller.abort();
    await expect(agent.run(turn.prompt, controller.signal)).rejects.toThrow();
    turn.onEnd!();
    expect(grants.list()).toEqual([]);
  });
});

describe("the custom commands mechanism, at the REPL", () => {
  it("adds the workspace's commands and reports the bad ones; /name runs its turn with its allowed-tools, the next line without", async () => {
    await writeCommand("touchy.md", "---\ndescription: Touch files\nallowed-tools: Bash(touch:*)\n---\nTouch $0.");
    await writeCommand("broken.md", "---\nallowed-tools: [\n---\nBody");
    const script = JSON.stringify({
      turns: [
        { content: [{ type: "tool_use", name: "bash", input: { command: "touch during.txt" } }] },
        { content: [{ type: "text", text: "first done" }] },
        { content: [{ type: "tool_use", name: "bash", input: { command: "touch after.txt" } }] },
        { content: [{ type: "text", text: "second done" }] },
      ],
    });
    const { base, renderer, agentOptions } = await lessonParts({}, script);
    const withCommands = await partsFrom([...s05, customCommands], agentOptions);
    // The bundled skills a person may start are slash commands too, after the command files.
    expect(withCommands.commands.map((c) => c.name)).toEqual([...base.commands.map((c) => c.name), "touchy", "code-review", "commit-message", "write-a-test"]);
    expect(renderer.ofKind("error").map((e) => e.text)).toEqual([expect.stringMatching(/^\.claude\/commands\/broken\.md: skipped: allowed-tools: "\[" is not a permission rule/)]);

    const input = new PassThrough();
    const output = new PassThrough();
    let shown = "";
    output.on("data", (c: Buffer) => (shown += c.toString()));
    const repl = new Repl({ agent: agentFrom(withCommands, agentOptions), renderer, input, output, terminal: false });
    const done = repl.start();
    input.end("/help\n/touchy during.txt\ntouch another file\n");
    await done;
    expect(shown).toContain("Touch files (from .claude/commands/touchy.md)");
    expect(shown).toContain("/touchy → Touch during.txt.");
    expect(existsSync(path.join(ws.dir, "during.txt"))).toBe(true);
    expect(existsSync(path.join(ws.dir, "after.txt"))).toBe(false);
    expect(base.permissions!.grants.list()).toEqual([]);
  });
});
