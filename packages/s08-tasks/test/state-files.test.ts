/**
 * The task board decides what agents work on and, from s12 on, where: `.tasks/` (and the
 * team's `.team/`) are the harness's own state, protected from the model's file tools and from
 * bash in every mode, as `.claude/` is. The lesson's own task tools still write them. Driven
 * through the s08 agent (real SDK, simulator, real tools) with no terminal.
 */
import { readFile } from "node:fs/promises";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { scriptedAgent, toolResultsOf, useTempWorkspace } from "@learn/core/testing";
import { lesson, TASK_DIR } from "../src/index.ts";
import { never, text, use } from "./helpers.ts";

const ws = useTempWorkspace();

/** task_create, then `call`, with no terminal; both results. */
async function createThen(call: ReturnType<typeof use>, mode: string) {
  const scripted = await scriptedAgent(lesson, JSON.stringify({ turns: [{ content: [use("task_create", { subject: "Parse the input" })] }, { content: [call] }, { content: [text("done")] }] }), ws.dir, {
    flags: { "permission-mode": mode },
    interactive: false,
  });
  try {
    await scripted.agent.run("go", never());
  } finally {
    await scripted.agent.close?.();
  }
  return [1, 2].map((i) => toolResultsOf(scripted.simulator.requests[i]!.body)[0]!);
}

const TASK_FILE = `${TASK_DIR}/1.json`;

describe("the model cannot rewrite the task board", () => {
  it.each([
    ["write_file", "acceptEdits", { path: TASK_FILE, content: "{}" }],
    ["edit_file", "bypassPermissions", { path: TASK_FILE, old_text: "Parse the input", new_text: "Do something else" }],
    ["bash", "bypassPermissions", { command: `echo '{}' > ${TASK_FILE}` }],
    ["bash", "bypassPermissions", { command: `mv ${TASK_DIR} old-tasks` }],
    ["bash", "acceptEdits", { command: "echo '{}' > .team/config.json" }],
    // pnpm reset's ledger, beside the workspace: rewritten, it would have reset delete the student's files.
    ["bash", "bypassPermissions", { command: "echo '{}' > ../.practice-workspace-ledger.json" }],
  ] as const)("%s in %s is refused with no terminal; the task the tool made stays", async (tool, mode, input) => {
    const [created, changed] = await createThen(use(tool, input), mode);
    expect(created).toMatchObject({ isError: false, content: expect.stringContaining("Created task #1") });
    expect(changed).toMatchObject({ isError: true, content: expect.stringContaining("the harness's own state") });
    expect(JSON.parse(await readFile(path.join(ws.dir, TASK_FILE), "utf8"))).toMatchObject({ subject: "Parse the input" });
  });
});
