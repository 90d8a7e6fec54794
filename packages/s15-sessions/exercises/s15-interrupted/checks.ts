/**
 * s15-interrupted: a transcript whose last answer asked for two tools and has no results (the
 * session died while they ran); the lesson's agent, with the student's reader.ts, --continue's it
 * and sends a prompt; the checks read the request that went out.
 */
import { mkdir } from "node:fs/promises";
import path from "node:path";
import { expect } from "vitest";
import { defineChecks, type CheckContext } from "@learn/exercises";
import { moduleOf, runSession, SESSIONS } from "../check-helpers/session.ts";

async function cutMidTurn(t: CheckContext, ws: string) {
  const { TranscriptWriter } = await moduleOf<typeof import("../../src/sessions/transcript/writer.ts")>(t, "src/sessions/transcript/writer.ts");
  const { projectDir, transcriptFile } = await moduleOf<typeof import("../../src/sessions/transcript/store.ts")>(t, "src/sessions/transcript/store.ts");
  const dir = projectDir(path.join(ws, SESSIONS), ws);
  await mkdir(dir, { recursive: true });
  const id = "0c0ffee0-0000-4000-8000-000000000015";
  const writer = new TranscriptWriter(transcriptFile(dir, id), { sessionId: id, cwd: () => ws, isSidechain: false });
  await writer.sync([
    { role: "user", content: "List the files and the folder." },
    { role: "assistant", content: [{ type: "text", text: "Both at once." }, { type: "tool_use", id: "toolu_a", name: "bash", input: { command: "ls" } }, { type: "tool_use", id: "toolu_b", name: "bash", input: { command: "pwd" } }] },
  ]);
}

export default defineChecks([
  {
    name: "both open calls are answered as interrupted errors, in order, before the new prompt",
    async run(t) {
      const ws = await t.workspace();
      await cutMidTurn(t, ws);
      const { requests } = await runSession(t, ws, { turns: [{ content: [{ type: "text", text: "ok" }] }] }, ["Go on."], { flags: { continue: "true" } });
      const sent = requests[0]!.messages;
      expect(sent.length, "the resumed request: the prompt, the answer with two calls, and one user message").toBe(3);
      const blocks = sent[2]!.content as { type: string; tool_use_id?: string; is_error?: boolean; text?: string }[];
      expect(blocks.filter((b) => b.type === "tool_result").map((b) => [b.tool_use_id, b.is_error]), "toolu_a and toolu_b each need an error result").toEqual([["toolu_a", true], ["toolu_b", true]]);
      expect(blocks.at(-1), "the new prompt comes after the results").toMatchObject({ type: "text", text: "Go on." });
    },
  },
  {
    name: "the person is told; a session that ended cleanly is resumed as it was",
    async run(t) {
      const ws = await t.workspace();
      await cutMidTurn(t, ws);
      const cut = await runSession(t, ws, { turns: [{ content: [{ type: "text", text: "ok" }] }] }, ["Go on."], { flags: { continue: "true" } });
      expect(cut.notices.join("\n"), "resuming a session cut mid-turn should say the calls were answered as interrupted").toMatch(/interrupted/);
      const again = await runSession(t, ws, { turns: [{ content: [{ type: "text", text: "fine" }] }] }, ["And now?"], { flags: { continue: "true" } });
      expect(again.requests[0]!.messages.length, "the session now ends with an answer: nothing more to add, just the new prompt").toBe(5);
    },
  },
]);
