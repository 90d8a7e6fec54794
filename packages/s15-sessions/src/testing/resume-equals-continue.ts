/**
 * The promise of resume, as a property any session can be checked against:
 *
 *   run the session whole ──► at every lead request k of its own conversation: a copy of the
 *   workspace (its transcripts inside it), taken once the transcript holds what request k carries
 *        │
 *   for each k: the workspace put back as copy k ──► a new agent, --continue ──► "go on"
 *        ──► its first request, less that prompt, must equal request k, block for block
 *
 * Stopping "after round k" is stopping once round k's results are on disk: the transcript then
 * holds exactly the conversation request k+1 carries (a turn's first request: the prompt; a later
 * one: the previous round's tool results). The resumed agent does not go on by itself — it waits
 * for a prompt, as Claude Code does — so it is given one, and that prompt is the only thing
 * normalised away: it joins the last user message as one more text block (core's appendUserText).
 * Everything else — system prompt, tools, every message and block, model, max_tokens — must be
 * the same bytes, because that is what a prompt cache and a model see.
 *
 * A request a mechanism makes aside (s07's summary call carries a copy of the conversation) is
 * not part of the conversation and is not a resume point.
 */
import { cp, rm } from "node:fs/promises";
import { agentFromMechanisms, type Agent, type AgentOptions, type Mechanism, type MessageParam } from "@learn/core";
import type { RecordedRequest, Script } from "@learn/core/simulator";
import { scriptedAgent, type RecordingRenderer } from "@learn/core/testing";

/** What the resumed agent is told: it answers it, nothing more (its script has one turn). */
export const RESUME_PROMPT = "Go on.";

export interface SessionToCheck {
  /** The lesson's mechanisms, in order (s15's, or a later lesson's that composes them). */
  mechanisms: readonly Mechanism[];
  /** The workspace, ready: always this path (the system prompt and the transcripts' folder name it). */
  ws: string;
  /** Where the copies go (a folder of the test's own, outside `ws`). */
  scratch: string;
  script: Script;
  /** The agent's options for both runs (flags must put the transcripts inside `ws`: --sessions-dir). */
  options: Partial<AgentOptions>;
  /** The whole session: prompts, commands, whatever the test does with the agent. */
  drive(agent: Agent, renderer: RecordingRenderer): Promise<void>;
}

export interface ResumePoint {
  /** Which of the lead's requests (from 0) this is. */
  index: number;
  /** What the uninterrupted session sent. */
  expected: unknown;
  /** What the resumed session sent first, its resume prompt taken out (both as `comparable` makes them). */
  actual: unknown;
  /** The resumed agent's errors and notices (a resume that refused says why here). */
  errors: string[];
}

export interface ResumeCheck {
  /** The uninterrupted session: its errors, and the script's turns it left unserved (both should be none). */
  whole: { errors: string[]; unserved: number; leadRequests: number };
  points: ResumePoint[];
}

/** Run the session whole, then resume it at every point; the caller compares each point's two requests. */
export async function resumeAtEveryRound(session: SessionToCheck, only?: (index: number) => boolean): Promise<ResumeCheck> {
  const { copies, whole } = await runWhole(session);
  const points: ResumePoint[] = [];
  for (const { index, copy, request } of copies) {
    if (only && !only(index)) continue;
    await rm(session.ws, { recursive: true, force: true });
    await cp(copy, session.ws, { recursive: true, verbatimSymlinks: true });
    points.push({ index, expected: comparable(request.body), ...(await resumeOnce(session)) });
  }
  return { whole, points };
}

interface Copy {
  index: number;
  copy: string;
  request: RecordedRequest;
}

