/**
 * The s15 demo, end to end: the real SDK, the simulator, real bash in a copy of the practice
 * workspace. Effects: notes.md written and appended by bash; /rewind 2 puts the file and the
 * conversation back (the next request holds prompt 1's messages only); /branch writes the
 * conversation to a new file and keeps the old one; /resume lists both; /cost counts the calls.
 */
import { readdir, readFile, rm } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { checkConversation, runUntilIdle, type IdleRunTurn } from "@learn/core";
import { commandPrompt, lessonWorkspace } from "@learn/core/harness";
import { loadScript } from "@learn/core/simulator";
import { scriptedAgent } from "@learn/core/testing";
import { lesson, loadTranscript, projectDir } from "../src/index.ts";
import { bodyOf } from "./helpers.ts";

let ws: string;
let sessions: string;
beforeEach(async () => {
  ws = await lessonWorkspace(lesson, "s15-smoke");
  sessions = path.join(os.tmpdir(), `learn-s15-smoke-sessions-${path.basename(ws)}`);
});
afterEach(async () => {
  await rm(ws, { recursive: true, force: true });
  await rm(sessions, { recursive: true, force: true });
});

describe("s15 demo: rewind a bash write, branch, resume, cost", () => {
  it("runs every prompt and command of the demo, with the effects each promises", async () => {
    const script = await loadScript(lesson.demoScripts[0]!);
    const { agent, renderer, simulator } = await scriptedAgent(lesson, script, ws, { flags: { ...lesson.demoFlags, "sessions-dir": sessions } });
    const said: string[] = [];
    const turns: IdleRunTurn[] = [];
    try {
      for (const prompt of script.prompt as string[]) {
        // As the demo runs it: a command's text, or a turn run until idle (core's commandPrompt).
        const typed = await commandPrompt(agent, prompt, renderer);
        if ("exit" in typed) throw new Error(`${prompt} failed`);
        said.push("output" in typed ? typed.output : await runUntilIdle(agent, typed.prompt, new AbortController().signal, renderer, (t) => turns.push(t)));
        if (prompt.startsWith("Add")) expect(await readFile(path.join(ws, "notes.md"), "utf8")).toBe("- buy milk\n- call Bob\n");
      }
    } finally {
      await agent.close?.();
    }
    expect(renderer.ofKind("error")).toEqual([]);
    expect(simulator.remaining()).toBe(0);
    for (const r of simulator.requests) expect(checkConversation(bodyOf(r).messages)).toBeUndefined();

    expect(said[2]).toContain("Files put back: notes.md.");
    expect(await readFile(path.join(ws, "notes.md"), "utf8")).toBe("- buy milk\n");
    const afterRewind = bodyOf(simulator.requests[4]!).messages;
    expect(afterRewind).toHaveLength(5);
    expect(JSON.stringify(afterRewind)).not.toContain("call Bob");
    expect(turns.at(-1)!.answer).toContain("notes.md says: - buy milk.");

    const dir = projectDir(sessions, ws);
    const files = (await readdir(dir)).filter((n) => n.endsWith(".jsonl"));
    expect(files).toHaveLength(2);
    expect(said[5]).toContain("(this one)");
    for (const f of files) expect(said[5]).toContain(f.slice(0, -".jsonl".length));
    // Both files read back to the conversation as it is now: the original (rewound, then prompt 4) and the branch.
    for (const f of files) {
      const loaded = await loadTranscript(path.join(dir, f), f.slice(0, -".jsonl".length));
      expect(loaded.messages).toHaveLength(8);
      expect(JSON.stringify(loaded.messages)).not.toContain("call Bob");
    }
    expect(said[6]).toMatch(/^offline-simulator: 6 calls, [\d,]+ in, [\d,]+ out/);
    expect(renderer.ofKind("notice").map((n) => n.text).join("\n")).toMatch(/Resume it with --resume [0-9a-f-]{36}/);
  });
});
