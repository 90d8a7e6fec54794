/**
 * Where transcripts live, as Claude Code lays them out — one folder per workspace, named after
 * its path, one file per session, the agents a session started in a folder beside it:
 *
 *   <root>/-tmp-shop/5c1f…e2.jsonl                      the lead's conversation
 *   <root>/-tmp-shop/5c1f…e2/subagents/agent-explore-1.jsonl   a subagent's, or a teammate's
 *
 * The root is the course's own (`~/.learn-agent-harness/projects`, or --sessions-dir), not
 * Claude Code's `~/.claude/projects`: its resume picker would list the course's sessions.
 */
import { readdir, stat } from "node:fs/promises";
import os from "node:os";
import path from "node:path";

/** `--sessions-dir` (env LEARN_SESSIONS_DIR): where every workspace's transcripts are kept. */
export const SESSIONS_DIR_FLAG = "sessions-dir";

export const DEFAULT_SESSIONS_DIR = path.join(os.homedir(), ".learn-agent-harness", "projects");

/** The root: the flag's folder (relative: from the workspace), or the default. */
export function sessionsRoot(flag: string | undefined, cwd: string): string {
  return flag ? path.resolve(cwd, flag) : DEFAULT_SESSIONS_DIR;
}

/** Claude Code's folder name for a workspace: its absolute path, every character but a letter or digit as "-". */
export function projectFolderName(cwd: string): string {
  return path.resolve(cwd).replace(/[^a-zA-Z0-9]/g, "-");
}

export function projectDir(root: string, cwd: string): string {
  return path.join(root, projectFolderName(cwd));
}

export function transcriptFile(dir: string, sessionId: string): string {
  return path.join(dir, `${sessionId}.jsonl`);
}

/** A child agent's file, beside its session's: `agent-<name>-<n>.jsonl`. */
export function childTranscriptFile(dir: string, sessionId: string, agent: string, n: number): string {
  return path.join(dir, sessionId, "subagents", `agent-${agent.replace(/[^a-zA-Z0-9_-]/g, "-")}-${n}.jsonl`);
}

export interface StoredSession {
  id: string;
  file: string;
  /** Last written (what --continue picks: the latest). */
  modified: Date;
  bytes: number;
}

/** This workspace's sessions, the most recently written first. */
export async function listSessions(dir: string): Promise<StoredSession[]> {
  const names = await readdir(dir).catch(() => [] as string[]);
  const sessions: StoredSession[] = [];
  for (const name of names.filter((n) => n.endsWith(".jsonl"))) {
    const file = path.join(dir, name);
    const info = await stat(file).catch(() => undefined);
    if (info?.isFile()) sessions.push({ id: name.slice(0, -".jsonl".length), file, modified: info.mtime, bytes: info.size });
  }
  return sessions.sort((a, b) => b.modified.getTime() - a.modified.getTime() || a.id.localeCompare(b.id));
}

/** The session `id` names: exactly, or the one session whose id starts with it. */
export function findSession(sessions: readonly StoredSession[], id: string): StoredSession {
  const exact = sessions.find((s) => s.id === id);
  if (exact) return exact;
  const matches = sessions.filter((s) => s.id.startsWith(id));
  if (matches.length === 1) return matches[0]!;
  if (matches.length > 1) throw new Error(`"${id}" names ${matches.length} sessions of this workspace (${matches.map((s) => s.id).join(", ")}): give more of the id`);
  throw new Error(sessions.length === 0 ? `no session "${id}": this workspace has no saved session` : `no session "${id}" in this workspace; its sessions: ${sessions.slice(0, 5).map((s) => s.id).join(", ")}${sessions.length > 5 ? ", …" : ""}`);
}
