/**
 * What lesson 15 adds: a session you can leave and come back to. One mechanism, for every agent:
 *
 *   sessions   every agent's conversation, one append-only JSONL transcript (the lead's, and one
 *              beside it per subagent or teammate); the lead resumes one (--continue, --resume,
 *              /resume, --fork-session), goes back to an earlier prompt (/rewind), and says what
 *              the session cost (/cost, and a line at exit)
 *
 * It hangs on the kernel as everything since s03 does: a wrapper around the model call (outermost,
 * so it sees the kernel's own conversation: it writes what is new before each call, and the
 * answer as soon as it comes), a UserPromptSubmit hook (a resumed conversation becomes the live
 * one before the first prompt joins it; the files' checkpoint), a PostToolBatch hook (what the
 * round left in the files), the end of every turn (a rollback, a Stop hook's text),
 * /clear (a new session), and exit.
 */
import path from "node:path";
import { assistantMessage, defineHook, sessionKey, type AgentContext, type AgentParts, type BuildContext, type Mechanism, type ModelWrapper } from "@learn/core";
import { costCommand } from "./cost/cost-command.ts";
import { CONTINUE_FLAG, FORK_FLAG, RESUME_FLAG, chooseSession } from "./resume/choose.ts";
import { LeadSession } from "./resume/lead-session.ts";
import { restorePlan } from "./resume/plan.ts";
import { branchCommand, resumeCommand } from "./resume/resume-command.ts";
import { Checkpoints } from "./rewind/checkpoints.ts";
import { promptsOf, rewindCommand } from "./rewind/rewind-command.ts";
import { SessionPlace } from "./session-place.ts";
import { childTranscriptFile, SESSIONS_DIR_FLAG, TranscriptWriter } from "./transcript/index.ts";

/** Where this session's transcripts go: one place, shared by the lead and every child. */
export const SESSION_KEY = sessionKey<SessionPlace>("the session");

export const sessions: Mechanism = {
  name: "sessions",
  flags: [
    { name: CONTINUE_FLAG, value: "none", description: "go on with the latest session of this workspace" },
    { name: RESUME_FLAG, value: "optional", description: "go on with a session: its id, or (alone, at a terminal) pick one" },
    { name: FORK_FLAG, value: "none", description: "with --continue or --resume: go on in a new session, the old one left as it was" },
    { name: SESSIONS_DIR_FLAG, description: "where transcripts are kept (default ~/.learn-agent-harness/projects)", env: "LEARN_SESSIONS_DIR" },
  ],
  async add(parts, ctx) {
    const place = ctx.shared(SESSION_KEY, () => new SessionPlace(ctx.options.flags[SESSIONS_DIR_FLAG], ctx.options.cwd));
    return ctx.role === "lead" ? lead(parts, ctx, place) : child(parts, ctx, place);
  },
};

async function lead(parts: AgentParts, ctx: BuildContext, place: SessionPlace): Promise<AgentParts> {
  const { options } = ctx;
  const cwd = () => parts.cwd?.() ?? options.cwd;
  const session = new LeadSession(place, cwd);
  const chosen = await chooseSession(options, place.dir);
  if (chosen) LeadSession.announce(options.renderer, await session.resume(chosen.session.file, chosen.session.id, chosen.fork), session.id, chosen.fork);
  const checkpoints = new Checkpoints(cwd, path.join(place.dir, "file-history"), () => place.sessionId, insideWorkspace(place.dir, options.cwd));
  // The files' checkpoints of a session taken up (resumed, forked, branched), written on under this one's id.
  const takeUp = async (id: string) => {
    const problem = await checkpoints.load(id);
    if (problem) options.renderer.notice(problem);
  };
  if (chosen) await takeUp(chosen.session.id);
  // The live conversation, seen: a resumed one becomes it, and its plan comes back (resume/plan.ts).
  const live = async (c: AgentContext) => void (session.see(c) && (await restorePlan(parts.tools, c)));
  const seeing = defineHook("UserPromptSubmit", "resume-and-checkpoint", async (_e, hookCtx) => {
    await live(hookCtx);
    await checkpoints.beforePrompt(promptsOf(hookCtx.messages).length);
  });
  const afterRound = defineHook("PostToolBatch", "checkpoint-files", async () => void (await checkpoints.afterRound()));
  return {
    ...parts,
    // First: the resumed conversation is in place before any other hook looks at it.
    hooks: [seeing, ...parts.hooks, afterRound],
    // Outermost: it sees the kernel's own request (inner wrappers may copy the messages).
    wrappers: [transcribing(() => session.writer, place, (c) => session.see(c)), ...parts.wrappers],
    commands: [...parts.commands, resumeCommand(session, place, async (c) => (await takeUp(session.id), await restorePlan(parts.tools, c))), branchCommand(session, live, takeUp), rewindCommand(session, checkpoints, live), costCommand(place.meter)],
    start: [...parts.start, (agent) => void agent.onIdle(() => void session.sync().catch((err) => options.renderer.error(`The transcript could not be written: ${String(err)}`)))],
    onClear: [...parts.onClear, () => session.startNew(), () => void checkpoints.dropFrom(0).catch((err) => options.renderer.error(`The file checkpoints could not be written: ${String(err)}`))],
    close: [
      ...parts.close,
      async () => {
        await session.sync();
        if (place.meter.calls > 0) options.renderer.notice(`Session ${session.id}: ${place.meter.describe().split("\n").join("; ")}. Resume it with --resume ${session.id}`);
      },
    ],
  };
}

/** The sessions folder's path inside the workspace, when it is there (its files are not the project's). */
function insideWorkspace(dir: string, cwd: string): string | undefined {
  const rel = path.relative(cwd, path.dirname(dir));
  return rel && !rel.startsWith("..") && !path.isAbsolute(rel) ? rel.split(path.sep).join("/") : undefined;
}

/** A subagent or teammate: its own transcript beside the lead's, written around each of its model calls. */
function child(parts: AgentParts, ctx: BuildContext, place: SessionPlace): AgentParts {
  const agent = ctx.options.model.agent;
  const file = childTranscriptFile(place.dir, place.sessionId, agent, place.nextChild());
  const writer = new TranscriptWriter(file, { sessionId: place.sessionId, cwd: () => parts.cwd?.() ?? ctx.options.cwd, isSidechain: true, agent });
  return { ...parts, wrappers: [transcribing(() => writer, place), ...parts.wrappers] };
}

/**
 * Around every model call: the kernel's own call (its request carries the live conversation
 * itself) is written before it goes, and its answer as soon as it comes — a crash while a tool
 * runs leaves the tool_use on disk, which a resume answers as interrupted. A call a mechanism
 * makes aside (a compaction's summary) is only counted: it is not part of the conversation.
 */
function transcribing(writer: () => TranscriptWriter, place: SessionPlace, see?: (ctx: AgentContext) => void): ModelWrapper {
  return (next) => async (request, ctx) => {
    const own = request.messages === ctx.messages;
    if (own) {
      see?.(ctx);
      await writer().sync(ctx.messages);
    }
    const response = await next(request, ctx);
    place.meter.add(response.model, response.usage);
    if (own && response.content.length > 0) {
      const message = assistantMessage(response);
      writer().noteAnswer(message, { model: response.model, usage: response.usage });
      await writer().sync([...ctx.messages, message]);
    }
    return response;
  };
}
