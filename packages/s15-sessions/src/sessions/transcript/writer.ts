/**
 * The transcript writer: the live conversation, appended to its file one entry per message.
 *
 * It does not hook into every place a message is added (the kernel, a compaction, a rollback):
 * it compares. `sync(messages)` finds how much of the conversation is already written — the
 * longest prefix equal to the written path — and appends the rest, each entry pointing at the
 * one before. When the conversation was changed behind what was written (a compaction, a turn
 * rolled back, a rewind), the new entries branch off where the two still agree, and a leaf
 * marker says where the conversation ends now. Nothing already written is ever rewritten:
 *
 *   written   u1 ─ a1 ─ u2 ─ a2 ─ u3            the turn of u3 failed and was rolled back
 *   now       u1 ─ a1 ─ u2 ─ a2                  → {"type":"last-prompt","leafUuid":a2}
 *   then      u1 ─ a1 ─ u2 ─ a2 ─ u4             → u4 with parentUuid a2 (u3 stays, off the path)
 *
 * Each line is one append of a whole line (O_APPEND, core's appendTextFile, which scrubs every
 * known secret): a crash mid-write can leave only the last line torn, never an earlier one.
 * Appends are queued, so two syncs never interleave their lines.
 */
import { randomUUID } from "node:crypto";
import { mkdir } from "node:fs/promises";
import path from "node:path";
import type { MessageParam } from "@learn/core";
import { appendTextFile } from "@learn/core/harness";
import type { Entry } from "./entry.ts";

/** One entry on the path the conversation follows now. */
export interface WrittenMessage {
  uuid: string;
  /** The message as written: equal JSON means the same message. */
  json: string;
  /** The object and content array it was checked against last (equal by identity: no need to compare the JSON). */
  ref?: MessageParam;
  content?: MessageParam["content"];
}

export interface WriterIdentity {
  sessionId: string;
  /** The workspace, read at each write (an agent can move into a worktree). */
  cwd: () => string;
  /** A subagent's or teammate's transcript (Claude Code's `isSidechain`). */
  isSidechain: boolean;
  /** The agent's name, for a child's entries ("lead" is not written). */
  agent?: string;
}

/** Extra fields for an assistant entry: the model and the tokens it reported (what /cost reads back). */
export type AssistantExtra = { model?: string; usage?: unknown };

export class TranscriptWriter {
  private path: WrittenMessage[] = [];
  private queue: Promise<void> = Promise.resolve();
  /** What `extra` to attach to an assistant message when it is written, by its JSON. */
  private readonly extras = new Map<string, AssistantExtra>();

  constructor(readonly file: string, private readonly identity: WriterIdentity) {}

  /** The entries of a resumed conversation, already in this file: new ones follow them. */
  adopt(path: readonly WrittenMessage[]): void {
    this.path = [...path];
  }

  /** How many messages are on the written path (tests, /cost's check). */
  get written(): number {
    return this.path.length;
  }

  /** The uuid of the entry the path ends at, or null. */
  get leaf(): string | null {
    return this.path.at(-1)?.uuid ?? null;
  }

  /** Remember the model and usage of an answer, to write with it when it joins the conversation. */
  noteAnswer(message: MessageParam, extra: AssistantExtra): void {
    this.extras.set(JSON.stringify(message), extra);
  }

  /** Write whatever of `messages` is not on the written path yet (see the file's comment). */
  sync(messages: readonly MessageParam[]): Promise<void> {
    const step = this.queue.then(() => this.syncNow(messages));
    this.queue = step.catch(() => {});
    return step;
  }

  private async syncNow(messages: readonly MessageParam[]): Promise<void> {
    const kept = this.agreeing(messages);
    const wasLonger = this.path.length > kept;
    const replaced = kept === 0 && this.path.length > 0 && messages.length > 0;
    const logicalParent = this.leaf;
    this.path.length = kept;
    const lines: Entry[] = [];
    let parent = this.leaf;
    if (replaced) {
      // The whole history was replaced (a compaction): Claude Code's boundary, a new root.
      const boundary = { type: "system" as const, subtype: "compact_boundary" as const, uuid: randomUUID(), parentUuid: null, logicalParentUuid: logicalParent, ...this.base(), content: "Conversation compacted" };
      lines.push(boundary);
      parent = boundary.uuid;
    } else if (wasLonger && messages.length === kept) {
      lines.push({ type: "last-prompt", leafUuid: parent, sessionId: this.identity.sessionId });
    }
    for (const message of messages.slice(kept)) {
      const json = JSON.stringify(message);
      const uuid = randomUUID();
      const extra = message.role === "assistant" ? this.extras.get(json) : undefined;
      this.extras.delete(json);
      lines.push({ type: message.role, uuid, parentUuid: parent, ...this.base(), message: { ...JSON.parse(json), ...extra } } as Entry);
      this.path.push({ uuid, json, ref: message, content: message.content });
      parent = uuid;
    }
    if (lines.length > 0) await this.append(lines);
  }

  /** How many of `messages` equal the written path, from the start. */
  private agreeing(messages: readonly MessageParam[]): number {
    const n = Math.min(messages.length, this.path.length);
    for (let i = 0; i < n; i++) {
      const written = this.path[i]!;
      const message = messages[i]!;
      if (written.ref === message && written.content === message.content) continue;
      if (JSON.stringify(message) !== written.json) return i;
      written.ref = message;
      written.content = message.content;
    }
    return n;
  }

  private base() {
    const { sessionId, isSidechain, agent } = this.identity;
    return { sessionId, cwd: this.identity.cwd(), timestamp: new Date().toISOString(), isSidechain, ...(agent ? { agent } : {}) };
  }

  private async append(lines: readonly Entry[]): Promise<void> {
    await mkdir(path.dirname(this.file), { recursive: true });
    // One append per line: a crash between two leaves every line before it whole.
    for (const line of lines) await appendTextFile(this.file, `${JSON.stringify(line)}\n`, 0o600);
  }
}
