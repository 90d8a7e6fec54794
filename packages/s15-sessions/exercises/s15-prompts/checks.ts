/**
 * s15-prompts: the lesson's agent, with the student's rewind-command.ts, runs two prompts — the
 * first with four rounds of bash, so s04's reminder joins a message of tool results — then the
 * checks read /rewind's list and what /rewind 2 leaves for the next request.
 */
import { expect } from "vitest";
import { defineChecks } from "@learn/exercises";
import { runSession } from "../check-helpers/session.ts";

const bash = (command: string) => ({ content: [{ type: "tool_use" as const, name: "bash", input: { command } }] });
const say = (text: string) => ({ content: [{ type: "text" as const, text }] });
// Four rounds without todo_write: s04 adds its reminder after the results of the third.
const TURNS = [bash("echo 1 > a.txt"), bash("echo 2 >> a.txt"), bash("echo 3 >> a.txt"), bash("echo 4 >> a.txt"), say("Four lines."), bash("echo 5 >> a.txt"), say("Five.")];

export default defineChecks([
  {
    name: "/rewind lists the two prompts, and nothing else (not the tool results, not the reminder)",
    async run(t) {
      const ws = await t.workspace();
      const { said, requests } = await runSession(t, ws, { turns: TURNS }, ["Write four lines to a.txt.", "Add a fifth."], { commands: ["/rewind"] });
      expect(JSON.stringify(requests.at(-1)), "the scripted session should have had s04's reminder after some tool results").toContain("reminder");
      expect(said[0], "/rewind should list exactly the two prompts, numbered").toBe("Prompts of this conversation (/rewind <n> [both|conversation|files] goes back to before one):\n  1. Write four lines to a.txt.\n  2. Add a fifth.");
    },
  },
  {
    name: "/rewind 2 conversation cuts the conversation just before the second prompt",
    async run(t) {
      const ws = await t.workspace();
      const { said } = await runSession(t, ws, { turns: TURNS }, ["Write four lines to a.txt.", "Add a fifth."], { commands: ["/rewind 2 conversation", "/rewind"] });
      expect(said[0], "rewinding to before prompt 2 leaves prompt 1's ten messages: 5 answers and their 4 results after the prompt").toMatch(/^Conversation rewound to before prompt 2 \("Add a fifth\."\): 4 messages left out\./);
      expect(said[1], "afterwards only the first prompt is left").toBe("Prompts of this conversation (/rewind <n> [both|conversation|files] goes back to before one):\n  1. Write four lines to a.txt.");
    },
  },
]);
