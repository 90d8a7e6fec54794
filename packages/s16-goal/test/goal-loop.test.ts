/**
 * The goal loop on the real SDK and the simulator: what the evaluator's request holds, what
 * each verdict does (met, impossible, not met, no verdict), the cap on "not met" in a row, the
 * cheaper model, Ctrl-C, and /goal's own answers — bad input included.
 */
import path from "node:path";
import { describe, expect, it } from "vitest";
import { checkConversation } from "@learn/core";
import { scriptedAgent, useTempWorkspace } from "@learn/core/testing";
import type { Script } from "@learn/core/simulator";
import { lesson } from "../src/index.ts";
import { DEFAULT_BLOCK_CAP } from "../src/goal/stop-hook.ts";
import { MAX_CONDITION_CHARS } from "../src/goal/goal.ts";
import { agentRequests, bodyOf, evaluatorRequests, expectEvaluatorRequest, lastMessage, says, text, textOfMessage, typed, verdict, withoutCacheMarks } from "./helpers.ts";

const ws = useTempWorkspace({ "notes.md": "# notes\n", ".user/.keep": "" });
const CONDITION = "notes.md says the work is done";

async function agentOn(turns: Script["turns"], flags: Record<string, string> = {}) {
  return scriptedAgent(lesson, { turns }, ws.dir, { userDir: path.join(ws.dir, ".user"), flags });
}

