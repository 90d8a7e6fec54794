/**
 * /rewind through the real agent: the conversation, the files, or both, back to before a
 * prompt. Files come back through the write ledger's snapshots, so a bash write is put back
 * like any other; what it will not touch is said: a file changed between turns (by the person,
 * or a job that finished after its turn), and one whose earlier bytes were not kept (a secret).
 */
import { readFile, writeFile } from "node:fs/promises";
import path from "node:path";
import { describe, expect, it } from "vitest";
import type { Script } from "@learn/core/simulator";
import { runAll, sessionAgent, text, use, usePlace } from "./helpers.ts";

const place = usePlace();

/** Prompt 1 writes a.txt, prompt 2 appends to it and writes b.txt — both with bash. */
const SCRIPT: Script = {
  turns: [
    { content: [use("bash", { command: "echo one > a.txt" })] },
    { content: [text("a.txt written.")] },
    { content: [use("bash", { command: "echo two >> a.txt && echo new > b.txt" })] },
    { content: [text("Both done.")] },
  ],
};

async function twoPrompts() {
  const scripted = await sessionAgent(place, SCRIPT);
  await runAll(scripted.agent, "Write a.txt.", scripted.renderer);
  await runAll(scripted.agent, "Append to a.txt, write b.txt.", scripted.renderer);
  const rewind = scripted.agent.commands!.find((c) => c.name === "rewind")!;
  return { ...scripted, rewind: (args: string) => rewind.run(args) as Promise<string> };
}

const read = (name: string) => readFile(path.join(place.ws, name), "utf8").catch(() => undefined);

describe("/rewind", () => {
  it("lists the prompts; `both` puts back the conversation and bash's writes (b.txt, new since, is deleted)", async () => {
    const { agent, rewind } = await twoPrompts();
    try {
      expect(await rewind("")).toContain("  1. Write a.txt.\n  2. Append to a.txt, write b.txt.");
      const said = await rewind("2");
      expect(said).toContain("Conversation rewound to before prompt 2");
      expect(said).toContain("Files put back: a.txt, b.txt (deleted: it did not exist then).");
      expect(await read("a.txt")).toBe("one\n");
      expect(await read("b.txt")).toBeUndefined();
      expect(await rewind("")).not.toContain("2. Append");
    } finally {
      await agent.close?.();
    }
  });

  it("`files` leaves the conversation; `conversation` leaves the files", async () => {
    const { agent, rewind } = await twoPrompts();
    try {
      expect(await rewind("2 conversation")).not.toContain("Files");
      expect(await read("a.txt")).toBe("one\ntwo\n");
      expect(await rewind("1 files")).toContain("Files put back: a.txt (deleted: it did not exist then), b.txt (deleted: it did not exist then).");
      expect(await rewind("")).toContain("1. Write a.txt.");
    } finally {
      await agent.close?.();
    }
  });

  it("a file changed between turns (by you, or a job after its turn) is left as it is, and named", async () => {
    const { agent, rewind } = await twoPrompts();
    try {
      await writeFile(path.join(place.ws, "a.txt"), "my own edit\n");
      await writeFile(path.join(place.ws, "mine.txt"), "mine\n");
      const said = await rewind("2");
      expect(said).toContain("Files put back: b.txt (deleted: it did not exist then).");
      expect(said).toContain("Left as they are (changed outside the agent's turns since then — by you, or a background job after its turn): a.txt, mine.txt.");
      expect(await read("a.txt")).toBe("my own edit\n");
      expect(await read("mine.txt")).toBe("mine\n");
    } finally {
      await agent.close?.();
    }
  });

  it("a file whose earlier bytes held a known secret is not put back: the kept copy was scrubbed", async () => {
    const key = "sk-ant-test-s15-rewind-secret-0123456789abcdef";
    process.env.ANTHROPIC_API_KEY = key;
    try {
      await writeFile(path.join(place.ws, "a.txt"), `key=${key}\n`);
      const { agent, rewind } = await twoPrompts();
      try {
        const said = await rewind("1");
        expect(said).toContain("Left as they are (their earlier bytes were not kept: too large, or holding a secret): a.txt.");
        expect(await read("a.txt")).toBe("one\ntwo\n");
      } finally {
        await agent.close?.();
      }
    } finally {
      delete process.env.ANTHROPIC_API_KEY;
    }
  });

  it.each([["x", "takes a prompt's number, 1 to 2"], ["3", "1 to 2"], ["1 everything", "takes one of both, conversation, files"]])("bad input /rewind %s is explained, and nothing changes", async (args, message) => {
    const { agent, rewind } = await twoPrompts();
    try {
      expect(await rewind(args)).toContain(message);
      expect(await read("a.txt")).toBe("one\ntwo\n");
    } finally {
      await agent.close?.();
    }
  });
});

describe("/rewind in a resumed conversation", () => {
  it("lists the earlier process's prompts and rewinds the conversation; its files, with no checkpoint here, are left and it says so", async () => {
    const first = await twoPrompts();
    await first.agent.close?.();
    const s = await sessionAgent(place, { turns: [] }, { continue: "true" });
    try {
      const rewind = (args: string) => s.agent.commands!.find((c) => c.name === "rewind")!.run(args) as Promise<string>;
      expect(await rewind("")).toContain("  2. Append to a.txt, write b.txt.");
      const said = await rewind("2");
      expect(said).toContain("Conversation rewound to before prompt 2");
      expect(said).toContain("Files: left as they are — that prompt ran before this process started");
      expect(await read("a.txt")).toBe("one\ntwo\n");
    } finally {
      await s.agent.close?.();
    }
  });
});
