/**
 * Before the history is replaced by a summary, all of it goes to a file: nothing the agent
 * forgets is lost. One message per line (JSON Lines), written atomically — a crash leaves the
 * old file or the whole new one, never half of it — with every known secret scrubbed out
 * (core's writeFileAtomic does that for every file the harness writes).
 *
 *   <workspace>/.transcripts/2026-12-01T10-41-07-123Z.jsonl
 */
import { existsSync } from "node:fs";
import path from "node:path";
import type { MessageParam } from "@learn/core";
import { writeFileAtomic } from "@learn/core/harness";

export const TRANSCRIPTS_DIR = ".transcripts";

/** Save the conversation; returns the file's path relative to `cwd` (what the model is told). */
export async function saveTranscript(cwd: string, messages: readonly MessageParam[], now = new Date()): Promise<string> {
  const stamp = now.toISOString().replace(/[:.]/g, "-");
  let rel = `${TRANSCRIPTS_DIR}/${stamp}.jsonl`;
  for (let n = 2; existsSync(path.join(cwd, rel)); n++) rel = `${TRANSCRIPTS_DIR}/${stamp}-${n}.jsonl`;
  const text = messages.map((m) => JSON.stringify(m)).join("\n") + "\n";
  await writeFileAtomic(path.join(cwd, rel), text);
  return rel;
}
