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
 *   <temp>/learn-agent-hooks/<session_id>.jsonl      one message a line
 */
import os from "node:os";
import path from "node:path";
import type { MessageParam } from "@learn/core";
import { writeFileAtomic } from "@learn/core/harness";

/** Where one session's transcript lives. */
export function transcriptPathOf(sessionId: string): string {
  return path.join(os.tmpdir(), "learn-agent-hooks", `${sessionId}.jsonl`);
}

/** Write the conversation so far: one message a line. */
export async function writeTranscript(file: string, messages: readonly MessageParam[]): Promise<void> {
  await writeFileAtomic(file, messages.map((m) => JSON.stringify(m)).join("\n") + (messages.length ? "\n" : ""));
}
