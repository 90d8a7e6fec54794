/**
 * A TEAMMATE: one more agent loop, running beside the lead in the same process — its own
 * kernel, conversation, name and place on the screen, built from the same parts as a subagent
 * plus an inbox. Unlike a subagent it does not return to whoever started it: it works, goes
 * idle, and works again when mail arrives.
 *
 *   spawn ──► work phase (its prompt) ──► idle ──► mail ──► work phase ("New mail; it follows.") ──► idle …
 *              ≤ 50 rounds                         the mail itself: <inbox> in its request
 *   a phase that fails ──► the lead gets an error message; the teammate waits for mail again
 *   the session ends   ──► its phase is cancelled, its loop ends: shutdown
 *
 * Its final answer reaches nobody: what matters it sends with send_message (its prompt says so).
 */
import { agentFrom, describeError, PromptQueue, type Agent, type AgentOptions, type PartsOf, type Renderer } from "@learn/core";
import type { Mailboxes } from "../team/mailbox.ts";
import type { MemberStatus, Roster } from "../team/roster.ts";
import { LEAD } from "../team/names.ts";
import { inboxOf, type Inbox } from "../inbox/inbox.ts";
import type { Directory } from "./tools.ts";

/** A work phase's budget of model calls: a teammate that loops stops, and says so. */
export const TEAMMATE_MAX_ROUNDS = 50;
/** How long an idle teammate sleeps between looks at its queue (mail pokes it at once). */
const IDLE_WAIT_MS = 60_000;

/** A teammate as an extension sees it (s11's protocols and idle cycle). */
export interface TeammateHandle {
  readonly name: string;
  readonly role: string;
  /** Its lane on the screen (its name, its colour): what the harness does for it is shown there. */
  readonly renderer: Renderer;
  /** Aborted when the teammate is shut down. */
  readonly signal: AbortSignal;
  /** Prompts submitted to it (a mail wake): what its idle time waits for. */
  readonly queue: PromptQueue;
  /** Wait for a prompt (mail wakes it) at most `ms`: the only time a teammate counts as not working. */
  wait(ms: number): Promise<void>;
  /** Fetch mail from its mailbox file now (mail from another process pokes nobody). */
  checkMail(): Promise<void>;
  /** End its loop once the current work phase is over (it agreed to shut down). */
  retire(): void;
}

/**
 * TeammateIdle (Claude Code's name for the moment): what an idle teammate does until its next
 * work phase — that phase's prompt, or undefined to shut down. By default it waits for mail; a
 * later lesson (s11) hangs its own idle cycle here.
 */
export type TeammateIdle = (mate: TeammateHandle) => Promise<string | undefined>;

export interface TeamContext {
  mailboxes: Mailboxes;
  roster: Roster;
  /** Who is on the team (send_message checks its address against it). */
  directory: Directory;
  teamName: string;
  /** A teammate's parts: the session's list of mechanisms, built for the role "teammate". */
  partsOf: PartsOf;
  /** Set when s11 hangs its idle cycle on the team (see TeammateIdle). */
  whenIdle?: TeammateIdle;
  /** The lead's options: the model, the screen, the person to ask. */
  lead: AgentOptions;
  /** A teammate stopped working (it waits, or it ended): the lead's `--print` looks again. */
  settled?: () => void;
}

export class Teammate implements TeammateHandle {
  status: MemberStatus = "working";
  private retired = false;
  /** In wait(): idle for real, not between two steps of its loop. */
  private waiting = false;
  private readonly submitted = new PromptQueue();
  private readonly stopped = new AbortController();
  private loop: Promise<void> = Promise.resolve();
  private agent: Agent | undefined;
  /** Its mail, drained into its requests by the inbox mechanism (inbox/). */
  readonly inbox: Inbox;

  readonly renderer: Renderer;

  constructor(
    readonly name: string,
    readonly role: string,
    private readonly team: TeamContext,
  ) {
    // Its own lane on the screen (its name, its colour), for its agent and for the harness's word about it.
    this.renderer = team.lead.renderer.teammate(name);
    this.inbox = inboxOf(name, team.mailboxes);
  }

