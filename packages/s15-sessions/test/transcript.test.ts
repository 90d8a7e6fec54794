/**
 * The transcript writer and reader on their own: one entry per message, Claude Code's fields;
 * a conversation cut back (a rollback, a rewind) or replaced (a compaction) starts a branch and
 * is read back as it is now; what cannot be trusted — a torn last line, a corrupt or foreign
 * line, a broken chain — is said clearly; a session cut mid-turn resumes with the call answered
 * as interrupted; a secret never reaches the file; and a SIGKILL mid-write loses at most the last line.
 */
import { spawn } from "node:child_process";
import { randomUUID } from "node:crypto";
import { appendFile, mkdtemp, readFile, rm, stat, writeFile } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import type { MessageParam } from "@learn/core";
import { bundledForNode } from "@learn/core/testing";
import { loadTranscript } from "../src/index.ts";
import { INTERRUPTED_ON_RESUME, parseTranscript, projectFolderName, TranscriptError, TranscriptWriter } from "../src/sessions/transcript/index.ts";

let dir: string;
let file: string;
const id = "5c1f0000-0000-4000-8000-000000000001";
const writer = () => new TranscriptWriter(file, { sessionId: id, cwd: () => "/work/shop", isSidechain: false });
const lines = async () => (await readFile(file, "utf8")).trimEnd().split("\n").map((l) => JSON.parse(l) as Record<string, unknown>);

beforeEach(async () => {
  dir = await mkdtemp(path.join(os.tmpdir(), "learn-s15-transcript-"));
  file = path.join(dir, `${id}.jsonl`);
});
afterEach(async () => {
  await rm(dir, { recursive: true, force: true });
});

const u = (content: MessageParam["content"]): MessageParam => ({ role: "user", content });
const a = (content: MessageParam["content"]): MessageParam => ({ role: "assistant", content });
const call = (toolId: string) => a([{ type: "tool_use", id: toolId, name: "bash", input: { command: "ls" } }]);
const result = (toolId: string) => u([{ type: "tool_result", tool_use_id: toolId, content: "a.txt" }]);

describe("writing", () => {
  it("one entry per message, each pointing at the one before, with Claude Code's fields; a sync writes only what is new", async () => {
    const w = writer();
    const messages = [u("list the files"), call("t1")];
    await w.sync(messages);
    messages.push(result("t1"), a([{ type: "text", text: "One file." }]));
    await w.sync(messages);
    await w.sync(messages);
    const entries = await lines();
    expect(entries.map((e) => e.type)).toEqual(["user", "assistant", "user", "assistant"]);
    expect(entries[0]).toMatchObject({ parentUuid: null, sessionId: id, cwd: "/work/shop", isSidechain: false, message: { role: "user", content: "list the files" } });
    for (let i = 1; i < entries.length; i++) expect(entries[i]!.parentUuid).toBe(entries[i - 1]!.uuid);
    expect(new Date(entries[0]!.timestamp as string).toString()).not.toBe("Invalid Date");
    expect((await loadTranscript(file, id)).messages).toEqual(messages);
  });

  it("a conversation cut back gets a leaf marker; what follows branches off where it still agrees — read back as it is now", async () => {
    const w = writer();
    const messages = [u("one"), a("1"), u("two"), a("2")];
    await w.sync(messages);
    messages.length = 2; // a rewind to before "two"
    await w.sync(messages);
    expect((await lines()).at(-1)).toEqual({ type: "last-prompt", leafUuid: (await lines())[1]!.uuid, sessionId: id });
    expect((await loadTranscript(file, id)).messages).toEqual([u("one"), a("1")]);
    messages.push(u("three"));
    await w.sync(messages);
    const entries = await lines();
    expect(entries.at(-1)).toMatchObject({ parentUuid: entries[1]!.uuid, message: { content: "three" } });
    expect((await loadTranscript(file, id)).messages).toEqual([u("one"), a("1"), u("three")]);
    expect(entries).toHaveLength(6); // nothing rewritten: the four, the marker, the new one
  });

  it("a message changed in place (text joined to the last user message) is written again as a branch, and read back changed", async () => {
    const w = writer();
    const messages = [u("one"), a("1"), u([{ type: "text", text: "two" }])];
    await w.sync(messages);
    messages[2] = u([{ type: "text", text: "two" }, { type: "text", text: "<a background job finished>" }]);
    await w.sync(messages);
    expect((await loadTranscript(file, id)).messages).toEqual(messages);
  });

  it("a history replaced whole (a compaction) starts at a compact boundary: the summary is all that is read back before what follows", async () => {
    const w = writer();
    const messages = [u("one"), a("1"), u("two"), a("2")];
    await w.sync(messages);
    messages.splice(0, messages.length, u("Summary: one and two were done."));
    messages.push(a("ok"));
    await w.sync(messages);
    const boundary = (await lines()).find((e) => e.type === "system")!;
    expect(boundary).toMatchObject({ subtype: "compact_boundary", parentUuid: null, logicalParentUuid: (await lines())[3]!.uuid });
    expect((await loadTranscript(file, id)).messages).toEqual([u("Summary: one and two were done."), a("ok")]);
  });

  it("a known secret never reaches the file", async () => {
    const key = "sk-ant-test-s15-never-in-a-transcript-0123456789";
    process.env.ANTHROPIC_API_KEY = key;
    try {
      await writer().sync([u(`my key is ${key}`)]);
      expect(await readFile(file, "utf8")).not.toContain(key);
    } finally {
      delete process.env.ANTHROPIC_API_KEY;
    }
  });
});

