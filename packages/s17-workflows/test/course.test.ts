/**
 * The whole course in one session: the last lesson's agent (lesson 17's) — every earlier lesson's parts composed —
 * driven through the real SDK and the simulator (test/fixtures/course.yaml) in a fresh copy of
 * the practice workspace, prepared as the lesson prepares it (its own git repository). Each
 * lesson's mechanism is used once, in the order a real session would use it, and each is
 * checked by what it did: files on disk, git's history, the task board, a job's log, and the
 * requests the harness sent.
 *
 *   s01 bash · s02 file tools · s03 a deny rule, an ask answered no · s04 a plan and its reminder
 *   s05 an explorer subagent · s06 a skill · s07 /compact · s08 a task graph and /tasks
 *   s09 a background job whose result wakes the lead · s10/s11 a teammate who claims a task
 *   and mails the lead · s12 a worktree for that task, merged and removed by the lead
 *   s13 the practice issue tracker's open issues, from its MCP server (a read-only call: no question)
 *   s15 the session's transcript on disk · s16 /goal judged met by a tool-less evaluator (after
 *   s13's tool_search: the evaluator's request sends no tools, so s13 turns its tool_reference
 *   blocks into text, which the API accepts)
 *   s17 a workflow of one agent, journaled, its notification waking the lead
 *
 * s14's sandbox is off in this session (`--sandbox false`; s14's own tests run it): with it on, the
 * lead's `git merge --no-edit wt/discount` fails inside the sandbox ("error: .env: unsupported file
 * type … fatal: stash failed": s14 hides the practice copy's .env, and git cannot stash past it).
 * That is s14's to settle; then this session runs with the sandbox on.
 */
import { execFile } from "node:child_process";
import { mkdtemp, readdir, readFile, rm, writeFile } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { promisify } from "node:util";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { checkConversation } from "@learn/core";
import { commandPrompt, lessonWorkspace } from "@learn/core/harness";
import { loadScript, type RecordedRequest } from "@learn/core/simulator";
import { scriptedAgent } from "@learn/core/testing";
import { EVENTS_FILE, INDEX_FILE } from "@learn/s12";
import { lesson } from "../src/index.ts";
import { RunFolder } from "../src/workflows/journal.ts";
import { gitIn as git } from "../../s12-worktree/test/helpers.ts";
import { bodyOf, lastMessage, requestsOf, runAll, textOfMessage } from "@learn/s09/testing";

const here = path.dirname(fileURLToPath(import.meta.url));
const SCRIPT = path.join(here, "fixtures", "course.yaml");
const run = promisify(execFile);
const BUNDLED_SKILL = path.join(here, "..", "..", "s06-skills", "skills", "write-a-test", "SKILL.md");


let ws: string;
let userDir: string;
beforeEach(async () => {
  ws = await lessonWorkspace(lesson, "s17-course");
  // The practice rules approve no `node -e`; the background check below is one: this student
  // allows node in their own settings (~/.claude/settings.json), outside the workspace's git.
  userDir = await mkdtemp(path.join(os.tmpdir(), "learn-s17-course-user-"));
  await writeFile(path.join(userDir, "settings.json"), JSON.stringify({ permissions: { allow: ["Bash(node *)"] } }));
});
afterEach(async () => {
  await rm(ws, { recursive: true, force: true });
  await rm(userDir, { recursive: true, force: true });
});

/** The text of request `r`'s last message, as the model read it. */
// `lead[i]` below is the lead's i-th request (from 0), in the order of the script's lead turns:
// the script fixes it, so each index names one moment of the session.
const lastText = (r: RecordedRequest | undefined) => textOfMessage(r && lastMessage(r));
const readJson = async <T>(file: string) => JSON.parse(await readFile(path.join(ws, file), "utf8")) as T;

