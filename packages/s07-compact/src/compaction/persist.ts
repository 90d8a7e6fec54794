/**
 * LAYER 1 — PERSIST LARGE RESULTS. A 40 KB test log is read once by the model and then rides
 * along in every later request. Moved to a file, it costs its first 2,000 characters and a
 * path; the model can read the rest with read_file when it needs to:
 *
 *   tool_result { 41,532 chars of test output }
 *     ──►  .task_outputs/tool-results/toolu_01….txt   (written atomically)
 *     ──►  tool_result { <persisted-output path="…" chars="41532"> first 2,000 chars </persisted-output>
 *                        The whole output is in …: read it with read_file. }
 *
 * A result keeps its tool_use_id and its is_error flag; a result already moved is left alone,
 * so the step can run before every model call — "already moved" meaning a marker this harness
 * wrote (see record.ts), not a text that merely starts like one. A user message (a pasted log)
 * is moved the same way above a much larger size.
 */
import { createHash } from "node:crypto";
import path from "node:path";
import { blocksOf, type ContentBlockParam, type MessageParam, type ToolResultBlockParam } from "@learn/core";
import { writeFileAtomic } from "@learn/core/harness";
import type { CompactionRecord } from "./record.ts";
import type { CompactionSettings } from "./settings.ts";

export const PERSISTED_TAG = "persisted-output";
export const TOOL_RESULTS_DIR = ".task_outputs/tool-results";
export const MESSAGES_DIR = ".task_outputs/messages";
/** How much of a moved text stays in the conversation. */
export const PREVIEW_CHARS = 2_000;

/** The marker that replaces a moved text: where it is, how long it was, how it starts. */
export function persistedMarker(relPath: string, text: string): string {
  return [
    `<${PERSISTED_TAG} path="${relPath}" chars="${text.length}">`,
    text.slice(0, PREVIEW_CHARS),
    `</${PERSISTED_TAG}>`,
    `The whole text (${text.length} characters) is saved in ${relPath}: read it with read_file when you need more than this start.`,
  ].join("\n");
}

/** The text of a tool result (a string, or its text blocks joined). */
export function resultText(block: ToolResultBlockParam): string {
  const { content } = block;
  if (content === undefined) return "";
  if (typeof content === "string") return content;
  return content.map((b) => (b.type === "text" ? b.text : "")).join("");
}

/**
 * The conversation with every large tool result (and very large user text) moved to a file,
 * or undefined when nothing was large. Files go under `cwd`; the messages are copies; each
 * marker written is noted in `record`.
 */
export async function persistLargeResults(
  messages: readonly MessageParam[],
  cwd: string,
  settings: CompactionSettings,
  record: CompactionRecord,
): Promise<MessageParam[] | undefined> {
  let changed = false;
  const out: MessageParam[] = [];
  for (const message of messages) {
    if (message.role !== "user") {
      out.push(message);
      continue;
    }
    const blocks = blocksOf(message);
    const next = await Promise.all(blocks.map((block) => persistBlock(block, cwd, settings, record)));
    if (next.every((b, i) => b === blocks[i])) {
      out.push(message);
      continue;
    }
    changed = true;
    out.push({ ...message, content: next });
  }
  return changed ? out : undefined;
}

async function persistBlock(block: ContentBlockParam, cwd: string, settings: CompactionSettings, record: CompactionRecord): Promise<ContentBlockParam> {
  if (block.type === "tool_result") {
    const text = resultText(block);
    if (settings.persistAboveChars === undefined || text.length <= settings.persistAboveChars || record.persistedFile(text)) return block;
    const rel = `${TOOL_RESULTS_DIR}/${safeName(block.tool_use_id)}.txt`;
    return { ...block, content: await persist(text, rel, cwd, record) };
  }
  if (block.type === "text" && block.text.length > settings.persistMessageAboveChars && !record.persistedFile(block.text)) {
    const rel = `${MESSAGES_DIR}/${createHash("sha256").update(block.text).digest("hex").slice(0, 16)}.txt`;
    return { ...block, text: await persist(block.text, rel, cwd, record) };
  }
  return block;
}

/** Write `text` to `rel` (atomically) and return its marker, noted as the harness's own. */
async function persist(text: string, rel: string, cwd: string, record: CompactionRecord): Promise<string> {
  await writeFileAtomic(path.join(cwd, rel), text);
  const marker = persistedMarker(rel, text);
  record.notePersisted(marker, rel);
  return marker;
}

/** A tool_use id as a file name: ids are letters, digits, _ and -; anything else cannot make a path. */
function safeName(id: string): string {
  return id.replace(/[^A-Za-z0-9_-]/g, "_");
}