describe("reading what cannot be trusted", () => {
  async function written(messages: MessageParam[]) {
    await writer().sync(messages);
    return readFile(file, "utf8");
  }

  it("a torn last line (a crash mid-write) is left out, with a note; everything before it resumes", async () => {
    const text = await written([u("one"), a("1"), u("two")]);
    const torn = text.slice(0, text.length - 40); // the last line cut short, no newline
    const loaded = parseTranscript(torn, file, id);
    expect(loaded.messages).toEqual([u("one"), a("1")]);
    expect(loaded.notes).toEqual([`${file} line 3: the last line was cut off mid-write (a crash); it is left out.`]);
  });

  it.each([
    ["not JSON", "{oops", "not JSON"],
    ["another session's line", JSON.stringify({ type: "user", uuid: "x", parentUuid: null, sessionId: "other", cwd: "/", timestamp: "t", message: { role: "user", content: "hi" } }), "an entry of session other"],
    ["a message entry of the wrong shape", JSON.stringify({ type: "assistant", sessionId: id, message: "hi" }), "a assistant entry without a valid uuid"],
  ])("%s in the middle: resumed as it stood before that line, and the note names it", async (_what, bad, why) => {
    const text = await written([u("one"), a("1")]);
    await writeFile(file, `${text}${bad}\n${JSON.stringify({ type: "user", uuid: randomUUID(), parentUuid: null, sessionId: id, cwd: "/", timestamp: "t", message: { role: "user", content: "after" } })}\n`);
    const loaded = await loadTranscript(file, id);
    expect(loaded.messages).toEqual([u("one"), a("1")]);
    expect(loaded.notes[0]).toContain(`line 3 cannot be trusted (${why}`);
  });

  it("a chain that points at an entry that is not there is refused, saying why", async () => {
    const text = await written([u("one"), a("1")]);
    await writeFile(file, text.split("\n").slice(1).join("\n"));
    await expect(loadTranscript(file, id)).rejects.toThrow(TranscriptError);
    await expect(loadTranscript(file, id)).rejects.toThrow(/entry .* is missing \(its child points to it\)/);
  });

  it("a session cut mid-turn (a tool_use with no result) resumes with the call answered as interrupted", async () => {
    await written([u("list"), a([{ type: "text", text: "Listing." }, { type: "tool_use", id: "t1", name: "bash", input: { command: "ls" } }, { type: "tool_use", id: "t2", name: "bash", input: { command: "pwd" } }])]);
    const loaded = await loadTranscript(file, id);
    expect(loaded.messages.at(-1)).toEqual(u([{ type: "tool_result", tool_use_id: "t1", content: INTERRUPTED_ON_RESUME, is_error: true }, { type: "tool_result", tool_use_id: "t2", content: INTERRUPTED_ON_RESUME, is_error: true }]));
    expect(loaded.notes).toEqual(["The session ended in the middle of a turn: 2 tool calls without a result are answered as interrupted."]);
  });

  it("Claude Code's own file reads: its attachments and bookkeeping are walked through, its block-by-block messages joined", async () => {
    const cc = "2f7382fb-f5f3-4e84-b882-ed82bdc1edc0";
    const fixture = fileURLToPath(new URL("fixtures/claude-code-2.1.328.jsonl", import.meta.url));
    const loaded = await loadTranscript(fixture, cc);
    expect(loaded.messages).toEqual([u("first prompt"), a([{ type: "text", text: "Hello from the endpoint" }]), u("second prompt"), a([{ type: "text", text: "Hello from the endpoint" }])]);
    expect(loaded.path).toBeDefined();
    expect(projectFolderName("/tmp/s15probe/ws")).toBe("-tmp-s15probe-ws"); // the folder Claude Code wrote it in
  });
});

describe("a SIGKILL mid-write", () => {
  it("loses at most the last line: every earlier line is whole, and what is read back is a prefix of what was written", async () => {
    const child = spawn(process.execPath, [await bundledForNode(fileURLToPath(new URL("fixtures/crash-writer.ts", import.meta.url))), file, id], { stdio: "ignore" });
    // Kill it once a few large lines are on disk, wherever its current write is.
    while (((await stat(file).catch(() => undefined))?.size ?? 0) < 3 * 256 * 1024) await new Promise((r) => setTimeout(r, 5));
    child.kill("SIGKILL");
    await new Promise((r) => child.once("exit", r));
    const text = await readFile(file, "utf8");
    const all = text.split("\n");
    for (const line of all.slice(0, -1)) expect(() => JSON.parse(line)).not.toThrow();
    const loaded = await loadTranscript(file, id);
    expect(loaded.messages.length).toBeGreaterThanOrEqual(2);
    loaded.messages.forEach((m, i) => { expect(String(m.content).startsWith(`message ${i} `)).toBe(true); });
    // A torn last line is named; a whole one is read.
    expect(loaded.notes.length).toBe(all.at(-1) === "" ? 0 : 1);
    await appendFile(file, ""); // the file is still a file we can append to
  }, 30_000);
});
