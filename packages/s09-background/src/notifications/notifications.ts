/**
 * RESULTS THAT ARRIVE WHILE THE MODEL IS NOT LOOKING. A background job ends whenever it ends:
 * in the middle of a turn, or while the agent waits at the prompt. Either way its result must
 * reach the model exactly once, and the conversation must stay valid (roles alternate).
 *
 *   a job ends ──► pending ──┬─ a turn runs:  the next model call carries it (PreModel)
 *                            └─ agent idle:   wake it — a turn of its own, whose first call carries it
 *
 * The PreModel hook adds one text block, `<background-results>…</background-results>`, at the
 * end of the last message (a note its sender framed itself — Claude Code's task notification —
 * goes in a block of its own after it) — always the user's before a model call, so no new message is made
 * and roles still alternate (after tool results is where the API allows text). Core's
 * appendUserText does it, for every mechanism that adds a note this way (s12: where an agent works now).
 *
 * "Exactly once" has one trap: a model call that fails before any answer rolls the turn back,
 * and the block with it. So a note is only *in flight* until a model call succeeds; a note
 * whose block was rolled back goes back to pending, and the next turn carries it.
 */
import { appendUserText, defineHook, type AgentContext, type Hook, type MessageParam, type ModelWrapper, type RunningAgent, type TextBlockParam } from "@learn/core";

export const RESULTS_TAG = "background-results";

/** One result for the model, and who sent it (named when it wakes the agent). */
interface Note {
  text: string;
  source: string;
  /** Framed by its sender (s09's task notification): a text block of its own, outside the tag block. */
  ownBlock?: boolean;
}

/** The notes of one model call, and the blocks that carry them (added together: all kept or none). */
interface InFlight {
  notes: Note[];
  blocks: TextBlockParam[];
}

/** What a wake turn says; the results themselves follow it in the same message. */
export const WAKE_PROMPT = "Background work finished; its results follow.";

/** What else can arrive this way (s10's mail): its tag, its wake prompt, and where to fetch it. */
export interface NotificationsOptions {
  /** The block's tag: `<background-results>` by default. */
  tag?: string;
  /** What a wake turn says. */
  wakePrompt?: string;
  /** Notes waiting outside this process's memory (a mailbox file), fetched before every drain. */
  pull?: () => Promise<{ text: string; source: string }[]>;
  /**
   * Only the first model call of a turn carries notes; one that arrives mid-turn waits for the
   * agent to be idle, then wakes it. The offline demo runs so (`--deliver when-idle`): when a
   * job ends then depends on how fast the machine is, and the run must be the same on any.
   */
  whenIdle?: boolean;
}

export class Notifications {
  private readonly tag: string;
  private readonly wakePrompt: string;
  private pending: Note[] = [];
  private inFlight: InFlight[] = [];
  /** The agent's conversation (the same array for its whole life), seen by the hook. */
  private messages: MessageParam[] | undefined;
  private agent: RunningAgent | undefined;
  /** A wake turn was submitted and has not started yet: a second job ending meanwhile needs no second one. */
  private wakeWaiting = false;
  /** A turn started and has not called the model yet (see `whenIdle`). */
  private firstCall = false;

  constructor(private readonly options: NotificationsOptions = {}) {
    this.tag = options.tag ?? RESULTS_TAG;
    this.wakePrompt = options.wakePrompt ?? WAKE_PROMPT;
  }

  /** Notes still being written (a job's output read from its log): `--print` waits for them too. */
  arriving = 0;

  /** Notes waiting for the model. */
  get size(): number {
    return this.pending.length;
  }

  /** Called once the agent exists: from now on a note that arrives while it is idle wakes it. */
  attach(agent: RunningAgent): void {
    this.agent = agent;
    agent.onIdle(() => this.afterTurn());
  }

  /** A result for the model; `source` names who sent it ("background job job-1"). */
  push(text: string, source: string, options: { ownBlock?: boolean } = {}): void {
    this.pending.push({ text, source, ...options });
    if (this.agent && !this.agent.busy()) this.wake(source);
  }

