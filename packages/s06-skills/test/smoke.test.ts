/**
 * The s06 demo, end to end: the real SDK, the simulator (which accounts for the prompt cache
 * by the API's rules), the real tools, in a fresh copy of the practice workspace — its
 * CLAUDE.md and settings.json included. What matters: the skill was loaded only when asked
 * for and then followed, the memory was written and then used, and every request was laid
 * out so that most of it was read from the cache.
 */
import { readFile } from "node:fs/promises";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";
import { loadScript, PromptCache, type RecordedRequest, type Script } from "@learn/core/simulator";
import { scriptedAgent, toolResultsOf, useTempWorkspace } from "@learn/core/testing";
import { lesson } from "../src/index.ts";
import { bodyOf, breakpointsOf, type Body, cacheReadOf, inputOf, never, systemText } from "./helpers.ts";

const pkg = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const ws = useTempWorkspace();

const INDEX_LINE = "- [test-file-header](test-file-header.md) (feedback) — New test files start with a one-line comment saying what they cover";
/** The share of input read from the cache, over the requests from the third on: the lesson's promise. */
const CACHE_SHARE_TARGET = 0.8;

/** Run every prompt of the demo, in order, on one agent. */
async function runDemo(dir: string) {
  const script = await loadScript(lesson.demoScripts[0]!);
  const scripted = await scriptedAgent(lesson, script, dir, { flags: { ...lesson.demoFlags } }); // acceptEdits, as the demo runs
  const answers: string[] = [];
  for (const prompt of (script as Script & { prompt: string[] }).prompt) answers.push(await scripted.agent.run(prompt, never()));
  return { ...scripted, answers };
}

/**
 * The tokens of a request's tools and first system block (the fixed layer, which carries its
 * own breakpoint), as the simulator counts them: what a fresh cache writes for that prefix.
 */
function toolsAndFirstLayer(body: Body): number {
  const prefix = { model: body.model, tools: body.tools ?? [], system: body.system.slice(0, 1), messages: [{ role: "user", content: "x" }] };
  return new PromptCache().account(prefix).cacheWriteTokens;
}

/** The index of the request whose tool results hold save_memory's. */
const afterSave = (requests: RecordedRequest[]) =>
  requests.findIndex((r) => toolResultsOf(r.body).some((t) => t.content.startsWith("Saved memory test-file-header")));

