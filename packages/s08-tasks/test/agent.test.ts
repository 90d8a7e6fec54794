/**
 * Lesson 8's mechanisms through the real agent (the SDK, the simulator, real tools): what the
 * agent is made of; the board outliving the session (a second agent reads it) and a
 * compaction (its open tasks are in the message that replaces the history); the permission
 * policy still in charge of the granted tools (plan mode, a deny rule); a broken task file
 * named at start without losing the rest; a loop of waiting refused.
 */
import { access, readdir, readFile, writeFile } from "node:fs/promises";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { checkConversation } from "@learn/core";
import type { Script } from "@learn/core/simulator";
import { scriptedAgent, toolResultsOf, useTempWorkspace } from "@learn/core/testing";
import { SUMMARY_TAG, THRESHOLD_FLAG } from "@learn/s07";
import { lesson, TASK_DIR, TaskBoard } from "../src/index.ts";
import { boardState } from "../src/tasks/index.ts";
import { bodyOf, isSummaryRequest, never, previousAnatomy, resultsSent, taskFiles, text, textOfMessage, use, writeFiles } from "./helpers.ts";

const hi: Script = { turns: [{ content: [text("Hello.")] }] };
const SUMMARY = "1. Goal — as asked.\n2. Findings — see the files.\n3. Files changed — none.\n4. Remaining work — the tasks.\n5. Constraints — none.";
/** A summary request: the summary prompt last. */
const summaryTurn = { expect: { lastUserIncludes: "Summarise the conversation so far" }, content: [text(SUMMARY)] };
/** `lines` numbered lines of 50 characters each (the newline included). */
const bigText = (lines: number) => Array.from({ length: lines }, (_, i) => `line ${String(i).padStart(5, "0")} ${"x".repeat(38)}\n`).join("");
/** Two tasks, the second waiting for the first. */
const planTwo = [use("task_create", { subject: "Parse the input" }), use("task_create", { subject: "Write the tests", blockedBy: [1] })];

const exists = (file: string) => access(file).then(
  () => true,
  () => false,
);

describe("what the agent is made of", () => {
  const ws = useTempWorkspace();

  it("the previous lesson's agent plus the four task tools, the tasks prompt section and /tasks", async () => {
    const { agent } = await scriptedAgent(lesson, hi, ws.dir);
    const previous = await previousAnatomy(ws.dir);
    expect(previous.tools.at(-1)).toBe("task");
    // The custom commands come last: the practice workspace's own, then the skills a user may start.
    const custom = previous.commands.indexOf("agents"); // the lead's own mechanisms (subagents, custom commands) come last
    expect(custom).toBeGreaterThan(0);
    const planning = previous.promptSections.indexOf("planning");
    expect(planning).toBeGreaterThan(0);
    expect(agent.anatomy()).toEqual({
      mechanisms: [...previous.mechanisms!.slice(0, -2), "tasks", ...previous.mechanisms!.slice(-2)],
      grants: [...previous.grants!, "task_create, task_update (lesson 8: the task tools write only under .tasks/)"],
      tools: [...previous.tools.slice(0, -1), "task_create", "task_update", "task_list", "task_get", "task"],
      hooks: previous.hooks,
      promptSections: [...previous.promptSections.slice(0, planning + 1), "tasks", ...previous.promptSections.slice(planning + 1)],
      commands: [...previous.commands.slice(0, custom), "tasks", ...previous.commands.slice(custom)],
    });
  });
});

describe("the board outlives the session", () => {
  const ws = useTempWorkspace();

  it("a second agent on the same workspace sees the first one's tasks: /tasks prints them, task_list returns them", async () => {
    const first: Script = { turns: [{ content: planTwo }, { content: [text("Planned.")] }] };
    const one = await scriptedAgent(lesson, first, ws.dir);
    expect(await one.agent.run("Plan the parser.", never())).toBe("Planned.");

    const second: Script = { turns: [{ content: [use("task_list", {})] }, { expect: { lastUserIncludes: "#2 Write the tests" }, content: [text("Two tasks.")] }] };
    const two = await scriptedAgent(lesson, second, ws.dir);
    const board = ["2 tasks in .tasks/: 1 ready, 1 blocked, 0 done", "Ready:", "  #1 Parse the input  [pending]", "Blocked:", "  #2 Write the tests  [pending]  ← #1"].join("\n");
    const tasks = two.agent.commands!.find((c) => c.name === "tasks")!;
    expect(await tasks.run("")).toBe(board);
    expect(await two.agent.run("Where were we?", never())).toBe("Two tasks.");
    expect(toolResultsOf(two.simulator.requests[1]!.body)).toEqual([{ id: expect.any(String), isError: false, content: board }]);
    expect(two.renderer.ofKind("error")).toEqual([]);
  });
});

