/**
 * Which earlier session to pick up, from the command line (Claude Code's flags):
 *
 *   --continue            the latest session of this workspace
 *   --resume <id>         that session (the start of its id is enough, when only one matches)
 *   --resume              a picker at a terminal; with no terminal, an error listing the ids
 *   --fork-session        with either: go on in a new session, the old file left as it is
 *
 * None of them: a new session. An id that names nothing is an error that lists what exists.
 */
import type { AgentOptions } from "@learn/core";
import { findSession, listSessions, type StoredSession } from "../transcript/index.ts";

export const CONTINUE_FLAG = "continue";
export const RESUME_FLAG = "resume";
export const FORK_FLAG = "fork-session";

/** How many sessions the picker offers (the latest first). */
export const PICKER_SIZE = 10;

export interface Choice {
  session: StoredSession;
  fork: boolean;
}

export async function chooseSession(options: Pick<AgentOptions, "flags" | "interactive" | "ask">, dir: string): Promise<Choice | undefined> {
  const { flags } = options;
  const fork = flags[FORK_FLAG] === "true";
  const resume = flags[RESUME_FLAG];
  if (flags[CONTINUE_FLAG] !== "true" && resume === undefined) {
    if (fork) throw new Error("--fork-session forks the session --continue or --resume picks: give one of them");
    return undefined;
  }
  const sessions = await listSessions(dir);
  if (sessions.length === 0) throw new Error(`no earlier session to ${resume === undefined ? "continue" : "resume"} in this workspace (transcripts are kept in ${dir})`);
  if (resume) return { session: findSession(sessions, resume), fork };
  if (resume === undefined) return { session: sessions[0]!, fork };
  return { session: await pick(sessions, options), fork };
}

/** `--resume` alone: the latest sessions, numbered; the person answers a number or an id. */
export async function pick(sessions: readonly StoredSession[], options: Pick<AgentOptions, "interactive" | "ask">): Promise<StoredSession> {
  if (!options.interactive) throw new Error(`--resume needs a session id when no one can pick (no terminal): ${sessions.slice(0, PICKER_SIZE).map((s) => s.id).join(", ")}`);
  const shown = sessions.slice(0, PICKER_SIZE);
  const list = shown.map((s, i) => `  ${i + 1}. ${s.id}  ${s.modified.toISOString()}  ${s.bytes.toLocaleString("en-US")} bytes`).join("\n");
  const answer = (await options.ask(`Resume which session?\n${list}\nNumber or id: `)).trim();
  const n = Number(answer);
  if (Number.isInteger(n) && n >= 1 && n <= shown.length) return shown[n - 1]!;
  return findSession(sessions, answer);
}
