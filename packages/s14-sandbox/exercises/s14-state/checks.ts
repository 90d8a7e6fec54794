/**
 * s14-state: the lesson's agent with the student's state.ts, built where no bubblewrap can be
 * found (PATH points at an empty folder while it is built), so these checks run anywhere. What
 * they read: the notices the session showed, `/sandbox`, and what a bash call answered.
 */
import { mkdtemp, rm } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { expect } from "vitest";
import type { Lesson } from "@learn/core/harness";
import { scriptedAgent, toolResultsOf } from "@learn/core/testing";
import { defineChecks, type CheckContext } from "@learn/exercises";

const NO_SANDBOX = "Sandbox: bubblewrap is not installed (Debian/Ubuntu: apt-get install bubblewrap).";

async function session(t: CheckContext, sandbox: object | undefined, flags: Record<string, string> = {}) {
  const ws = await t.workspace({ "a.txt": "hello\n", ".claude/settings.local.json": JSON.stringify(sandbox ? { sandbox } : {}) });
  const { lesson } = await t.lesson<{ lesson: Lesson }>("src/index.ts");
  const script = JSON.stringify({ prompt: "go", turns: [{ content: [{ type: "tool_use", name: "bash", input: { command: "cat a.txt" } }] }, { content: [{ type: "text", text: "done" }] }] });
  const emptyPath = await mkdtemp(path.join(os.tmpdir(), "learn-s14-check-"));
  const saved = process.env.PATH;
  process.env.PATH = emptyPath;
  let built: Awaited<ReturnType<typeof scriptedAgent>>;
  try {
    built = await scriptedAgent(lesson, script, ws, { flags: { "permission-mode": "bypassPermissions", ...flags } });
  } finally {
    process.env.PATH = saved;
    await rm(emptyPath, { recursive: true, force: true });
  }
  const { agent, renderer, simulator } = built;
  try {
    await agent.run("go", new AbortController().signal);
    const notices = renderer.ofKind("notice").map((n) => n.text).filter((text) => text.startsWith("Sandbox:"));
    const shown = await agent.commands!.find((c) => c.name === "sandbox")!.run("");
    return { notices, shown: String(shown), result: toolResultsOf(simulator.requests[1]!.body)[0]! };
  } finally {
    await agent.close?.();
  }
}

export default defineChecks([
  {
    name: "off: nothing is tried, nothing is said, the command runs",
    async run(t) {
      const { notices, shown, result } = await session(t, undefined);
      expect(notices, "with no sandbox settings, no Sandbox: line should appear").toEqual([]);
      expect(shown, "/sandbox should say it is off").toMatch(/^Sandbox: off/);
      expect(result.content, "cat a.txt should run").toBe("hello\n");
    },
  },
  {
    name: "on, but no bubblewrap: one line says why, /sandbox says so, and the command runs unsandboxed (s03 decides)",
    async run(t) {
      const { notices, shown, result } = await session(t, { enabled: true });
      expect(notices, "one line: why, and who decides instead").toEqual([`${NO_SANDBOX} Commands run unsandboxed; the permission policy alone decides, as in lesson 3.`]);
      expect(shown, "/sandbox should say it was wanted and why it is not there").toMatch(/^Sandbox: wanted, but bubblewrap is not installed/);
      expect(result.content, "cat a.txt should run (the policy allowed it)").toBe("hello\n");
    },
  },
  {
    name: "--sandbox false wins over the settings: off, and nothing tried",
    async run(t) {
      const { notices, shown } = await session(t, { enabled: true }, { sandbox: "false" });
      expect(notices, "--sandbox false: no trial, so no line").toEqual([]);
      expect(shown, "/sandbox should say it is off").toMatch(/^Sandbox: off/);
    },
  },
  {
    name: "failIfUnavailable: the line says no command will run, and none does",
    async run(t) {
      const { notices, result } = await session(t, { enabled: true, failIfUnavailable: true });
      expect(notices).toEqual([`${NO_SANDBOX} sandbox.failIfUnavailable is set: no command will run.`]);
      expect(result, "cat a.txt should be refused, saying why").toMatchObject({ isError: true, content: expect.stringContaining("the sandbox is required") });
    },
  },
]);