describe("the board through an auto-compaction", () => {
  const ws = useTempWorkspace();

  /**
   * Found by this test: s07's compaction once read the live-state notes of the parts it was
   * given, before the board's note was added. The notes now come from the agent's context
   * (`ctx.liveState()`, from the final parts), so a later lesson's state is carried over too.
   */
  it("the open tasks are in the message that replaces the history", async () => {
    await writeFiles(ws.dir, { "notes/a.txt": bigText(200) });
    const script: Script = {
      turns: [
        { content: planTwo },
        { content: [use("task_update", { id: 1, status: "in_progress" }), use("read_file", { path: "notes/a.txt" })] },
        summaryTurn,
        { expect: { messageCount: { max: 3 } }, content: [text("Back to #1.")] },
      ],
    };
    // Under 6,000 estimated tokens with the plan, over it once the notes (about 2,500) are read.
    const { agent, simulator, renderer } = await scriptedAgent(lesson, script, ws.dir, { flags: { [THRESHOLD_FLAG]: "6000" } });
    expect(await agent.run("Parse the input, then test it.", never())).toBe("Back to #1.");
    expect(simulator.requests.map((r) => r.status)).toEqual([200, 200, 200, 200]);
    expect(simulator.requests.map(isSummaryRequest)).toEqual([false, false, true, false]);
    expect(renderer.ofKind("notice").map((n) => n.text)).toContainEqual(expect.stringMatching(/^Compacted the conversation: /));

    const after = bodyOf(simulator.requests[3]!).messages;
    expect(checkConversation(after)).toBeUndefined();
    const head = textOfMessage(after[0]);
    expect(head).toContain(`<${SUMMARY_TAG}>`);
    // The board's note, as boardState draws it from the files.
    const note = boardState(await TaskBoard.open(ws.dir))!;
    expect(note.split("\n")).toEqual([
      "Open tasks on the board (.tasks/), which survive compaction: 1 ready, 1 blocked. Keep their status current with task_update; task_get reads one in full.",
      "- #1 Parse the input [in_progress]",
      "- #2 Write the tests [pending] waits for #1",
    ]);
    expect(head).toContain(JSON.stringify(note).slice(1, -1));
    // Before the compaction the note was not there: it came back with the summary.
    expect(textOfMessage(bodyOf(simulator.requests[1]!).messages[0])).not.toContain("Open tasks on the board");
  });
});

describe("the permission policy still decides", () => {
  const ws = useTempWorkspace();
  const tryCreate: Script = { turns: [{ content: [use("task_create", { subject: "Parse the input" })] }, { content: [text("Could not.")] }] };

  it("plan mode refuses task_create, and nothing is written", async () => {
    const { agent, simulator } = await scriptedAgent(lesson, tryCreate, ws.dir, { flags: { "permission-mode": "plan" } });
    expect(await agent.run("Plan the parser.", never())).toBe("Could not.");
    const [result] = toolResultsOf(simulator.requests[1]!.body);
    expect(result!.isError).toBe(true);
    expect(result!.content).not.toMatch(/^Created task/);
    expect(await exists(path.join(ws.dir, TASK_DIR))).toBe(false);
  });

  it("a deny rule Edit(.tasks/**) in .claude/settings.json refuses task_create: the grant comes after the rules", async () => {
    const file = path.join(ws.dir, ".claude/settings.json");
    const settings = JSON.parse(await readFile(file, "utf8")) as { permissions: { deny: string[] } };
    settings.permissions.deny.push("Edit(.tasks/**)");
    await writeFile(file, JSON.stringify(settings, null, 2));
    const { agent, simulator } = await scriptedAgent(lesson, tryCreate, ws.dir);
    expect(await agent.run("Plan the parser.", never())).toBe("Could not.");
    const [result] = toolResultsOf(simulator.requests[1]!.body);
    expect(result!.isError).toBe(true);
    expect(result!.content).toContain("Edit(.tasks/**)");
    expect(await exists(path.join(ws.dir, TASK_DIR, "1.json"))).toBe(false);
  });
});

