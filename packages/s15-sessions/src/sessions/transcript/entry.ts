/**
 * One line of a transcript, in Claude Code's shape where it carries over (read from the files
 * Claude Code 2.1.328 writes under ~/.claude/projects/): a message entry is
 *
 *   {"type":"user","uuid":"…","parentUuid":"…"|null,"sessionId":"…","cwd":"…","timestamp":"…",
 *    "isSidechain":false,"message":{"role":"user","content":…}}
 *
 * and the entries point back to their parent, so a file can hold a tree: a turn rolled back, a
 * rewind, a compaction each start a new branch, and the conversation is the path from the last
 * leaf back to the root. Two other kinds of line, also Claude Code's:
 *
 *   compact_boundary   {"type":"system","subtype":"compact_boundary","parentUuid":null,"logicalParentUuid":"…"}
 *                      the history was replaced by a summary: the path stops here
 *   last-prompt        {"type":"last-prompt","leafUuid":"…"|null}   the conversation now ends at that
 *                      entry (it was cut back: a failed turn, a rewind)
 */
import { z } from "zod";
import type { MessageParam } from "@learn/core";

const common = {
  uuid: z.string().min(1),
  parentUuid: z.string().min(1).nullable(),
  sessionId: z.string().min(1),
  cwd: z.string(),
  timestamp: z.string(),
};

/** A message as the API takes it: a role, and content the next request will carry as it is. */
const Message = z.looseObject({
  role: z.enum(["user", "assistant"]),
  content: z.union([z.string(), z.array(z.looseObject({ type: z.string() }))]),
});

export const MessageEntry = z.looseObject({
  ...common,
  type: z.enum(["user", "assistant"]),
  isSidechain: z.boolean().optional(),
  message: Message,
});
export type MessageEntry = z.infer<typeof MessageEntry> & { message: MessageParam };

export const BoundaryEntry = z.looseObject({
  ...common,
  type: z.literal("system"),
  subtype: z.literal("compact_boundary"),
  logicalParentUuid: z.string().nullable().optional(),
});
export type BoundaryEntry = z.infer<typeof BoundaryEntry>;

export const LeafEntry = z.looseObject({
  type: z.literal("last-prompt"),
  leafUuid: z.string().min(1).nullable(),
  sessionId: z.string().min(1),
});
export type LeafEntry = z.infer<typeof LeafEntry>;

/** Any line this course writes. Claude Code's other kinds (queue operations, attachments, cost) are skipped when read. */
export type Entry = MessageEntry | BoundaryEntry | LeafEntry;

/** Is this the message an entry carries, as the API will read it (role and content, nothing else)? */
export function messageOf(entry: MessageEntry): MessageParam {
  return { role: entry.message.role, content: entry.message.content } as MessageParam;
}