  /**
   * Push a note that takes a moment to write. It counts as arriving from this call on — the job
   * is no longer running, and `--print` must not see "nothing running, nothing pending" meanwhile.
   */
  async pushWhenReady(source: string, write: () => Promise<string>): Promise<void> {
    this.arriving++;
    try {
      this.push(await write().catch((err: unknown) => `${source} ended, but its note could not be written: ${String(err)}`), source);
    } finally {
      this.arriving--;
    }
  }

  /** Fetch what waits outside (see `pull`) and queue it, waking the agent if it is idle. */
  async pullNow(): Promise<void> {
    if (!this.options.pull) return;
    this.arriving++;
    try {
      for (const note of await this.options.pull()) this.push(note.text, note.source);
    } finally {
      this.arriving--;
    }
  }

  /** Every pending note, taken now (a tool that reads them out: the tool result carries them). */
  async take(): Promise<string[]> {
    await this.pullNow();
    return this.pending.splice(0).map((note) => note.text);
  }

  /** PreModel: carry every pending note in the request about to be sent. */
  async drainInto(ctx: Pick<AgentContext, "messages">): Promise<void> {
    this.messages = ctx.messages;
    const first = this.firstCall;
    this.firstCall = false;
    if (this.options.whenIdle && !first) return; // mid-turn: it waits, and the idle agent is woken
    await this.pullNow();
    if (this.pending.length === 0) return;
    const notes = this.pending.splice(0);
    const tagged = notes.filter((n) => !n.ownBlock).map((n) => n.text);
    const texts = [...(tagged.length > 0 ? [`<${this.tag}>\n${tagged.join("\n\n")}\n</${this.tag}>`] : []), ...notes.filter((n) => n.ownBlock).map((n) => n.text)];
    const blocks = texts.map((text): TextBlockParam => ({ type: "text", text }));
    for (const block of blocks) appendUserText(ctx.messages, block); // on a copy of the last message's content: a rollback restores the original
    this.inFlight.push({ notes, blocks });
  }

  /** Around the model call: one that succeeded was sent what was in flight. */
  readonly delivered: ModelWrapper = (next) => async (request, ctx) => {
    const response = await next(request, ctx);
    if (!request.quiet) this.inFlight = []; // a quiet call (a summary) is not the model reading them
    return response;
  };

  /**
   * UserPromptSubmit: a turn starts. If it is a wake turn and a turn the user started first
   * already carried the notes, it has nothing to say: the reason to block it, else undefined.
   */
  wakeStarts(prompt: string): string | undefined {
    this.firstCall = true;
    if (prompt !== this.wakePrompt || !this.wakeWaiting) return undefined;
    this.wakeWaiting = false;
    return this.pending.length === 0 ? `nothing new: the turn before carried what it was about (<${this.tag}>)` : undefined;
  }

  /**
   * The two hooks that carry the notes, under the names an agent's anatomy shows: a wake turn
   * with nothing left to say is blocked (UserPromptSubmit), and the pending notes ride on the
   * next model call (PreModel). s10's inbox hangs the same two on each agent of a team.
   */
  hooks(names: { wake: string; deliver: string }): Hook[] {
    return [
      defineHook("UserPromptSubmit", names.wake, async ({ prompt }) => {
        const stale = this.wakeStarts(prompt);
        return stale ? { block: stale } : undefined;
      }),
      defineHook("PreModel", names.deliver, async (_e, ctx) => this.drainInto(ctx)),
    ];
  }

  /** `/clear`: the conversation is forgotten, and with it what was in flight. */
  clear(): void {
    this.inFlight = [];
  }

  private wake(source: string): void {
    if (this.wakeWaiting) return;
    this.wakeWaiting = true;
    this.agent!.submit(this.wakePrompt, { source });
  }

  /** A turn ended: notes whose block was rolled back wait for the next turn; new ones wake the agent. */
  private afterTurn(): void {
    const arrived = this.pending.at(-1);
    for (const { notes, blocks } of this.inFlight.splice(0)) {
      const kept = this.messages?.some((m) => Array.isArray(m.content) && m.content.includes(blocks[0]!));
      if (!kept) this.pending.unshift(...notes);
    }
    // Only what arrived during the turn wakes it: a rolled-back note waits (a failing API must not loop).
    if (arrived) this.wake(arrived.source);
  }
}