describe("/goal: the loop", () => {
  it("judges every stop with a separate, tool-less request; not met goes on with Claude Code's feedback; met stops", async () => {
    const { agent, simulator, renderer } = await agentOn([
      says("Goal noted. I have not started."),
      verdict({ ok: false, reason: "notes.md was not changed yet" }),
      says("Done: notes.md now says the work is done."),
      verdict({ ok: true, reason: "the assistant said notes.md now says the work is done" }),
    ]);
    const answer = await typed(agent, `/goal ${CONDITION}`, renderer);
    expect(answer).toBe("Done: notes.md now says the work is done.");
    expect(simulator.remaining()).toBe(0);

    const [first, second] = agentRequests(simulator.requests);
    expect(textOfMessage(lastMessage(first!))).toContain(`Goal set: ${CONDITION}\n\nA session-scoped Stop hook is now active with condition: "${CONDITION}".`);
    const evaluations = evaluatorRequests(simulator.requests);
    expect(evaluations).toHaveLength(2);
    expectEvaluatorRequest(evaluations[0]!, CONDITION, first!);
    expectEvaluatorRequest(evaluations[1]!, CONDITION, second!);
    expect((evaluations[0]!.body as { model: string }).model).toBe((first!.body as { model: string }).model);
    // Not met: the next request ends with the reason, in Claude Code's words.
    expect(withoutCacheMarks([lastMessage(second!)])).toEqual([{ role: "user", content: [text(`Stop hook feedback:\n[${CONDITION}]: notes.md was not changed yet`)] }]);
    for (const r of simulator.requests) expect(checkConversation(bodyOf(r).messages)).toBeUndefined();

    const notices = renderer.ofKind("notice").map((n) => n.text);
    expect(notices).toContain("Goal not met: notes.md was not changed yet — working on.");
    expect(notices).toContain("Goal met: the assistant said notes.md now says the work is done");
    // Met: the goal clears itself.
    expect(await typed(agent, "/goal", renderer)).toBe("No goal set. The last one ended: met: the assistant said notes.md now says the work is done");
  });

  it("stops at once when the evaluator judges the goal impossible, and clears it", async () => {
    const { agent, simulator, renderer } = await agentOn([says("This cannot be done."), verdict({ ok: false, impossible: true, reason: "the condition contradicts itself" })]);
    await typed(agent, "/goal 2 + 2 is 5", renderer);
    expect(evaluatorRequests(simulator.requests)).toHaveLength(1);
    expect(agentRequests(simulator.requests)).toHaveLength(1);
    expect(renderer.ofKind("notice").map((n) => n.text)).toContain("Goal judged impossible: the condition contradicts itself");
    expect(await typed(agent, "/goal", renderer)).toMatch(/^No goal set\. The last one ended: impossible: /);
  });

  it(`ends the turn after ${DEFAULT_BLOCK_CAP} "not met" in a row, as Claude Code does; the goal stays set`, async () => {
    const turns: Script["turns"] = [];
    for (let i = 0; i < DEFAULT_BLOCK_CAP; i++) turns.push(says(`Attempt ${i + 1}.`), verdict({ ok: false, reason: `still missing (${i + 1})` }));
    const { agent, simulator, renderer } = await agentOn(turns);
    expect(await typed(agent, `/goal ${CONDITION}`, renderer)).toBe(`Attempt ${DEFAULT_BLOCK_CAP}.`);
    expect(simulator.remaining()).toBe(0);
    expect(evaluatorRequests(simulator.requests)).toHaveLength(9);
    expect(agentRequests(simulator.requests)).toHaveLength(9); // eight feedback messages, then the cap
    expect(renderer.ofKind("notice").at(-1)!.text).toMatch(/^Goal not met: still missing \(9\)\. Not met 9 times in a row: the turn ends here/);
    expect(await typed(agent, "/goal", renderer)).toBe(`Goal: ${CONDITION}\nLast check (9 so far): not met: still missing (9)`);
  });

  it("--goal-block-cap sets the cap; a cap that is not a whole number is reported and the default kept", async () => {
    const { agent, simulator, renderer } = await agentOn([says("a"), verdict({ ok: false, reason: "no" }), says("b"), verdict({ ok: false, reason: "no" })], { "goal-block-cap": "2" });
    await typed(agent, `/goal ${CONDITION}`, renderer);
    expect(evaluatorRequests(simulator.requests)).toHaveLength(2);
    const bad = await agentOn([], { "goal-block-cap": "zero" });
    expect(bad.renderer.ofKind("error").map((e) => e.text)).toEqual([`--goal-block-cap "zero" is not a whole number from 1; using ${DEFAULT_BLOCK_CAP}.`]);
  });

  it("asks once more after an answer that is not a verdict (a refusal), and goes on with the second", async () => {
    const { agent, simulator, renderer } = await agentOn([
      says("Working."),
      { expect: { noTools: true }, stop_reason: "refusal", content: [text("I would rather not judge that.")] },
      verdict({ ok: true, reason: "done" }),
    ]);
    await typed(agent, `/goal ${CONDITION}`, renderer);
    expect(simulator.remaining()).toBe(0);
    expect(renderer.ofKind("notice").map((n) => n.text)).toEqual(expect.arrayContaining([`Goal: the evaluator's answer is not JSON: "I would rather not judge that."; asking once more.`, "Goal met: done"]));
  });

  it("two answers that are not verdicts end the turn with a clear error; the goal stays set and the session goes on", async () => {
    const { agent, simulator, renderer } = await agentOn([
      says("Working."),
      { expect: { noTools: true }, stop_reason: "refusal", content: [text("I think")] },
      { expect: { noTools: true }, stop_reason: "refusal", content: [text('{"ok": "yes"}')] },
      says("Next prompt answered."),
      verdict({ ok: true, reason: "fine" }),
    ]);
    expect(await typed(agent, `/goal ${CONDITION}`, renderer)).toBe("Working.");
    expect(renderer.ofKind("error").map((e) => e.text)).toEqual([
      "Goal: the evaluator's answer is not a verdict: ✖ Invalid input: expected boolean, received string → at ok ✖ Invalid input: expected string, received undefined → at reason. The turn ends here; the goal stays set (/goal clear ends it).",
    ]);
    expect(agentRequests(simulator.requests)).toHaveLength(1);
    expect(await typed(agent, "/goal", renderer)).toMatch(new RegExp(`^Goal: ${CONDITION}\nLast check \\(1 so far\\): no verdict`));
    expect(await typed(agent, "go on", renderer)).toBe("Next prompt answered.");
  });

  it("asks a cheaper model when configured: a model id, or an alias s05's flags define", async () => {
    for (const [flags, model] of [[{ "goal-model": "claude-cheap-1" }, "claude-cheap-1"], [{ "goal-model": "haiku", "haiku-model": "claude-haiku-x" }, "claude-haiku-x"]] as const) {
      const { agent, simulator, renderer } = await agentOn([says("Working."), verdict({ ok: true, reason: "done" })], flags);
      await typed(agent, `/goal ${CONDITION}`, renderer);
      expect(evaluatorRequests(simulator.requests).map((r) => (r.body as { model: string }).model)).toEqual([model]);
      expect(agentRequests(simulator.requests).map((r) => (r.body as { model: string }).model)).not.toContain(model);
    }
  });

  it("Ctrl-C while the evaluator judges ends the turn cleanly: no feedback sent, the conversation valid, the goal still set", async () => {
    const { agent, simulator, renderer } = await agentOn([says("Working."), { ...verdict({ ok: false, reason: "never seen" }), delayMs: 60_000 }, says("Back."), verdict({ ok: true, reason: "ok" })]);
    const controller = new AbortController();
    // Cancel once the agent's answer is on screen: the evaluator's request is on its way or waiting.
    const watch = setInterval(() => renderer.textOf().includes("Working.") && controller.abort(), 5);
    try {
      await expect(typed(agent, `/goal ${CONDITION}`, renderer, controller.signal)).rejects.toThrow();
    } finally {
      clearInterval(watch);
    }
    expect(agentRequests(simulator.requests)).toHaveLength(1);
    expect(await typed(agent, "/goal", renderer)).toBe(`Goal: ${CONDITION}\nNot checked yet: the evaluator judges it when a turn ends.`);
  });
});

describe("/goal: the command", () => {
  it("answers without a turn when there is nothing to work on, as Claude Code's", async () => {
    const { agent, simulator, renderer } = await agentOn([]);
    expect(await typed(agent, "/goal", renderer)).toBe("No goal set. Usage: `/goal <condition>`");
    expect(await typed(agent, "/goal clear", renderer)).toBe("No goal set");
    const long = "x".repeat(MAX_CONDITION_CHARS + 1);
    expect(await typed(agent, `/goal ${long}`, renderer)).toBe(`Goal condition is limited to 4000 characters (got ${MAX_CONDITION_CHARS + 1})`);
    expect(await typed(agent, "/goal", renderer)).toBe("No goal set. Usage: `/goal <condition>`");
    expect(simulator.requests).toEqual([]);
  });

  it("/goal clear ends a goal early; /clear ends it too (a new session)", async () => {
    const { agent, renderer } = await agentOn([]);
    const goal = agent.commands!.find((c) => c.name === "goal")!;
    await goal.run("first condition");
    expect(await typed(agent, "/goal clear", renderer)).toBe("Goal cleared: first condition");
    await goal.run("second condition");
    agent.clear();
    expect(await typed(agent, "/goal", renderer)).toBe("No goal set. Usage: `/goal <condition>`");
  });
});
