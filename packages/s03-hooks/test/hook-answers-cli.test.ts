/**
 * The two hook answers that failed open, through the lesson's real command line (`--print`, a
 * scripted model, a trace of every request): a UserPromptSubmit `{"decision":"block"}` stops the
 * prompt before any model call, and a PreToolUse legacy `{"decision":"block"}` stops the call.
 */
import { access, readFile } from "node:fs/promises";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { afterEach, describe, expect, it } from "vitest";
import { runLessonCli, type TempWorkspace } from "@learn/core/testing";
import { shellHook, workspaceWith, writeSettings } from "./helpers.ts";

const pkg = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const CLI_RUN_TIMEOUT_MS = 60_000;
const SCRIPT = JSON.stringify({
  turns: [{ content: [{ type: "tool_use", name: "bash", input: { command: "touch ran.txt" } }] }, { content: [{ type: "text", text: "Done." }] }],
});

let ws: TempWorkspace | undefined;
afterEach(() => ws?.cleanup());

async function printWithHook(event: string, answer: object) {
  ws = await workspaceWith(undefined, { "script.json": SCRIPT });
  const command = await shellHook(ws.dir, "hook.sh", `cat > /dev/null\nprintf '%s' '${JSON.stringify(answer)}'`);
  await writeSettings(ws.dir, { hooks: { [event]: [{ matcher: "", hooks: [{ type: "command", command }] }] } });
  const trace = path.join(ws.dir, "trace.jsonl");
  const run = await runLessonCli(pkg, ["--", "--print", "go", "--permission-mode", "bypassPermissions", "--model-script", path.join(ws.dir, "script.json"), "--cwd", ws.dir, "--trace", trace]);
  const requests = (await readFile(trace, "utf8").catch(() => "")).split("\n").filter((l) => l.includes('"type":"request"'));
  const ran = await access(path.join(ws.dir, "ran.txt")).then(() => true, () => false);
  return { run, requests, ran };
}

describe("hook answers that failed open, on the command line", () => {
  it('UserPromptSubmit {"decision":"block","reason"}: no model call, nothing runs, the reason is shown', async () => {
    const { run, requests, ran } = await printWithHook("UserPromptSubmit", { decision: "block", reason: "no prompts today" });
    expect(requests).toHaveLength(0);
    expect(ran).toBe(false);
    expect(run.stderr + run.stdout).toContain("no prompts today");
  }, CLI_RUN_TIMEOUT_MS);

  it('PreToolUse legacy {"decision":"block","reason"}: the call is refused, even in bypassPermissions', async () => {
    const { requests, ran } = await printWithHook("PreToolUse", { decision: "block", reason: "legacy says no" });
    expect(ran).toBe(false);
    expect(requests).toHaveLength(2);
    expect(requests[1]).toContain("legacy says no");
  }, CLI_RUN_TIMEOUT_MS);
});
