/**
 * The promise of resume: the first request after it equals, block for block, the request the
 * session would have sent had it never stopped. A scripted session of several prompts, with tool
 * rounds (one call, two at once, a file written and read, a plan): run it whole once; then, for
 * every prompt k, run prompts 1..k, leave (close the agent), start a new agent with --continue
 * (or --resume <id>), send prompt k+1, and compare its first request with the whole run's.
 */
import { readdir } from "node:fs/promises";
import path from "node:path";
import { describe, expect, it } from "vitest";
import type { Script } from "@learn/core/simulator";
import { projectDir } from "../src/index.ts";
import { runAll, sessionAgent, text, use, usePlace } from "./helpers.ts";

const PROMPTS = [
  "Start notes.md with a line, using bash.",
  "Read notes.md back, and list the shop folder at the same time.",
  "Plan two steps, then do the first.",
  "Say what you did.",
] as const;

/** The model's turns for prompt i (0-based): what it answers, round by round. */
const TURNS: Script["turns"][] = [
  [{ content: [text("Writing it."), use("bash", { command: "echo '- buy milk' > notes.md" })] }, { content: [text("notes.md started.")] }],
  [{ content: [use("read_file", { path: "notes.md" }), use("bash", { command: "ls shop" })] }, { content: [text("It says - buy milk; shop has src and test.")] }],
  [
    { content: [use("todo_write", { todos: [{ content: "Add a line", status: "in_progress", activeForm: "Adding a line" }, { content: "Check it", status: "pending", activeForm: "Checking it" }] })] },
    { content: [use("bash", { command: "echo '- call Bob' >> notes.md" })] },
    { content: [text("First step done.")] },
  ],
  [{ content: [text("I started notes.md, read it, and added a line.")] }],
];

const scriptOf = (from: number, to: number): Script => ({ turns: TURNS.slice(from, to).flat() });

describe("resume equals continue", () => {
  const place = usePlace();

  async function runPrompts(prompts: readonly string[], script: Script, flags: Record<string, string> = {}) {
    const scripted = await sessionAgent(place, script, flags);
    try {
      for (const prompt of prompts) await runAll(scripted.agent, prompt, scripted.renderer);
    } finally {
      await scripted.agent.close?.();
    }
    expect(scripted.renderer.ofKind("error")).toEqual([]);
    return scripted;
  }

  it.each(["continue", "resume"] as const)("at every prompt: stop, --%s, and the next request is the one the whole run sent", async (how) => {
    const whole = await runPrompts(PROMPTS, scriptOf(0, PROMPTS.length));
    const requests = whole.simulator.requests.map((r) => r.body);
    // Where each prompt's first request is in the whole run.
    const firsts = PROMPTS.map((p) => requests.findIndex((b) => JSON.stringify((b as { messages: unknown[] }).messages.at(-1)).includes(p)));
    expect(firsts.every((i) => i >= 0)).toBe(true);

    for (let k = 1; k < PROMPTS.length; k++) {
      await place.freshWorkspace();
      const sessions = path.join(place.sessions, String(k));
      await runPrompts(PROMPTS.slice(0, k), scriptOf(0, k), { "sessions-dir": sessions });
      const dir = projectDir(sessions, place.ws);
      const [file] = await readdir(dir).then((names) => names.filter((n) => n.endsWith(".jsonl")));
      const flags: Record<string, string> = how === "continue" ? { continue: "true" } : { resume: file!.slice(0, -".jsonl".length) };
      // The resumed agent gets one answer: only its first request matters here.
      const resumed = await runPrompts([PROMPTS[k]!], { turns: [{ content: [text("ok")] }] }, { ...flags, "sessions-dir": sessions });
      expect(resumed.simulator.requests[0]!.body, `the first request after stopping at prompt ${k}`).toEqual(requests[firsts[k]!]);
      expect(resumed.renderer.ofKind("notice").map((n) => n.text).join("\n")).toContain(`Resumed session ${file!.slice(0, 8)}`);
      // Going on in the same file: its lines before the resume are untouched.
      expect((await readdir(dir)).filter((n) => n.endsWith(".jsonl"))).toEqual([file]);
    }
  });
});