  /** Build its agent and start its first work phase; resolves once it runs, not when it ends. */
  async start(prompt: string): Promise<void> {
    let agent: Agent;
    try {
      agent = await this.build();
    } catch (err) {
      await this.setStatus("shutdown"); // never ran: it must not count as working (`--print` would wait for it)
      this.inbox.close(); // and it listens for no more mail: the agent that would have closed it is not there
      throw err;
    }
    this.agent = agent;
    this.loop = this.live(agent, prompt);
  }

  /**
   * Working unless it waits: in a work phase, between two steps of its loop, or woken (a wake
   * in its queue, mail on its way). Between "alice sent bob mail" and "bob works again" no phase
   * runs, yet the team is not done: `--print` must not end there.
   */
  get busy(): boolean {
    if (this.status === "shutdown") return false;
    if (!this.waiting) return true; // working, or between two steps of its loop
    const { notes } = this.inbox;
    return this.queue.size > 0 || notes.arriving > 0 || notes.size > 0;
  }

  async wait(ms: number): Promise<void> {
    this.waiting = true;
    this.team.settled?.();
    try {
      await this.queue.wait(ms, this.stopped.signal);
    } finally {
      this.waiting = false;
    }
  }

  async checkMail(): Promise<void> {
    await this.inbox.notes.pullNow();
  }

  get signal(): AbortSignal {
    return this.stopped.signal;
  }

  get queue(): PromptQueue {
    return this.agent?.submitted ?? this.submitted;
  }

  retire(): void {
    this.retired = true;
  }

  /** End it: cancel its phase, wait for its loop, mark it shut down. */
  async shutdown(): Promise<void> {
    this.stopped.abort();
    await this.loop;
  }

  private async build(): Promise<Agent> {
    const { lead, partsOf } = this.team;
    // Its own lane on the screen, its own name in the trace and to the model.
    const renderer = this.renderer;
    const options: AgentOptions = {
      ...lead,
      renderer,
      model: lead.model.forAgent(this.name, renderer),
      // Several agents may ask at once: the question says who asks (the REPL asks one at a time).
      ask: (question, signal) => lead.ask(`[teammate ${this.name}] ${question}`, signal),
      maxRounds: TEAMMATE_MAX_ROUNDS,
    };
    return agentFrom(await partsOf(options), options);
  }

  /** The team it is on (its prompt section names it). */
  get teamName(): string {
    return this.team.teamName;
  }

  /** Work phases until shutdown: the first on its prompt, then one for each wake (mail). */
  private async live(agent: Agent, first: string): Promise<void> {
    let prompt: string | undefined = first;
    while (prompt !== undefined) {
      await this.phase(agent, prompt);
      if (this.retired) break;
      prompt = this.team.whenIdle ? await this.team.whenIdle(this) : await this.nextPrompt();
      if (this.stopped.signal.aborted) break;
    }
    await agent.close?.();
    await this.setStatus("shutdown");
    this.team.settled?.();
  }

  private async phase(agent: Agent, prompt: string): Promise<void> {
    await this.setStatus("working");
    try {
      await agent.run(prompt, this.stopped.signal);
    } catch (err) {
      if (this.stopped.signal.aborted) return;
      // The team goes on: the lead hears of it, the teammate waits for mail like any idle one.
      const why = `${this.name} stopped with an error: ${describeError(err)}. It is idle now; send it a message to try again.`;
      this.team.lead.renderer.error(why);
      await this.team.mailboxes.send(LEAD, { type: "error", from: this.name, content: why }).catch(() => {});
    }
    if (!this.stopped.signal.aborted) await this.setStatus("idle");
  }

  /** Wait, idle, for a prompt submitted to it (mail wakes it), or for shutdown (undefined). */
  private async nextPrompt(): Promise<string | undefined> {
    for (;;) {
      if (this.stopped.signal.aborted) return undefined;
      const next = this.queue.take();
      if (next) return next.prompt;
      await this.wait(IDLE_WAIT_MS);
    }
  }

  /**
   * The roster on disk first, then the field: a teammate counts as shut down (not `busy`) only
   * once its last write has landed. The other way round, `pnpm reset` run just after the team
   * was done saw .team/ come back from that late write, and refused the next /demo.
   */
  private async setStatus(status: MemberStatus): Promise<void> {
    await this.team.roster.setStatus(this.name, status).catch((err: unknown) => this.team.lead.renderer.error(`The roster: ${describeError(err)}`));
    this.status = status;
  }
}
