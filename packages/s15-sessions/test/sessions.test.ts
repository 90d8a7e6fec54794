/**
 * The session as a whole, through the real agent: --fork-session leaves the old file as it was;
 * /resume lists and switches between turns; /branch goes on in a copy; /clear starts a new
 * session; a subagent's conversation gets a transcript of its own beside the lead's; and an id
 * that names no session (or several) says which exist.
 */
import { readdir, readFile } from "node:fs/promises";
import path from "node:path";
import { describe, expect, it } from "vitest";
import type { Script } from "@learn/core/simulator";
import { loadTranscript, projectDir } from "../src/index.ts";
import { findSession, type StoredSession } from "../src/sessions/transcript/index.ts";
import { runAll, sessionAgent, text, use, usePlace } from "./helpers.ts";

const place = usePlace();
const dir = () => projectDir(place.sessions, place.ws);
const jsonl = async () => (await readdir(dir())).filter((n) => n.endsWith(".jsonl")).sort();
const command = (agent: { commands?: { name: string; run: (args: string) => unknown }[] }, name: string) => (args = "") => agent.commands!.find((c) => c.name === name)!.run(args) as Promise<string>;

async function oneSession(prompt = "hello"): Promise<string> {
  const s = await sessionAgent(place, { turns: [{ content: [text(`answer to ${prompt}`)] }] });
  await runAll(s.agent, prompt, s.renderer);
  await s.agent.close?.();
  return (await jsonl())[0]!;
}

describe("sessions", () => {
  it("--fork-session: the conversation goes on in a new file; the old one is byte for byte as it was", async () => {
    const old = await oneSession();
    const before = await readFile(path.join(dir(), old), "utf8");
    const s = await sessionAgent(place, { turns: [{ content: [text("forked answer")] }] }, { continue: "true", "fork-session": "true" });
    await runAll(s.agent, "and then?", s.renderer);
    await s.agent.close?.();
    expect(await readFile(path.join(dir(), old), "utf8")).toBe(before);
    const forked = (await jsonl()).find((f) => f !== old)!;
    const loaded = await loadTranscript(path.join(dir(), forked), forked.slice(0, -".jsonl".length));
    expect(loaded.messages.map((m) => m.content)).toEqual(["hello", [{ type: "text", text: "answer to hello" }], "and then?", [{ type: "text", text: "forked answer" }]]);
    expect(s.renderer.ofKind("notice").map((n) => n.text)).toContain(`Forked session ${old.slice(0, -".jsonl".length)} (2 messages) into a new session ${forked.slice(0, -".jsonl".length)}.`);
  });

  it("/resume lists the sessions and, with an id, makes that conversation the live one; /clear starts a new session", async () => {
    const old = (await oneSession("first")).slice(0, -".jsonl".length);
    const s = await sessionAgent(place, { turns: [{ content: [text("a")] }, { expect: { messageCount: { min: 3, max: 3 } }, content: [text("b")] }] });
    await runAll(s.agent, "unrelated", s.renderer);
    expect(await command(s.agent, "resume")()).toContain(old);
    expect(await command(s.agent, "resume")(old.slice(0, 8))).toBe(`Resumed session ${old}: 2 messages.`);
    await runAll(s.agent, "go on", s.renderer); // the request holds first, its answer, and this: 3 messages
    expect(s.simulator.remaining()).toBe(0);
    s.agent.clear();
    await s.agent.close?.();
    expect(await jsonl()).toHaveLength(2); // the old one (continued) and the unrelated one; /clear wrote nothing yet
    const continued = await loadTranscript(path.join(dir(), `${old}.jsonl`), old);
    expect(continued.messages.map((m) => m.content).at(-2)).toBe("go on");
  });

  it("/branch: the old session is kept as it was, the conversation goes on in a new file", async () => {
    const s = await sessionAgent(place, { turns: [{ content: [text("a")] }, { content: [text("b")] }] });
    await runAll(s.agent, "one", s.renderer);
    const said = await command(s.agent, "branch")();
    await runAll(s.agent, "two", s.renderer);
    await s.agent.close?.();
    const files = await jsonl();
    expect(files).toHaveLength(2);
    const lengths = await Promise.all(files.map(async (f) => (await loadTranscript(path.join(dir(), f), f.slice(0, -".jsonl".length))).messages.length));
    expect(lengths.sort()).toEqual([2, 4]);
    expect(said).toMatch(/^Branched: this conversation goes on as session [0-9a-f-]{36}; session [0-9a-f-]{36} is kept as it was/);
  });

  it("a subagent's conversation is a transcript of its own, beside the lead's, marked as a sidechain", async () => {
    const script: Script = {
      turns: [
        { content: [use("task", { description: "Look", prompt: "List the shop folder." })] },
        { agent: "general-purpose-1", content: [use("bash", { command: "ls shop" })] },
        { agent: "general-purpose-1", content: [text("src and test.")] },
        { content: [text("The subagent found src and test.")] },
      ],
    };
    const s = await sessionAgent(place, script);
    await runAll(s.agent, "Use a subagent to look at shop.", s.renderer);
    await s.agent.close?.();
    expect(s.renderer.ofKind("error")).toEqual([]);
    const [lead] = await jsonl();
    const sub = path.join(dir(), lead!.slice(0, -".jsonl".length), "subagents");
    const [child] = await readdir(sub);
    expect(child).toMatch(/^agent-general-purpose-1-\d+\.jsonl$/);
    const entries = (await readFile(path.join(sub, child!), "utf8")).trimEnd().split("\n").map((l) => JSON.parse(l) as Record<string, unknown>);
    expect(entries.map((e) => e.type)).toEqual(["user", "assistant", "user", "assistant"]);
    expect(entries[0]).toMatchObject({ isSidechain: true, agent: "general-purpose-1", sessionId: lead!.slice(0, -".jsonl".length), message: { content: "List the shop folder." } });
  });

  it("an id that names nothing, or several sessions, says which exist", () => {
    const at = (id: string): StoredSession => ({ id, file: `/s/${id}.jsonl`, modified: new Date(0), bytes: 1 });
    const sessions = [at("abc-1"), at("abc-2"), at("def-3")];
    expect(findSession(sessions, "def").id).toBe("def-3");
    expect(() => findSession(sessions, "abc")).toThrow('"abc" names 2 sessions of this workspace (abc-1, abc-2): give more of the id');
    expect(() => findSession(sessions, "zzz")).toThrow('no session "zzz" in this workspace; its sessions: abc-1, abc-2, def-3');
  });
});