describe("s06 demo", () => {
  it("loads write-a-test when the work calls for it and follows it; saves a memory; the next file follows the memory", async () => {
    const { simulator, renderer, answers } = await runDemo(ws.dir);
    expect(renderer.ofKind("error")).toEqual([]);
    expect(simulator.requests.every((r) => r.status === 200)).toBe(true);
    expect(simulator.remaining()).toBe(0);
    expect(answers[0]).toMatch(/^Added shop\/test\/format\.test\.js with four tests/);
    expect(answers[1]).toMatch(/^Saved\./);
    expect(answers[2]).toMatch(/^Added shop\/test\/line-total\.test\.js, starting with the one-line comment/);

    // What was written, where.
    const read = (file: string) => readFile(path.join(ws.dir, file), "utf8");
    expect(await read("shop/test/format.test.js")).toContain('test("zero is shown as $0.00"');
    const lineTotal = await read("shop/test/line-total.test.js");
    expect(lineTotal.split("\n")[0]).toBe("// Covers lineTotal: price times quantity, in cents.");
    expect(await read(".memory/MEMORY.md")).toBe(`${INDEX_LINE}\n`);
    expect(await read(".memory/test-file-header.md")).toBe(
      [
        "---",
        "name: test-file-header",
        "description: New test files start with a one-line comment saying what they cover",
        "type: feedback",
        "---",
        "Every new test file starts with a one-line comment that says what it covers (e.g. `// Covers formatPrice: dollars, zero, cents, negatives.`). The user asked for this.",
        "",
      ].join("\n"),
    );

    // What the tools gave back: the skill's instructions, then its reference file, then the test run.
    const results = simulator.requests.map((r) => toolResultsOf(r.body));
    expect(results[1]).toEqual([{ id: expect.any(String), isError: false, content: expect.stringMatching(/^<skill name="write-a-test">\n/) }]);
    expect(results[1]![0]!.content).toContain("- reference/node-test.md");
    expect(results[2]!.map((r) => r.isError)).toEqual([false, false, false, false]);
    expect(results[2]![0]!.content).toBe(await readFile(path.join(pkg, "skills/write-a-test/reference/node-test.md"), "utf8"));
    expect(results[4]![0]!.content).toMatch(/^ℹ pass 4$/m);
    expect(results[afterSave(simulator.requests)]).toEqual([
      { id: expect.any(String), isError: false, content: "Saved memory test-file-header to .memory/test-file-header.md (index: 1 memory)" },
    ]);
    expect(results.at(-1)![0]!.content).toMatch(/^ℹ pass 2$/m);
    // Only the skill's name and description were in the prompt before it was loaded, never its body.
    expect(systemText(simulator.requests[0]!)).toContain("- write-a-test: Add a test");
    expect(JSON.stringify(simulator.requests[0]!.body)).not.toContain("node:assert/strict, a cheat sheet");
  });

  it("every request: the system prompt in cacheable layers, at most four breakpoints, one of them on the last message", async () => {
    const { simulator } = await runDemo(ws.dir);
    const requests = simulator.requests;
    const first = bodyOf(requests[0]!);

    // Block 1: the fixed sections and the skills; block 2: CLAUDE.md (and later the memory
    // index); last: the environment, after the breakpoints, so a new date costs no cache.
    expect(first.system).toHaveLength(3);
    const [fixed, session, environment] = first.system;
    expect(fixed).toMatchObject({ type: "text", cache_control: { type: "ephemeral" } });
    expect(fixed!.text).toMatch(/^You are a coding agent\. You work in the folder named under Environment/);
    expect(fixed!.text).toContain("Which tool is for what:");
    expect(fixed!.text).toContain("call load_skill with its name and follow what it says:\n- code-review: ");
    expect(session).toMatchObject({ type: "text", cache_control: { type: "ephemeral" } });
    expect(session!.text).toMatch(/^Instructions from CLAUDE\.md \(the project's own notes; follow them\):\n\n# Notes for the agent\n/);
    expect(session!.text).not.toContain(".memory/");
    expect(environment).toEqual({ type: "text", text: expect.stringMatching(/^Environment:\n- Working directory: .+\n- Today's date: \d{4}-\d{2}-\d{2}$/) });
    expect(environment!.text).toContain(`- Working directory: ${ws.dir}\n`);
    // The folder is named only there: the cached layers do not depend on where the agent works.
    expect(fixed!.text + session!.text).not.toContain(ws.dir);

    for (const [i, r] of requests.entries()) {
      const body = bodyOf(r);
      const marks = breakpointsOf(body);
      expect(marks.length, `request ${i}`).toBeLessThanOrEqual(4);
      // The last message's last block carries one; no earlier message keeps one.
      const last = body.messages.length - 1;
      const lastBlocks = body.messages[last]!.content as unknown[];
      expect(marks.filter((m) => m.startsWith("messages.")), `request ${i}`).toEqual([`messages.${last}.${lastBlocks.length - 1}`]);
      expect(marks.filter((m) => m.startsWith("system.")), `request ${i}`).toEqual(["system.0", "system.1"]);
    }
  });

  it("the memory index joins the system prompt from the request after save_memory; the cache figures follow the layout", async () => {
    const { simulator } = await runDemo(ws.dir);
    const requests = simulator.requests;
    const saved = afterSave(requests);
    expect(saved).toBe(6);

    // The system prompt is the same bytes while nothing changes, and changes once: at the save.
    const systems = requests.map((r) => JSON.stringify(bodyOf(r).system));
    expect(new Set(systems.slice(0, saved)).size).toBe(1);
    expect(new Set(systems.slice(saved)).size).toBe(1);
    expect(systems[saved]).not.toBe(systems[saved - 1]);
    for (const [i, r] of requests.entries()) expect(systemText(r).includes(INDEX_LINE), `request ${i}`).toBe(i >= saved);
    const memoryLayer = bodyOf(requests[saved]!).system[1]!;
    expect(memoryLayer.text).toMatch(/^Memories saved in earlier sessions, one file each in \.memory\/; this is their index \(\.memory\/MEMORY\.md\)/);
    expect(memoryLayer.text).toContain(`\n\n${INDEX_LINE}\n\nInstructions from CLAUDE.md`);
    // Block 1 did not move.
    expect(bodyOf(requests[saved]!).system[0]).toEqual(bodyOf(requests[0]!).system[0]);

    // The first request finds nothing; the second reads what the first wrote.
    expect(cacheReadOf(requests[0]!)).toBe(0);
    expect(cacheReadOf(requests[1]!)).toBeGreaterThan(0);
    // After the save: still the tools and the first layer — exactly them — but less than before.
    expect(cacheReadOf(requests[saved]!)).toBeGreaterThan(0);
    expect(cacheReadOf(requests[saved]!)).toBeLessThan(cacheReadOf(requests[saved - 1]!));
    expect(cacheReadOf(requests[saved]!)).toBe(toolsAndFirstLayer(bodyOf(requests[saved]!)));
    // The request after it reads the new layer back.
    expect(cacheReadOf(requests[saved + 1]!)).toBeGreaterThan(cacheReadOf(requests[saved - 1]!));

    // From the third request on, most of the input is read from the cache: a function of the
    // script and the layout (the simulator's estimate), not of the machine.
    const later = requests.slice(2);
    const share = later.reduce((sum, r) => sum + cacheReadOf(r), 0) / later.reduce((sum, r) => sum + inputOf(r), 0);
    expect(share).toBeGreaterThanOrEqual(CACHE_SHARE_TARGET);
  });

  it("a new session on the same workspace starts with the memory index in its prompt, and /memory lists it", async () => {
    await runDemo(ws.dir);
    const { agent, simulator } = await scriptedAgent(lesson, { turns: [{ content: [{ type: "text", text: "Noted." }] }] }, ws.dir);
    expect(await agent.run("What do you remember?", never())).toBe("Noted.");
    const system = bodyOf(simulator.requests[0]!).system;
    expect(system).toHaveLength(3);
    expect(system[1]!.text).toContain(`\n\n${INDEX_LINE}\n`);

    const memory = agent.commands?.find((c) => c.name === "memory");
    expect(await memory!.run("")).toBe(
      "1 memory in .memory/:\n  test-file-header [feedback] — New test files start with a one-line comment saying what they cover  (test-file-header.md)",
    );
  });
});
