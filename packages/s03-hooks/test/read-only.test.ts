/**
 * Read-only bash needs no rule (Claude Code runs `cat`, `wc`, `grep`, `ls`, `find` without
 * actions... inside the working directories): through the lesson — real SDK, simulator, real
 * bash tool — in default, plan and acceptEdits modes, with a canary file that must survive
 * every call that is not read-only. With no terminal, a question is a denial.
 */
import { access, readFile, writeFile } from "node:fs/promises";
import path from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { scriptedAgent, tempWorkspace, toolResultsOf, type TempWorkspace } from "@learn/core/testing";
import { lesson } from "../src/index.ts";
import { never, scriptOf, writeSettings } from "./helpers.ts";

let ws: TempWorkspace;
beforeEach(async () => {
  ws = await tempWorkspace({ "canary.txt": "still here\n", "src/a.js": "console.log(1)\n" });
});
afterEach(() => ws.cleanup());

/** One turn of bash calls under these settings and this mode; the tool results, in order. */
async function runBash(commands: string[], mode: string, settings: object = {}) {
  await writeSettings(ws.dir, settings);
  const script = scriptOf(commands.map((command) => ({ name: "bash", input: { command } })));
  const { agent, simulator } = await scriptedAgent(lesson, script, ws.dir, { flags: { "permission-mode": mode } });
  await agent.run("look around", never());
  expect(simulator.remaining()).toBe(0);
  return toolResultsOf(simulator.requests[1]!.body);
}

const canary = () => readFile(path.join(ws.dir, "canary.txt"), "utf8");
const exists = (name: string) => access(path.join(ws.dir, name)).then(() => true, () => false);

describe("default mode, no rules", () => {
  it("runs read-only commands inside the workspace; asks (no terminal: denies) everything else", async () => {
    const results = await runBash(
      ["cat canary.txt | wc -l", "cd src && cat a.js", "find . -name '*.js'", "rm canary.txt", "find . -name canary.txt -delete", "echo gone > canary.txt", "cat ../outside.txt", "LD_PRELOAD=x.so cat canary.txt"],
      "default",
    );
    expect(results.slice(0, 3)).toMatchObject([
      { isError: false, content: "1\n" },
      { isError: false, content: "console.log(1)\n" },
      { isError: false, content: "./src/a.js\n" },
    ]);
    for (const r of results.slice(3)) expect(r).toMatchObject({ isError: true, content: expect.stringMatching(/^Denied: .*there is no one to ask/s) });
    expect(await canary()).toBe("still here\n");
  });

  it("a deny rule still wins: Read(./canary.txt) denies cat canary.txt", async () => {
    const [result] = await runBash(["cat canary.txt"], "default", { permissions: { deny: ["Read(./canary.txt)"] } });
    expect(result).toMatchObject({ isError: true, content: expect.stringContaining("matches the rule Read(./canary.txt) in permissions.deny") });
  });
});

describe("plan mode", () => {
  it("runs read-only bash; refuses the rest as before", async () => {
    const results = await runBash(["cat canary.txt", "ls src", "rm canary.txt", "echo gone > canary.txt"], "plan");
    expect(results.slice(0, 2)).toMatchObject([
      { isError: false, content: "still here\n" },
      { isError: false, content: "a.js\n" },
    ]);
    for (const r of results.slice(2)) expect(r).toMatchObject({ isError: true, content: expect.stringMatching(/^Denied: plan mode: bash ".*" would change something/) });
    expect(await canary()).toBe("still here\n");
  });
});

describe("acceptEdits mode", () => {
  it("runs mv, cp, touch, mkdir and redirections inside the workspace; asks before rm, before a path outside, before .claude/", async () => {
    await writeFile(path.join(ws.dir, "old.txt"), "old\n");
    const results = await runBash(
      ["cp canary.txt copy.txt", "mv old.txt moved.txt", "touch new.txt && mkdir -p out/d", "echo hi > out/hi.txt", "rm canary.txt", "cp canary.txt ../outside-copy.txt", "mkdir -p .claude/x", "chmod +x canary.txt"],
      "acceptEdits",
    );
    expect(results.slice(0, 4).map((r) => r.isError)).toEqual([false, false, false, false]);
    for (const r of results.slice(4)) expect(r).toMatchObject({ isError: true, content: expect.stringMatching(/^Denied: /) });
    expect(await readFile(path.join(ws.dir, "copy.txt"), "utf8")).toBe("still here\n");
    expect([await exists("moved.txt"), await exists("old.txt"), await exists("new.txt"), await exists("out/d"), await exists(".claude/x")]).toEqual([true, false, true, true, false]);
    expect(await readFile(path.join(ws.dir, "out/hi.txt"), "utf8")).toBe("hi\n");
    expect(await exists("../outside-copy.txt")).toBe(false);
    expect(await canary()).toBe("still here\n");
  });
});