describe("--resume with no id", () => {
  const at = (id: string, ms: number): StoredSession => ({ id, file: `/s/${id}.jsonl`, modified: new Date(ms), bytes: 10 });

  it("at a terminal, the picker lists the latest sessions numbered; a number or an id picks one", async () => {
    const { pick } = await import("../src/sessions/resume/choose.ts");
    const sessions = [at("new-one", 2000), at("old-one", 1000)];
    const asked: string[] = [];
    const ask = async (q: string) => (asked.push(q), asked.length === 1 ? "2" : "new");
    expect((await pick(sessions, { interactive: true, ask })).id).toBe("old-one");
    expect((await pick(sessions, { interactive: true, ask })).id).toBe("new-one");
    expect(asked[0]).toMatch(/^Resume which session\?\n  1\. new-one  1970-01-01T00:00:02\.000Z  10 bytes\n  2\. old-one/);
  });

  it("with no terminal, an error that lists the ids to give", async () => {
    const { pick } = await import("../src/sessions/resume/choose.ts");
    await expect(pick([at("a-1", 1)], { interactive: false, ask: async () => "" })).rejects.toThrow("--resume needs a session id when no one can pick (no terminal): a-1");
  });
});

describe("the plan after a resume", () => {
  it("comes back from the transcript: the last todo_write that succeeded, run again through the agent's own tool", async () => {
    const todos = [{ content: "Read the cart", status: "completed", activeForm: "Reading the cart" }, { content: "Fix the total", status: "in_progress", activeForm: "Fixing the total" }];
    const first = await sessionAgent(place, { turns: [{ content: [use("todo_write", { todos })] }, { content: [text("Planned.")] }] });
    await runAll(first.agent, "Plan the fix.", first.renderer);
    const planned = await command(first.agent, "todos")();
    await first.agent.close?.();
    const s = await sessionAgent(place, { turns: [{ content: [text("Going on.")] }] }, { continue: "true" });
    expect(await command(s.agent, "todos")()).not.toContain("Fix the total"); // not yet: the conversation is resumed at the first prompt
    await runAll(s.agent, "Go on.", s.renderer);
    expect(await command(s.agent, "todos")()).toBe(planned);
    await s.agent.close?.();
  });
});
