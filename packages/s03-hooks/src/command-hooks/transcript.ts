/**
 * The transcript a hook can read. Claude Code hands every hook a `transcript_path`: the session
 * so far, one JSON object a line, which a Stop hook reads to see what the model said last, or
 * an audit hook copies. The course keeps its conversation in memory, so before hooks run it is
 * written to a file of the session (only when some hook is configured for the event: a
 * session without hooks gets no file). core's writeFileAtomic scrubs every known secret out
 * of it, as from every file the harness writes. Like Claude Code's (under ~/.claude/projects),
 * it lives outside the workspace: the workspace holds the student's files, and a hook that
 * lists them should not find the harness's.
 *
 *   <temp>/learn-agent-hooks-<uid>/<session_id>.jsonl      one message a line
 *
 * The folder is this user's own (made 0700, and checked: not a link, nobody else's), because
 * the temp folder is shared: another user's folder or link of that name must not receive the
 * conversation. The session's file is deleted when the session ends.
 */
import { lstat, mkdir } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import type { MessageParam } from "@learn/core";
import { writeFileAtomic } from "@learn/core/harness";

/** Where one session's transcript lives. */
export function transcriptPathOf(sessionId: string): string {
  return path.join(os.tmpdir(), `learn-agent-hooks-${process.getuid?.() ?? "user"}`, `${sessionId}.jsonl`);
}

/** Make the transcript's folder, or refuse one that is not private to this user. */
async function privateFolder(dir: string): Promise<void> {
  await mkdir(dir, { recursive: true, mode: 0o700 });
  const info = await lstat(dir);
  const mine = process.getuid === undefined || info.uid === process.getuid();
  if (!info.isDirectory() || !mine || (info.mode & 0o077) !== 0) {
    throw new Error(`${dir} is not a private folder of this user (a link, someone else's, or open to others): no hook transcript is written there`);
  }
}

/** Write the conversation so far: one message a line. */
export async function writeTranscript(file: string, messages: readonly MessageParam[]): Promise<void> {
  await privateFolder(path.dirname(file));
  await writeFileAtomic(file, messages.map((m) => JSON.stringify(m)).join("\n") + (messages.length ? "\n" : ""));
}
