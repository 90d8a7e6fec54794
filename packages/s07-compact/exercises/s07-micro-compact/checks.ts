/**
 * s07-micro-compact: the lesson's agent with the student's micro-compaction; a scripted model
 * reads a short file, then a long one many times (a round each, or four in one round), and the
 * checks read which tool results each request carried whole and which as the placeholder.
 */
import { expect } from "vitest";
import { defineChecks, type CheckContext } from "@learn/exercises";
import type { MessageParam } from "@learn/core";
import type { Lesson } from "@learn/core/harness";
import { scriptedAgent } from "@learn/core/testing";

const LONG = `${"a line of the long file, long enough to be worth compacting\n".repeat(5)}`;
const read = (path: string, times = 1) => ({ content: Array(times).fill({ type: "tool_use", name: "read_file", input: { path } }) });

/** For each request: its tool results in order, each "short", "long" or "stub" (the placeholder), runs counted: "short, stub×8, long×3". */
async function resultsPerRequest(t: CheckContext, rounds = [read("short.txt"), ...Array(13).fill(read("long.txt"))]): Promise<{ requests: string[]; screen: string }> {
  const { lesson } = await t.lesson<{ lesson: Lesson }>("src/index.ts");
  const { COMPACTED_RESULT } = await t.lesson<{ COMPACTED_RESULT: string }>("src/compaction/micro-compact.ts");
  const turns = [...rounds, { content: [{ type: "text", text: "Read." }] }];
  const { agent, simulator, renderer } = await scriptedAgent(lesson, JSON.stringify({ turns }), await t.workspace({ "short.txt": "short\n", "long.txt": LONG }));
  await agent.run("Read the files.", new AbortController().signal);
  const requests = simulator.requests.map((r) =>
    (r.body as { messages: MessageParam[] }).messages.flatMap((m) =>
      typeof m.content === "string"
        ? []
        : m.content.flatMap((b) => {
            if (b.type !== "tool_result") return [];
            const text = typeof b.content === "string" ? b.content : JSON.stringify(b.content);
            return [text === COMPACTED_RESULT ? "stub" : text.includes("short") ? "short" : "long"];
          }),
    ),
  );
  // A hook that throws is reported on the screen and the session goes on: show the student why.
  const errors = renderer.ofKind("error").map((e) => e.text.replace(/\s*\n\s*/g, " "));
  const screen = errors.length > 0 ? ` (the screen said: ${errors[0]!.slice(0, 300)})` : "";
  return { requests: requests.map(runs), screen };
}

/** ["short", "stub", "stub", "long"] → "short, stub×2, long". */
function runs(kinds: string[]): string {
  const out: [string, number][] = [];
  for (const kind of kinds) {
    if (out.at(-1)?.[0] === kind) out.at(-1)![1]++;
    else out.push([kind, 1]);
  }
  return out.map(([kind, n]) => (n === 1 ? kind : `${kind}×${n}`)).join(", ");
}

export default defineChecks([
  {
    name: "nothing is compacted until 8 old results wait; then all 8 at once, the short one and the last 3 kept",
    async run(t) {
      const { requests, screen } = await resultsPerRequest(t);
      // Request n+1 carries n results: the short read, then the long ones.
      expect(requests[11], `request 12 (11 results; 7 old long ones wait, fewer than 8): every result whole${screen}`).toBe("short, long×10");
      expect(requests[12], `request 13 (12 results; 8 old long ones wait): those 8 replaced by the placeholder (stub), the short one and the last 3 whole${screen}`).toBe("short, stub×8, long×3");
    },
  },
  {
    name: "after a batch, the conversation is left alone again until the next batch waits (so the prompt cache keeps working)",
    async run(t) {
      const { requests, screen } = await resultsPerRequest(t);
      expect(requests[13], `request 14 (one more old result waits, not 8): the earlier placeholders stay, nothing new is compacted${screen}`).toBe("short, stub×8, long×4");
      expect(requests[14], `request 15: still in steps, nothing new compacted${screen}`).toBe("short, stub×8, long×5");
    },
  },
  {
    name: "results the model has not read yet are never compacted, however many came in its last round",
    async run(t) {
      const { requests, screen } = await resultsPerRequest(t, [read("short.txt"), ...Array(8).fill(read("long.txt")), read("long.txt", 4)]);
      expect(requests[10], `request 11 (after a round of 4 reads at once; 8 older long ones wait): those 8 replaced, the 4 unread ones whole${screen}`).toBe("short, stub×8, long×4");
    },
  },
  {
    name: "microCompact returns a new conversation and leaves the one it was given as it was (a copy, never an edit in place)",
    async run(t) {
      type Mod = { microCompact: (m: MessageParam[], s: unknown, r: unknown) => MessageParam[] | undefined };
      const { microCompact } = await t.lesson<Mod>("src/compaction/micro-compact.ts");
      const { DEFAULT_COMPACTION } = await t.lesson<{ DEFAULT_COMPACTION: unknown }>("src/compaction/settings.ts");
      const { CompactionRecord } = await t.lesson<{ CompactionRecord: new () => unknown }>("src/compaction/record.ts");
      // 13 rounds of a long read: enough for a batch of 8.
      const messages: MessageParam[] = [{ role: "user", content: "Read the file." }];
      for (let i = 1; i <= 13; i++) {
        messages.push({ role: "assistant", content: [{ type: "tool_use", id: `t${i}`, name: "read_file", input: { path: "long.txt" } }] });
        messages.push({ role: "user", content: [{ type: "tool_result", tool_use_id: `t${i}`, content: LONG }] });
      }
      const before = structuredClone(messages);
      const out = microCompact(messages, DEFAULT_COMPACTION, new CompactionRecord());
      expect(out, "13 old results of a long file: microCompact should return the compacted conversation").toBeDefined();
      expect(messages, "the conversation microCompact was given must be unchanged: the transcript and the prompt cache rely on it (copy the messages and their content arrays)").toEqual(before);
    },
  },
]);
