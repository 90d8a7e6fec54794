/**
 * s05-run-child: the lesson's agent with the student's runChild; a scripted lead calls `task`,
 * the scripted child (explore-1, reader-1) works, and the checks read the requests each sent.
 */
import { expect } from "vitest";
import { defineChecks, type CheckContext } from "@learn/exercises";
import type { Lesson } from "@learn/core/harness";
import type { Script } from "@learn/core/simulator";
import { scriptedAgent, toolResultsOf } from "@learn/core/testing";

const text = (t: string) => ({ type: "text" as const, text: t });
const use = (name: string, input: Record<string, unknown>) => ({ type: "tool_use" as const, name, input });
const taskCall = (prompt: string, subagent_type: string) => use("task", { description: "A subtask", prompt, subagent_type });

interface Body {
  model: string;
  system?: string | { text: string }[];
  tools?: { name: string }[];
  messages: { role: string; content: unknown }[];
}

/** The lead calls task once with `call`, the child plays `child`, the lead answers "Done.". */
async function session(t: CheckContext, call: object, child: Script["turns"], files: Record<string, string> = {}) {
  const { lesson } = await t.lesson<{ lesson: Lesson }>("src/index.ts");
  const cwd = await t.workspace({ "notes.txt": "the secret word is PELICAN\n", ...files });
  const script = { turns: [{ content: [call] }, ...child, { content: [text("Done.")] }] } as Script;
  const { agent, simulator } = await scriptedAgent(lesson, script, cwd);
  const answer = await agent.run("Find the word.", new AbortController().signal);
  const of = (who: string) => simulator.requests.filter((r) => r.agent === who).map((r) => r.body as Body);
  const leadResult = toolResultsOf(of("lead").at(-1))[0];
  return { answer, cwd, lead: of("lead"), of, leadResult };
}

/** The child's requests, when it made `calls` of them; else a failure that shows what the lead got instead. */
function childRequests(s: Awaited<ReturnType<typeof session>>, name: string, calls: number): Body[] {
  const child = s.of(name);
  expect(child.length, `model calls made by the child ${name} (the lead's task result was: ${s.leadResult?.content.slice(0, 200)})`).toBe(calls);
  return child;
}

const systemText = (body: Body) => (typeof body.system === "string" ? body.system : (body.system ?? []).map((b) => b.text).join("\n"));

export default defineChecks([
  {
    name: "the child starts from the task's prompt alone, with its type's tools (never task), and only its final text comes back, framed",
    async run(t) {
      const s = await session(t, taskCall("Read notes.txt; reply with the word.", "explore"), [
        { agent: "explore-1", content: [use("read_file", { path: "notes.txt" })] },
        { agent: "explore-1", content: [text("PELICAN")] },
      ]);
      const { answer, lead, leadResult } = s;
      const child = childRequests(s, "explore-1", 2);
      expect(child[0]!.messages, "the child's first request: its messages should be the task's prompt and nothing of the lead's conversation").toEqual([
        { role: "user", content: expect.stringContaining("Read notes.txt; reply with the word.") },
      ]);
      expect(child[0]!.tools?.map((tool) => tool.name).sort(), "the tools offered to an explore child: its type's, no task, no write_file").toEqual(["bash", "glob", "grep", "read_file"]);
      expect(systemText(child[0]!), "the child's system prompt should end with its type's prompt and how to report (childSections)").toContain("final");
      expect(leadResult, "the task result the lead read: the child's final text, framed by handBack").toMatchObject({ isError: false });
      expect(leadResult?.content, "the task result the lead read").toMatch(/^\[Subagent hand-back\][\s\S]*\n  PELICAN\n\[End of the hand-back of subagent explore-1\.\]$/);
      expect(lead.some((body) => JSON.stringify(body).includes("the secret word is")), "the file the child read must stay in the child: did it reach a lead request?").toBe(false);
      expect(answer, "the lead's answer after the task").toBe("Done.");
    },
  },
  {
    name: "a read-only child's bash runs no command that changes files; a type's model is on every request of the child",
    async run(t) {
      const agentFile = "---\nname: reader\ndescription: Reads one file.\ntools: Read, Bash\nmodel: claude-test-model\n---\nRead carefully.\n";
      const explore = await session(t, taskCall("Make a file.", "explore"), [
        { agent: "explore-1", content: [use("bash", { command: "touch made.txt" })] },
        { agent: "explore-1", content: [text("Could not.")] },
      ]);
      const refused = toolResultsOf(childRequests(explore, "explore-1", 2)[1])[0];
      expect(refused?.isError, "explore-1 ran bash `touch made.txt`: a read-only child's bash should refuse it (readOnlyBash)").toBe(true);
      const reader = await session(t, taskCall("Read notes.txt.", "reader"), [{ agent: "reader-1", content: [text("Read it.")] }], { ".claude/agents/reader.md": agentFile });
      expect(childRequests(reader, "reader-1", 1).map((body) => body.model), "the model named by reader-1's request (its agent file says model: claude-test-model)").toEqual(["claude-test-model"]);
      expect(reader.lead[0]!.model, "the lead's own requests keep the lead's model").not.toBe("claude-test-model");
    },
  },
  {
    name: "a child whose request fails: the lead reads an error result naming it, and the session goes on",
    async run(t) {
      const { answer, leadResult } = await session(t, taskCall("Look.", "explore"), [
        { agent: "explore-1", error: { status: 400, type: "invalid_request_error", message: "bad child request" } },
      ]);
      expect(leadResult, "the task result after explore-1's request failed with a 400").toMatchObject({ isError: true });
      expect(leadResult?.content, "the error result should name the child and say what failed").toMatch(/subagent explore-1 failed: .*bad child request/);
      expect(answer, "the lead's answer after the failed task: the session goes on").toBe("Done.");
    },
  },
]);
