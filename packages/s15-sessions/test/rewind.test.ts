/**
 * /rewind through the real agent: the conversation, the files, or both, back to before a
 * prompt. Files come back through the write ledger's snapshots, so a bash write is put back
 * like any other; what it will not touch is said: a file changed between turns (by the person,
 * or a job that finished after its turn), and one whose earlier bytes were not kept (a secret).
 */
import { readdir, readFile, writeFile } from "node:fs/promises";
import path from "node:path";
import { describe, expect, it } from "vitest";
import type { Script } from "@learn/core/simulator";
import { scriptedAgent, toolResultsOf } from "@learn/core/testing";
import { lesson, projectDir } from "../src/index.ts";
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

describe("/rewind in a resumed conversation: the checkpoints outlive the process", () => {
  const rewindOf = (agent: { commands?: { name: string; run(a: string): unknown }[] }) => (args: string) => agent.commands!.find((c) => c.name === "rewind")!.run(args) as Promise<string>;

  it("bash's writes before the stop are put back after --continue, with a prompt of the new process after them", async () => {
    const first = await twoPrompts();
    await first.agent.close?.();
    // (Text only: the simulator numbers tool_use ids per process, so a call here would repeat one of the first process's.)
    const s = await sessionAgent(place, { turns: [{ content: [text("Nothing to do.")] }] }, { continue: "true" });
    try {
      await runAll(s.agent, "Anything left?", s.renderer);
      const rewind = rewindOf(s.agent);
      expect(await rewind("")).toContain("  2. Append to a.txt, write b.txt.");
      const said = await rewind("2");
      expect(said).toContain("Conversation rewound to before prompt 2");
      expect(said).toContain("Files put back: a.txt, b.txt (deleted: it did not exist then).");
      expect(await read("a.txt")).toBe("one\n");
      expect(await read("b.txt")).toBeUndefined();
    } finally {
      await s.agent.close?.();
    }
  });

  it("a file changed outside the agent while it was stopped is left as it is, and named; --fork-session takes the checkpoints along", async () => {
    const first = await twoPrompts();
    await first.agent.close?.();
    await writeFile(path.join(place.ws, "a.txt"), "my own edit\n");
    const s = await sessionAgent(place, { turns: [] }, { continue: "true", "fork-session": "true" });
    try {
      const said = await rewindOf(s.agent)("2 files");
      expect(said).toContain("Files put back: b.txt (deleted: it did not exist then).");
      expect(said).toContain("Left as they are (changed outside the agent's turns since then — by you, or a background job after its turn): a.txt.");
      expect(await read("a.txt")).toBe("my own edit\n");
    } finally {
      await s.agent.close?.();
    }
  });

  it("a file a background job wrote after its turn is left as it is after a resume, and named", async () => {
    const go = path.join(place.root, "go");
    const job = `until [ -e ${go} ]; do sleep 0.05; done; echo by the job > job.txt`;
    // The person says yes to the job (a loop no rule allows).
    const script: Script = { turns: [{ content: [use("bash", { command: "echo one > a.txt" }), use("background_run", { command: job })] }, { content: [text("Started.")] }] };
    const first = await scriptedAgent(lesson, script, place.ws, { interactive: true, ask: async () => "y", flags: { "permission-mode": "acceptEdits", "sessions-dir": place.sessions } });
    try {
      await first.agent.run("Write a.txt and start the job.", new AbortController().signal);
      expect(toolResultsOf(first.simulator.requests.at(-1)!.body).map((r) => r.content).join("\n")).toContain("Started job-1");
      // The turn is over; the job finishes now, outside it.
      await writeFile(go, "");
      while ((await read("job.txt")) === undefined) await new Promise((r) => setTimeout(r, 50));
    } finally {
      await first.agent.close?.();
    }
    const s = await sessionAgent(place, { turns: [] }, { continue: "true" });
    try {
      const said = await rewindOf(s.agent)("1 files");
      expect(said).toContain("Files put back: a.txt (deleted: it did not exist then).");
      expect(said).toContain("Left as they are (changed outside the agent's turns since then — by you, or a background job after its turn): job.txt.");
      expect(await read("job.txt")).toBe("by the job\n");
    } finally {
      await s.agent.close?.();
    }
  });

  it("a checkpoint list that cannot be trusted: the resume goes on, says so, and /rewind touches no file", async () => {
    const first = await twoPrompts();
    await first.agent.close?.();
    const dir = path.join(projectDir(place.sessions, place.ws), "file-history");
    const [list] = (await readdir(dir)).filter((f) => f.endsWith(".json"));
    await writeFile(path.join(dir, list!), '{"version":1,"checkpoints":[{"before":{"a.txt":"../../etc/passwd"}}]}');
    const s = await sessionAgent(place, { turns: [] }, { continue: "true" });
    try {
      expect(s.renderer.ofKind("notice").map((n) => n.text).join("\n")).toMatch(/file checkpoints of session \S+ in .* are not as this course writes them/);
      const said = await rewindOf(s.agent)("1 files");
      expect(said).toContain("that prompt has no file checkpoint");
      expect(await read("a.txt")).toBe("one\ntwo\n");
    } finally {
      await s.agent.close?.();
    }
  });
});
