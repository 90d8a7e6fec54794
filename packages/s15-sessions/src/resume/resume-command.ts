/**
 * `/resume`: this workspace's sessions, the latest first; `/resume <id>` goes on with one now,
 * between turns — its conversation replaces the one on screen (which stays in its own file).
 */
import type { AgentContext, SlashCommand } from "@learn/core";
import { findSession, listSessions } from "../transcript/index.ts";
import type { SessionPlace } from "../session-place.ts";
import { PICKER_SIZE } from "./choose.ts";
import type { LeadSession } from "./lead-session.ts";

/** `onSwitch`: the live conversation was replaced (what was noted about its prompts no longer applies; its plan comes back). */
export function resumeCommand(session: LeadSession, place: SessionPlace, onSwitch: (ctx: AgentContext) => Promise<void>): SlashCommand {
  return {
    name: "resume",
    description: "list this workspace's sessions; /resume <id> goes on with one",
    async run(args, ctx) {
      const sessions = await listSessions(place.dir);
      if (args === "") {
        if (sessions.length === 0) return `No saved session in this workspace yet (transcripts are kept in ${place.dir}).`;
        // This one first, then the others, the latest first.
        const ordered = [...sessions.filter((s) => s.id === session.id), ...sessions.filter((s) => s.id !== session.id)];
        const lines = ordered.slice(0, PICKER_SIZE).map((s) => `  ${s.id}${s.id === session.id ? "  (this one)" : ""}  ${s.modified.toISOString()}  ${s.bytes.toLocaleString("en-US")} bytes`);
        return `Sessions of this workspace, this one first, then the latest (/resume <id> goes on with one):\n${lines.join("\n")}`;
      }
      if (!ctx) return "/resume needs the agent's conversation: run it at the prompt.";
      const found = findSession(sessions, args);
      await session.sync(); // the conversation being left is whole on disk
      const loaded = await session.resume(found.file, found.id, false, ctx);
      await onSwitch(ctx);
      return [`Resumed session ${found.id}: ${loaded.messages.length} messages.`, ...loaded.notes].join("\n");
    },
  };
}

/** `/branch`: Claude Code's name for going on in a copy — this conversation in a new session, the old one kept to resume. */
/** `takeUp`: the new session takes up the old one's file checkpoints. */
export function branchCommand(session: LeadSession, live: (ctx: AgentContext) => Promise<void>, takeUp: (from: string) => Promise<void>): SlashCommand {
  return {
    name: "branch",
    description: "go on in a new session, a copy of this conversation; the old session is kept as it is",
    async run(_args, ctx) {
      if (ctx) await live(ctx);
      const from = await session.branch();
      await takeUp(from);
      return `Branched: this conversation goes on as session ${session.id}; session ${from} is kept as it was (/resume ${from} goes back to it).`;
    },
  };
}
