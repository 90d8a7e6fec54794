/**
 * What a hook reads on stdin, where Claude Code 2.1.328 sends more than the course did: Stop's
 * `last_assistant_message`, and `tool_response` in each file tool's own shape (Read's `file`,
 * Bash's `noOutputExpected`, Edit's `userModified`). Through the agent on the simulator; each
 * hook appends its stdin to a file, one JSON object a line.
 */
import { readFile } from "node:fs/promises";
import path from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { scriptedAgent, type TempWorkspace } from "@learn/core/testing";
import { lesson } from "../src/index.ts";
import { never, shellHook, workspaceWith, writeSettings } from "./helpers.ts";

let ws: TempWorkspace | undefined;
afterEach(() => ws?.cleanup());

const use = (name: string, input: Record<string, unknown>) => ({ type: "tool_use", name, input });

/** Run one round of `calls` and a final "All done.", with a hook on `event` saving every payload. */
async function payloads(event: string, calls: object[]) {
  ws = await workspaceWith(undefined, { "notes.txt": "one\ntwo\nthree\n" });
  const command = await shellHook(ws.dir, "save.sh", "cat >> payloads.jsonl; echo >> payloads.jsonl");
  await writeSettings(ws.dir, { hooks: { [event]: [{ matcher: "", hooks: [{ type: "command", command }] }] } });
  const turns = [...(calls.length ? [{ content: calls }] : []), { content: [{ type: "text", text: "All done." }] }];
  const { agent } = await scriptedAgent(lesson, JSON.stringify({ turns }), ws.dir, { flags: { "permission-mode": "bypassPermissions" } });
  await agent.run("go", never());
  const text = await readFile(path.join(ws.dir, "payloads.jsonl"), "utf8");
  return text.split("\n").filter((l) => l.trim()).map((l) => JSON.parse(l) as Record<string, unknown>);
}

describe("hook payloads as Claude Code sends them", () => {
  it("Stop carries last_assistant_message: the text of the answer that stops", async () => {
    const [stop] = await payloads("Stop", []);
    expect(stop).toMatchObject({ hook_event_name: "Stop", stop_hook_active: false, last_assistant_message: "All done." });
  });

  it("Read's tool_response is { type: text, file: { filePath, content, numLines, startLine, totalLines } }", async () => {
    const [post] = await payloads("PostToolUse", [use("read_file", { path: "notes.txt", offset: 2, limit: 1 })]);
    expect(post!.tool_response).toEqual({
      type: "text",
      file: { filePath: path.join(ws!.dir, "notes.txt"), content: "two", numLines: 1, startLine: 2, totalLines: 3 },
    });
  });

  it("Bash's tool_response has noOutputExpected; Edit's has userModified", async () => {
    const posts = await payloads("PostToolUse", [use("bash", { command: "echo hi" }), use("edit_file", { path: "notes.txt", old_text: "two", new_text: "2" })]);
    expect(posts[0]!.tool_response).toEqual({ stdout: "hi\n", stderr: "", interrupted: false, isImage: false, noOutputExpected: false });
    expect(posts[1]!.tool_response).toMatchObject({ filePath: path.join(ws!.dir, "notes.txt"), oldString: "two", newString: "2", userModified: false });
  });
});
