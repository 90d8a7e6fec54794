/**
 * The lead's session: which transcript it writes, and the conversation it resumed.
 *
 *   start ── --continue / --resume? ── no ──► a new id, a new file
 *                │ yes
 *                ▼
 *     read the file (reader.ts) ──► the messages wait ──► first prompt: they become the conversation
 *                │                                         (before the prompt joins it, so it follows them)
 *                └─ --fork-session: a new id; the first sync writes them to the new file
 *                   otherwise: the same id; new entries go on after the old ones
 *
 * `/resume <id>` does the same between turns; `/clear` starts a new session (as in Claude Code),
 * the old file left to resume.
 */
import { randomUUID } from "node:crypto";
import type { AgentContext, MessageParam, Renderer } from "@learn/core";
import { loadTranscript, transcriptFile, TranscriptWriter, type LoadedTranscript } from "../transcript/index.ts";
import type { SessionPlace } from "../session-place.ts";

export class LeadSession {
  writer: TranscriptWriter;
  /** A resumed conversation, until the first prompt makes it the live one. */
  private pending: MessageParam[] | undefined;
  /** The kernel's conversation, once a hook, wrapper or command has shown it to us. */
  private live: MessageParam[] | undefined;

  constructor(private readonly place: SessionPlace, private readonly cwd: () => string) {
    this.writer = this.writerFor(place.sessionId);
  }

  get id(): string {
    return this.place.sessionId;
  }

  /** Resume `file`'s session (a fork: into a new one); returns what the person should be told. */
  async resume(file: string, sessionId: string, fork: boolean, ctx?: AgentContext): Promise<LoadedTranscript> {
    const loaded = await loadTranscript(file, sessionId);
    this.place.sessionId = fork ? randomUUID() : sessionId;
    this.writer = this.writerFor(this.place.sessionId);
    // Going on in the same file: the path read is what is written. A fork writes it all anew.
    if (!fork && loaded.path) this.writer.adopt(loaded.path);
    else if (!fork) this.forkBecauseMerged();
    for (const usage of loaded.usages) this.place.meter.add(usage.model, usage.usage);
    if (ctx) ctx.messages.splice(0, ctx.messages.length, ...loaded.messages);
    else this.pending = loaded.messages;
    return loaded;
  }

  /** A file whose entries were joined when read (Claude Code writes a message block by block) is not continued in place. */
  private forkBecauseMerged(): void {
    this.place.sessionId = randomUUID();
    this.writer = this.writerFor(this.place.sessionId);
  }

  /** `/branch` (and --fork-session): the conversation goes on in a new session, written anew at the next sync; the old file stays as it is. */
  async branch(): Promise<string> {
    await this.sync();
    const from = this.place.sessionId;
    this.place.sessionId = randomUUID();
    this.writer = this.writerFor(this.place.sessionId);
    await this.sync();
    return from;
  }

  /** `/clear`: a new session; the old one stays on disk. */
  startNew(): void {
    this.place.sessionId = randomUUID();
    this.writer = this.writerFor(this.place.sessionId);
    this.pending = undefined;
  }

  /** We see the live conversation: a resumed one waiting becomes it (only ever into an empty one). True when it just did. */
  see(ctx: AgentContext): boolean {
    this.live = ctx.messages;
    const resumed = this.pending !== undefined && ctx.messages.length === 0;
    if (resumed) ctx.messages.push(...this.pending!);
    this.pending = undefined;
    return resumed;
  }

  /** Write what is new in the live conversation. */
  async sync(): Promise<void> {
    if (this.live) await this.writer.sync(this.live);
  }

  /** Tell the person, once, what they resumed. */
  static announce(renderer: Renderer, loaded: LoadedTranscript, id: string, forked: boolean): void {
    const what = `${loaded.messages.length} message${loaded.messages.length === 1 ? "" : "s"}`;
    renderer.notice(forked ? `Forked session ${loaded.sessionId} (${what}) into a new session ${id}.` : `Resumed session ${id} (${what}).`);
    for (const note of loaded.notes) renderer.notice(note);
  }

  private writerFor(sessionId: string): TranscriptWriter {
    return new TranscriptWriter(transcriptFile(this.place.dir, sessionId), { sessionId, cwd: this.cwd, isSidechain: false });
  }
}
