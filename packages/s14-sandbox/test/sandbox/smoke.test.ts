/**
 * The s14 demo, end to end: the real SDK, the simulator, the practice copy with the sandbox on,
 * a policy that says yes to everything (bypassPermissions). s03 still denies `cat .env` (it can
 * read that line); what it cannot read runs — and the operating system says no: the script's
 * computed read of .env fails with EACCES, the copy to the folder above with "Read-only file
 * system", the script that plants core.fsmonitor with EROFS. Effects checked on disk.
 */
import { access, readFile, rm } from "node:fs/promises";
import path from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { checkConversation } from "@learn/core";
import { lessonWorkspace } from "@learn/core/harness";
import { toolResultsOf } from "@learn/core/testing";
import { bodyOf, runDemo } from "@learn/s09/testing";
import { lesson } from "../../src/index.ts";
import { PRACTICE_TOKEN } from "../../src/practice-sandbox.ts";
import { needsBubblewrap } from "./needs-bwrap.ts";

needsBubblewrap();

let ws: string;
beforeEach(async () => {
  ws = await lessonWorkspace(lesson, "s14-smoke");
});
afterEach(() => rm(ws, { recursive: true, force: true }));

describe("s14 demo: the operating system says no", () => {
  it("what the parser misses runs, and the sandbox stops it: nothing outside changed, the token never reached the model", async () => {
    const gitConfig = await readFile(path.join(ws, ".git", "config"), "utf8");
    const { simulator, renderer, turns } = await runDemo(lesson, 0, ws);
    expect(renderer.ofKind("error")).toEqual([]);
    expect(renderer.ofKind("notice").map((n) => n.text).join("\n")).not.toMatch(/^Sandbox:/m); // it started: no line about it
    expect(simulator.remaining()).toBe(0);
    for (const r of simulator.requests) expect(checkConversation(bodyOf(r).messages)).toBeUndefined();
    const results = simulator.requests.slice(1).map((r) => toolResultsOf(r.body)[0]);
    expect(results.map((r) => r?.isError)).toEqual([true, false, true, true, false, true]);
    expect(results[0]!.content).toMatch(/^Denied: bash "cat \.env" matches the rule Read\(\.\/\.env\)/); // s03, as before
    expect(results[2]!.content).toContain("EACCES: permission denied, open '.env'");
    expect(results[3]!.content).toContain("cp: cannot create regular file '../cart.js': Read-only file system");
    expect(results[5]!.content).toContain("EROFS: read-only file system, open '.git/config'");
    for (const r of simulator.requests) expect(JSON.stringify(r.body)).not.toContain(PRACTICE_TOKEN);
    await expect(access(path.join(ws, "..", "cart.js"))).rejects.toThrow();
    expect(await readFile(path.join(ws, ".git", "config"), "utf8")).toBe(gitConfig);
    expect(turns.at(-1)!.answer).toMatch(/^None of it worked/);
  });

  it("/sandbox says it is on, and what it allows", async () => {
    const { agent } = await runDemo(lesson, 0, ws);
    const text = await agent.commands!.find((c) => c.name === "sandbox")!.run("");
    expect(text).toMatch(/^Sandbox: on \(bubblewrap\)\. Settings: \.claude\/settings\.local\.json\./);
    expect(text).toContain("network:  off");
  });
});