describe("a broken task file", () => {
  const ws = useTempWorkspace();

  it("is named when the agent starts; the rest of the board works, and a new task does not take its id", async () => {
    const board = await TaskBoard.open(ws.dir);
    await board.create({ subject: "Parse the input" });
    await board.create({ subject: "Write the parser" });
    await board.create({ subject: "Write the tests", blockedBy: [1] });
    await writeFile(path.join(ws.dir, TASK_DIR, "2.json"), "{ not json");
    const script: Script = {
      turns: [
        { content: [use("task_list", {}), use("task_create", { subject: "Document it" })] },
        { expect: { lastUserIncludes: "Created task #4" }, content: [text("Listed and added.")] },
      ],
    };
    const { agent, simulator, renderer } = await scriptedAgent(lesson, script, ws.dir);
    const errors = renderer.ofKind("error").map((e) => e.text);
    expect(errors).toHaveLength(1);
    expect(errors[0]).toMatch(/^\.tasks\/2\.json: skipped: /);

    expect(await agent.run("What is on the board?", never())).toBe("Listed and added.");
    const [list, created] = toolResultsOf(simulator.requests[1]!.body);
    expect(list!.isError).toBe(false);
    expect(list!.content).toMatch(/^2 tasks in \.tasks\/: 1 ready, 1 blocked, 0 done\n/);
    expect(list!.content).toContain("  #3 Write the tests  [pending]  ← #1");
    expect(created).toMatchObject({ isError: false, content: "Created task #4: Document it" });
    // The broken file is left for a person to fix, as it was.
    expect(await readFile(path.join(ws.dir, TASK_DIR, "2.json"), "utf8")).toBe("{ not json");
  });
});

describe("a task file whose id is too large to count from", () => {
  const ws = useTempWorkspace();

  it("is named when the agent starts and never overwritten: the next task is #2, not the planted file's id + 1", async () => {
    const board = await TaskBoard.open(ws.dir);
    const first = await board.create({ subject: "Parse the input" });
    const planted = JSON.stringify({ ...first, id: 9007199254740992, subject: "CANARY: planted" });
    const plantedFile = path.join(ws.dir, TASK_DIR, "9007199254740992.json");
    await writeFile(plantedFile, planted);
    const script: Script = {
      turns: [
        { content: [use("task_create", { subject: "Write the tests" }), use("task_create", { subject: "Document it" })] },
        { content: [text("Added.")] },
      ],
    };
    const { agent, simulator, renderer } = await scriptedAgent(lesson, script, ws.dir);
    expect(renderer.ofKind("error").map((e) => e.text)).toEqual([
      ".tasks/9007199254740992.json: skipped: its id is larger than 9007199254740991, the largest a task id can be: it is not read as a task, and no new id is counted from it",
    ]);
    await agent.run("Plan the rest.", never());
    expect(toolResultsOf(simulator.requests[1]!.body).map((r) => r.content)).toEqual(["Created task #2: Write the tests", "Created task #3: Document it"]);
    expect(await readFile(plantedFile, "utf8")).toBe(planted);
    expect((await readdir(path.join(ws.dir, TASK_DIR))).filter((n) => !n.startsWith(".")).sort()).toEqual(["1.json", "2.json", "3.json", "9007199254740992.json"]);
  });
});

describe("a loop of waiting", () => {
  const ws = useTempWorkspace();

  it("is refused with an error result that names the loop, and the board is unchanged", async () => {
    const script: Script = {
      turns: [
        { content: planTwo },
        { content: [use("task_update", { id: 1, addBlockedBy: [2] })] },
        { expect: { lastUserIncludes: "#1 → #2 → #1" }, content: [text("That would be a loop.")] },
      ],
    };
    const { agent, simulator } = await scriptedAgent(lesson, script, ws.dir);
    expect(await agent.run("Make #1 wait for #2.", never())).toBe("That would be a loop.");
    const results = resultsSent(simulator.requests);
    expect(results.at(-1)).toEqual({
      id: expect.any(String),
      isError: true,
      content: 'Error: #1 cannot wait for #2: that would make a loop in which no task could ever start: #1 → #2 → #1 (→ reads "waits for")',
    });
    const files = await taskFiles(ws.dir);
    expect(files["1.json"]!.blockedBy).toEqual([]);
    expect(files["2.json"]!.blocks).toEqual([]);
  });
});