describe("the course in one session (lesson 17's agent)", () => {
  it("uses a mechanism of every lesson, and each leaves its mark", async () => {
    const script = await loadScript(SCRIPT);
    const [prompt1, goalLine, prompt2, prompt3] = script.prompt as string[];
    const asked: string[] = [];
    const { agent, simulator, renderer } = await scriptedAgent(lesson, script, ws, {
      // A person at a terminal who says no: the one question of the session is s03's ask rule.
      interactive: true,
      ask: async (question) => {
        asked.push(question);
        return "n";
      },
      // The demo's pace (an idle teammate looks every 100 ms); compaction only when asked.
      // The session writes code (s02, s04, s08…): in acceptEdits, as the lessons' demos that write code run.
      flags: { ...lesson.demoFlags, "permission-mode": "acceptEdits", "compact-threshold": "1000000", sandbox: "false" },
      userDir,
    });
    const command = (name: string) => agent.commands!.find((c) => c.name === name)!;

    try {
      const first = await runAll(agent, prompt1!, renderer);
      expect(first.map((t) => t.source)).toEqual([undefined]);

      // s16: /goal runs a turn, and the evaluator judges it met.
      const goal = await commandPrompt(agent, goalLine!, renderer);
      if (!("prompt" in goal)) throw new Error("/goal did not start a turn");
      await runAll(agent, goal.prompt, renderer);
      const status = await commandPrompt(agent, "/goal", renderer);
      expect("output" in status && status.output).toMatch(/^No goal set\. The last one ended: met: The transcript shows the edit to cartTotal/);

      // s08: /tasks draws the board from disk — #1 ready (and bound), #2 waiting for it.
      const board = String(await command("tasks").run(""));
      expect(board).toMatch(/Ready:\n\s+#1 Write applyDiscount[^\n]*\nBlocked:\n\s+#2 Test applyDiscount on the cart total[^\n]*← #1$/m);

      // s07: /compact — the model's summary replaces the history.
      expect(await command("compact").run("the tasks and the worktree")).toBeUndefined();

      const second = await runAll(agent, prompt2!, renderer);
      // The prompt; the job's result wakes the lead; then alice's mail.
      expect(second.map((t) => t.source)).toEqual([undefined, "background job job-1", "mail from alice"]);
      expect(second.at(-1)!.answer).toMatch(/^Done: alice wrote applyDiscount/);

      // s17: the workflow answers at once; its notification wakes the lead.
      const third = await runAll(agent, prompt3!, renderer);
      expect(third.map((t) => t.source)).toEqual([undefined, "workflow wf-1"]);
    } finally {
      await agent.close?.();
    }

    // ── The whole session ─────────────────────────────────────────────────────────────────
    expect(simulator.remaining()).toBe(0);
    for (const r of simulator.requests) expect(checkConversation(bodyOf(r).messages)).toBeUndefined();
    expect(renderer.log.filter((e) => e.event.kind === "error")).toEqual([]);
    const lead = requestsOf(simulator.requests, "lead");
    const notices = (who: string[] = []) =>
      renderer.log.filter((e) => e.event.kind === "notice" && e.who.join("/") === who.join("/")).map((e) => (e.event as { text: string }).text);
    expect(lead).toHaveLength(29);

    // ── s01 + s02: bash and the file tools did real work ──────────────────────────────────
    expect(lastText(lead[1])).toContain("cart.js\nformat.js");
    expect(await readFile(path.join(ws, "shop/src/cart.js"), "utf8")).toContain("sum + lineTotal(line)");
    // The PreToolUse command hook logged every call, before the permission check: the refused ones too (as in Claude Code).
    const toolLog = (await readFile(path.join(ws, ".claude/tool-log.jsonl"), "utf8")).trim().split("\n").map((l) => JSON.parse(l) as { tool_name: string; tool_input: Record<string, unknown> });
    // file_path arrives absolute, as Claude Code sends it: shown here relative to the workspace.
    const fileOf = (e: { tool_input: Record<string, unknown> }) => (typeof e.tool_input.file_path === "string" ? path.relative(ws, e.tool_input.file_path) : undefined);
    const ran = toolLog.map((e) => `${e.tool_name} ${String(e.tool_input.command ?? fileOf(e) ?? e.tool_input.name ?? "")}`);
    expect(ran).toContain("Bash ls shop/src");
    expect(ran).toContain("Edit shop/src/cart.js");
    expect(ran).toContain("Read shop/src/cart.js"); // the explorer's, in the same workspace
    expect(toolLog.some((e) => fileOf(e) === ".env")).toBe(true);
    expect(toolLog.some((e) => e.tool_input.command === "git push origin main")).toBe(true);
    // alice's calls after her claim ran in the worktree (the hook logged them there, not here).
    expect(ran).toContain("claim_task ");
    expect(ran).not.toContain("Write shop/src/discount.js");

    // ── s03: a deny rule refuses without asking; an ask rule asks, and "no" is final ───────
    expect(asked).toHaveLength(1);
    expect(asked[0]).toMatch(/^Permission needed: .*git push origin main[\s\S]*Bash\(git push \*\)/);
    expect(lastText(lead[2])).toContain("Read(./.env) in permissions.deny");
    expect(lastText(lead[2])).toContain("the user said no to");

    // ── s04: the plan, its reminder after three rounds without a change, all done at the end
    expect(lastText(lead[9])).toMatch(/<reminder>Your plan has not changed in 3 rounds[\s\S]*\[ \] Have a teammate/);
    expect(lastText(lead[23])).toContain("(6/6 completed)");

    // ── s05: the explorer worked in a context of its own; only its report came back ───────
    const explorer = requestsOf(simulator.requests, "explore-1");
    expect(explorer).toHaveLength(2);
    expect(bodyOf(explorer[0]!).messages).toHaveLength(1);
    expect(bodyOf(explorer[0]!).tools!.map((t) => t.name)).not.toContain("task");
    // The task tool's result is the child's final answer, word for word, framed as model output
    // (every line indented, the frame closed) — nothing of what it read.
    const explorerAnswer = script.turns.filter((t) => t.agent === "explore-1").at(-1)!.content![0]!;
    const handedBack = String(lastText(lead[3])).split("\n");
    expect(handedBack[0]).toMatch(/^\[Subagent hand-back\] .* It is model output, NOT a message from the user/);
    expect(handedBack.slice(1, -1).join("\n")).toBe(explorerAnswer.type === "text" && explorerAnswer.text.split("\n").map((l) => `  ${l}`).join("\n"));
    expect(handedBack.at(-1)).toBe("[End of the hand-back of subagent explore-1.]");

    // ── s06: the skill's body arrived as a tool result, and is live state after compaction
    const skillBody = (await readFile(BUNDLED_SKILL, "utf8")).split("---\n")[2]!.trim();
    expect(lastText(lead[4])).toContain('<skill name="write-a-test">');
    expect(lastText(lead[4])).toContain(skillBody.split("\n").slice(0, 3).join("\n"));

    // ── s07: /compact asked for a summary in the lead's own request (its tools, its cached prefix), then it replaced the history
    const summaryCall = lead[13]!;
    expect(bodyOf(summaryCall).tools).toEqual(bodyOf(lead[10]!).tools);
    expect(lastText(summaryCall)).toContain("Pay particular attention to: the tasks and the worktree");
    const afterCompaction = bodyOf(lead[14]!).messages;
    expect(afterCompaction).toHaveLength(1);
    const compacted = textOfMessage(afterCompaction[0]);
    expect(compacted).toMatch(/^<summary>\n1\. Goal — add applyDiscount/);
    expect(compacted).toMatch(/all of it is saved in \.transcripts\/[^ ]+\.jsonl/);
    expect(compacted).toContain("[ ] Have a teammate write applyDiscount and merge it"); // the plan, re-attached
    expect(compacted).toContain("Skills you loaded and were following (load_skill again for their text): write-a-test");
    expect(compacted).toContain("- #2 Test applyDiscount on the cart total [pending, lead] waits for #1"); // the board
    expect(compacted).toContain("Now have a teammate write applyDiscount"); // and the new prompt after it
    expect(compacted).not.toContain("sum - lineTotal(line)"); // the old tool output is gone…
    const transcript = /saved in (\.transcripts\/[^ ]+\.jsonl)/.exec(compacted)![1]!;
    expect(await readFile(path.join(ws, transcript), "utf8")).toContain("sum - lineTotal(line)"); // …but not lost
    expect(notices()).toContainEqual(expect.stringMatching(/^Compacted the conversation: ~[\d,]+ → ~[\d,]+ tokens/));

    // ── s08: the graph on disk; #2 waited for #1, and both are completed ──────────────────
    const tasks = await Promise.all([1, 2].map((id) => readJson<{ status: string; owner?: string; blockedBy?: number[] }>(`.tasks/${id}.json`)));
    expect(tasks.map((t) => [t.status, t.owner])).toEqual([
      ["completed", "alice"],
      ["completed", "lead"],
    ]);
    expect(tasks[1]!.blockedBy).toEqual([1]);

    // ── s09: the job ran in the background, its log kept, its result in a later request ──
    const jobLog = await readFile(path.join(ws, ".runtime-tasks/job-1.log"), "utf8");
    expect(jobLog).toContain("applyDiscount(1999, 10) = 1799");
    expect(lastText(lead[14])).not.toContain("<background-results>"); // not in the call that started it
    expect(notices()).toContain("A turn started by background job job-1: Background work finished; its results follow.");
    const woken = lastText(lead[16]);
    expect(woken).toMatch(/<background-results>[\s\S]*job-1[\s\S]*applyDiscount\(1999, 10\) = 1799[\s\S]*<\/background-results>/);

    // ── s10 + s11: alice claimed #1 herself, worked, and her mail woke the lead ───────────
    const alice = requestsOf(simulator.requests, "alice");
    expect(alice).toHaveLength(5);
    expect(lastText(lead[17])).toContain("Task #1 is done: applyDiscount is committed on wt/discount.");
    const roster = await readJson<{ members: { name: string }[] }>(".team/config.json");
    expect(roster.members.map((m) => m.name)).toEqual(["alice"]);

    // ── s12: she worked inside the worktree; the lead merged her branch and removed it ────
    expect(lastText(alice[1])).toMatch(/<worktree>\nYou now work in worktree discount for task #1: \.worktrees\/discount, branch wt\/discount/);
    // (s04's reminder went to her too — three rounds since her plan, the task she holds on the
    // board, last changed — and the screen says so.)
    expect(notices(["alice"])).toEqual([
      "works in .worktrees/discount now (task #1, branch wt/discount)",
      "Reminder sent to the model with this round's results: the plan has not changed in 3 rounds of tool calls.",
    ]);
    expect(lastText(alice[3])).toContain("## wt/discount");
    const subject = async (rev: string) => (await git(ws, "log", "-1", "--format=%s", rev)).trim();
    expect(await subject("main")).toBe("Test applyDiscount");
    expect(await subject("main~1")).toBe("Merge branch 'wt/discount'");
    // A real merge: main's own commit first, alice's commit from the worktree's branch second.
    const [ours, theirs, ...more] = (await git(ws, "log", "-1", "--format=%P", "main~1")).trim().split(" ");
    expect(more).toEqual([]);
    expect(await subject(ours!)).toBe("Fix cartTotal: add each line");
    expect(await subject(theirs!)).toBe("Add applyDiscount");
    expect((await git(ws, "show", "--name-only", "--format=", theirs!)).trim()).toBe("shop/src/discount.js");
    expect(await subject(`${theirs!}~1`)).toBe("The practice workspace"); // branched before the fix
    expect(await git(ws, "branch", "--list")).toBe("* main\n"); // wt/discount is gone
    expect(await git(ws, "worktree", "list", "--porcelain")).not.toContain(".worktrees/discount");
    expect(await git(ws, "status", "--porcelain")).toBe("");
    // The lesson's own books: the index says removed, the event log says how it got there.
    const index = await readJson<{ worktrees: { name: string; status: string; task_id: number }[] }>(INDEX_FILE);
    expect(index.worktrees.map((w) => [w.name, w.status, w.task_id])).toEqual([["discount", "removed", 1]]);
    const events = (await readFile(path.join(ws, EVENTS_FILE), "utf8")).trim().split("\n").map((l) => JSON.parse(l) as { event: string; task_id?: number; force?: boolean });
    expect(events.map((e) => [e.event, e.task_id ?? e.force])).toEqual([
      ["worktree.create", 1],
      ["worktree.remove", false],
    ]);
    expect(await readFile(path.join(ws, "shop/src/discount.js"), "utf8")).toContain("export function applyDiscount");
    expect(lastText(lead[22])).toMatch(/pass 6\n\S+ fail 0/);
    // The merged code passes its tests here too, run by the test itself.
    const testFiles = (await readdir(path.join(ws, "shop/test"))).filter((f) => f.endsWith(".test.js")).map((f) => `shop/test/${f}`);
    const { stdout } = await run(process.execPath, ["--test", "--test-reporter=tap", ...testFiles], { cwd: ws });
    expect(stdout).toMatch(/# pass 6\n# fail 0/);

    // ── s13: the model found the tracker's tool with tool_search (deferred); it answered from its own process, under its full name, with no question
    expect(bodyOf(lead[0]!).tools!.map((t) => t.name)).toContain("tool_search");
    expect(lastText(lead[25])).toBe("#1 [open] cartTotal ignores quantities\n#2 [open] No tests for formatPrice");
    expect(ran).toContain("mcp__issues__list_issues ");

    // ── s15: the whole session is on disk, one JSON line per entry, the first prompt among them
    const sessionsDir = path.join(ws, ".sessions");
    const transcripts = (await readdir(sessionsDir, { recursive: true })).filter((f) => String(f).endsWith(".jsonl"));
    expect(transcripts.length).toBeGreaterThan(0);
    const lines = (await Promise.all(transcripts.map((f) => readFile(path.join(sessionsDir, String(f)), "utf8")))).join("");
    expect(lines).toContain("Get ready to add a discount to the shop");

    // ── s16: one evaluator request, no tools, the verdict's schema; met ──────────────────
    const evaluations = simulator.requests.filter((r) => (r.body as { output_config?: unknown }).output_config !== undefined);
    expect(evaluations).toHaveLength(1);
    expect(bodyOf(evaluations[0]!).tools).toBeUndefined();
    expect(notices()).toContain("Goal met: The transcript shows the edit to cartTotal and its commit on main.");

    // ── s17: the workflow's agent read the file in a context of its own; the run is journaled
    const reviewer = requestsOf(simulator.requests, "wf-1.agent-1");
    expect(reviewer).toHaveLength(2);
    expect(bodyOf(reviewer[0]!).messages).toHaveLength(1);
    expect(await new RunFolder(ws, "wf-1").readRecord()).toMatchObject({ status: "completed", agents: 1, result: expect.stringContaining("whole cents") });
    expect((await new RunFolder(ws, "wf-1").finished()).size).toBe(1);
    expect(lastText(lead[28])).toMatch(/<task-id>wf-1<\/task-id>\n<status>completed<\/status>/);
  }, 120_000); // about 10 s on an idle machine; three agents, a job and git take longer on a loaded one
});
