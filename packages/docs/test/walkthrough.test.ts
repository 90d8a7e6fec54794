/**
 * Each lesson's walkthrough comes from a real run of its demo: it shows the demo's final
 * answer and every tool the script calls, each call answered by a real tool result — and
 * two runs give the same text.
 */
import { describe, expect, it } from "vitest";
import { loadScript, repoRoot, type Script } from "@learn/core";
import { discoverLessons } from "../src/discover.ts";
import { EN, ZH } from "../src/labels.ts";
import { gatherFacts } from "../src/lesson-facts.ts";
import { renderWalkthrough } from "../src/walkthrough.ts";

const { lessons } = await discoverLessons(repoRoot());

/** The text of the script's last answer, and the tools it has the model call. */
function expectations(script: Script) {
  const texts = script.turns.flatMap((turn) => (turn.content ?? []).filter((b) => b.type === "text"));
  const lastTextTurn = script.turns.findLast((turn) => turn.content?.some((b) => b.type === "text") && !turn.content.some((b) => b.type === "tool_use"));
  const finalAnswer = (lastTextTurn?.content ?? []).map((b) => (b.type === "text" ? b.text : "")).join("");
  const tools = [...new Set(script.turns.flatMap((turn) => (turn.content ?? []).flatMap((b) => (b.type === "tool_use" ? [b.name] : []))))];
  return { finalAnswer, tools, texts };
}

describe.each(lessons.map((pkg) => [pkg.lesson.id, pkg] as const))("the %s walkthrough", (_id, pkg) => {
  it("shows the real run: the final answer, each scripted tool, a result for every call; twice the same", async () => {
    const [first, second] = await Promise.all([gatherFacts(pkg), gatherFacts(pkg)]);
    const text = renderWalkthrough(first, EN);
    expect(renderWalkthrough(second, EN)).toBe(text);
    expect(renderWalkthrough(second, ZH)).toBe(renderWalkthrough(first, ZH));

    for (const file of pkg.lesson.demoScripts) {
      const { finalAnswer, tools } = expectations(await loadScript(file));
      expect(text).toContain(finalAnswer);
      for (const tool of tools) expect(text).toContain(`tool_use \`${tool}\``);
    }
    // Every tool call the model made was answered by a tool result the harness sent back.
    const calls = [...text.matchAll(/tool_use `[^`]+` `(toolu_\d+)`/g)].map((m) => m[1]);
    expect(calls.length).toBeGreaterThan(0);
    for (const id of calls) expect(text).toContain(`tool_result \`${id}\``);
    // Nothing of the machine the run happened on leaks into the text.
    expect(text).not.toMatch(/learn-[a-z0-9]+-docs-|toolu_sim_|msg_sim_/);
  });
});
