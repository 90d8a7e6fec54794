/**
 * What s17's checks share: one workflow run on the lesson's agent (the student's files in it), in
 * a workspace whose settings allow Workflow; the lead launches `script`, the agents answer from
 * `agentTurns`, and the run's record is read back from run.json once its notification arrived.
 */
import { readFile } from "node:fs/promises";
import path from "node:path";
import type { CheckContext } from "@learn/exercises";
import { runUntilIdle } from "@learn/core";
import type { Lesson } from "@learn/core/harness";
import type { RecordedRequest } from "@learn/core/simulator";
import { scriptedAgent } from "@learn/core/testing";

export interface WorkflowSession {
  /** run.json of wf-1, as written (every field, whatever the lesson's schema reads). */
  record: { status: string; result?: unknown; error?: string; [field: string]: unknown } | undefined;
  /** The tool result the lead read for its workflow call. */
  launched: string;
  requests: RecordedRequest[];
  errors: string[];
  /** The workspace it ran in. */
  cwd: string;
}

const SETTINGS = JSON.stringify({ permissions: { allow: ["Workflow"] } });

export async function workflowSession(t: CheckContext, script: string, agentTurns: object[], input: Record<string, unknown> = {}): Promise<WorkflowSession> {
  const { lesson } = await t.lesson<{ lesson: Lesson }>("src/index.ts");
  const cwd = await t.workspace({ ".claude/settings.local.json": SETTINGS, ".user/.keep": "" });
  const turns = [
    { content: [{ type: "tool_use", name: "workflow", input: { script, ...input } }] },
    { content: [{ type: "text", text: "Launched." }] },
    ...agentTurns,
    { expect: { lastUserIncludes: "<task-id>wf-1</task-id>" }, content: [{ type: "text", text: "Read." }] },
  ];
  const { agent, simulator, renderer } = await scriptedAgent(lesson, JSON.stringify({ turns }), cwd, { userDir: `${cwd}/.user`, flags: { ...lesson.demoFlags } });
  try {
    await runUntilIdle(agent, "Use a workflow.", new AbortController().signal, renderer).catch((err: unknown) => renderer.error(String(err)));
  } finally {
    await agent.close?.();
  }
  const record = await readFile(path.join(cwd, ".workflows/wf-1/run.json"), "utf8").then((text) => JSON.parse(text) as WorkflowSession["record"], () => undefined);
  const launchedResult = simulator.requests.filter((r) => r.agent === "lead")[1];
  const last = (launchedResult?.body as { messages?: { content: unknown }[] } | undefined)?.messages?.at(-1)?.content;
  const launched = Array.isArray(last) ? last.map((b: { content?: unknown }) => (typeof b.content === "string" ? b.content : JSON.stringify(b.content ?? ""))).join("") : "";
  return { record, launched, requests: simulator.requests, errors: renderer.ofKind("error").map((e) => e.text), cwd };
}