/** The session whole, with a copy of the workspace at each of the lead's own requests. */
async function runWhole(session: SessionToCheck): Promise<{ copies: Copy[]; whole: ResumeCheck["whole"] }> {
  const own: { index: number; copy: string }[] = [];
  let calls = 0;
  const copying: Mechanism = {
    name: "copy-at-every-request (test)",
    add(parts, ctx) {
      if (ctx.role !== "lead") return parts;
      let mine = false;
      return {
        ...parts,
        // Outermost: the kernel's own request is the one whose messages are its conversation.
        // Innermost: by then the transcript has been written up to this request.
        wrappers: [
          (next) => async (request, c) => ((mine = request.messages === c.messages), next(request, c)),
          ...parts.wrappers,
          (next) => async (request, c) => {
            const index = calls++;
            if (mine) {
              const copy = `${session.scratch}/${index}`;
              await copyWhileBusy(session.ws, copy);
              own.push({ index, copy });
            }
            mine = false;
            return next(request, c);
          },
        ],
      };
    },
  };
  const lesson = { createAgent: (o: AgentOptions) => agentFromMechanisms([...session.mechanisms, copying], o) };
  const { agent, simulator, renderer } = await scriptedAgent(lesson, session.script, session.ws, session.options);
  try {
    await session.drive(agent, renderer);
  } finally {
    await agent.close?.();
  }
  const lead = simulator.requests.filter((r) => r.agent === "lead");
  if (lead.length !== calls) throw new Error(`the lead made ${calls} calls but ${lead.length} reached the model`);
  const whole = { errors: renderer.ofKind("error").map((e) => e.text), unserved: simulator.remaining(), leadRequests: lead.length };
  return { copies: own.map(({ index, copy }) => ({ index, copy, request: lead[index]! })), whole };
}

/** Teammates and jobs work while the lead waits: a file may go while it is copied. Try again. */
async function copyWhileBusy(from: string, to: string, tries = 5): Promise<void> {
  for (let i = 1; ; i++) {
    try {
      await rm(to, { recursive: true, force: true });
      return await cp(from, to, { recursive: true, verbatimSymlinks: true });
    } catch (err) {
      if (i >= tries || (err as NodeJS.ErrnoException).code !== "ENOENT") throw err;
    }
  }
}

/** A new agent on the copy, --continue, one prompt; its first request without that prompt. */
async function resumeOnce(session: SessionToCheck): Promise<Omit<ResumePoint, "index" | "expected">> {
  const options = { ...session.options, flags: { ...session.options.flags, continue: "true" } };
  const lesson = { createAgent: (o: AgentOptions) => agentFromMechanisms(session.mechanisms, o) };
  const { agent, simulator, renderer } = await scriptedAgent(lesson, { turns: [{ content: [{ type: "text", text: "ok" }] }] }, session.ws, options);
  try {
    await agent.run(RESUME_PROMPT, new AbortController().signal).catch((err: unknown) => renderer.error(String(err)));
  } finally {
    await agent.close?.();
  }
  const first = simulator.requests.find((r) => r.agent === "lead");
  const errors = renderer.ofKind("error").map((e) => e.text);
  return { actual: first ? comparable(first.body, true) : undefined, errors };
}

/**
 * A request as the model reads it, for comparing: the last message, if its content is a string,
 * becomes the one text block it stands for (the API reads them alike; the resume prompt joining
 * it turns it into blocks). The resumed one also loses its resume prompt — the last text block
 * of its last message — and that block's prompt-cache mark goes to the block before it, where
 * the uninterrupted session had it (s06 marks the last block of the conversation). Every other
 * message is compared as it was sent.
 */
export function comparable(body: unknown, resumed = false): unknown {
  const copy = structuredClone(body) as { messages: MessageParam[] };
  const last = copy.messages.at(-1);
  if (last && typeof last.content === "string") last.content = [{ type: "text", text: last.content }];
  const content = last?.content as ({ type: string; text?: string; cache_control?: unknown } & Record<string, unknown>)[] | undefined;
  const prompt = content?.at(-1);
  if (!resumed || last?.role !== "user" || !content || prompt?.type !== "text" || prompt.text !== RESUME_PROMPT) return copy;
  content.pop();
  // A prompt on its own (the conversation ended with the model's answer) was a message of its own.
  if (content.length === 0) copy.messages.pop();
  else if (prompt.cache_control !== undefined) content.at(-1)!.cache_control = prompt.cache_control;
  return copy;
}

/**
 * The request with no prompt-cache mark on any message block (the system prompt's stay). Only
 * for the one difference a resume cannot avoid: s07 puts a breakpoint where micro-compaction
 * changed the conversation at the previous request, a place it remembers in the process, not in
 * the conversation — so on the request that compacts a batch, a resumed agent marks the oldest
 * result left whole instead. The model reads the same; that request reads less from the cache.
 */
export function withoutMessageMarks(body: unknown): unknown {
  return JSON.parse(JSON.stringify(body, (key, value: unknown) => (key === "messages" ? (value as MessageParam[]).map(unmarked) : value)));
}

function unmarked(m: MessageParam): MessageParam {
  if (typeof m.content === "string") return m;
  return { ...m, content: m.content.map((b) => Object.fromEntries(Object.entries(b).filter(([k]) => k !== "cache_control"))) } as MessageParam;
}
