/**
 * `/rewind`: the prompts of this conversation, numbered; `/rewind <n> [both|conversation|files]`
 * goes back to just before prompt n (Claude Code's three choices; both by default):
 *
 *   conversation   prompt n and everything after it are gone from what the model reads next; the
 *                  transcript keeps them (off the path, after a leaf marker): nothing on disk is
 *                  rewritten, and `/resume` of this session follows the rewound conversation
 *   files          what the agent changed since, put back (checkpoints.ts says what it will not touch)
 */
import type { AgentContext, MessageParam, SlashCommand } from "@learn/core";
import type { LeadSession } from "../resume/lead-session.ts";
import type { Checkpoints, RewindReport } from "./checkpoints.ts";

export const REWIND_MODES = ["both", "conversation", "files"] as const;

/** How much of a prompt the list shows. */
const SHOWN_CHARS = 70;

/** `live`: shows the command the live conversation (a resumed one becomes it first). */
export function rewindCommand(session: LeadSession, checkpoints: Checkpoints, live: (ctx: AgentContext) => Promise<void>): SlashCommand {
  return {
    name: "rewind",
    description: "list the prompts; /rewind <n> [both|conversation|files] goes back to before prompt n",
    async run(args, ctx) {
      if (!ctx) return "/rewind needs the agent's conversation: run it at the prompt.";
      await live(ctx);
      const prompts = promptsOf(ctx.messages);
      if (prompts.length === 0) return "Nothing to rewind: no prompt yet in this conversation.";
      if (args === "") return `Prompts of this conversation (/rewind <n> [both|conversation|files] goes back to before one):\n${prompts.map((p, i) => `  ${i + 1}. ${shown(p.text)}`).join("\n")}`;
      const [number, mode = "both", ...rest] = args.split(/\s+/);
      const n = Number(number);
      if (!Number.isInteger(n) || n < 1 || n > prompts.length) return `/rewind takes a prompt's number, 1 to ${prompts.length} (got "${number}"): /rewind alone lists them.`;
      if (!(REWIND_MODES as readonly string[]).includes(mode) || rest.length > 0) return `/rewind ${n} takes one of ${REWIND_MODES.join(", ")} after the number (got "${[mode, ...rest].join(" ")}").`;
      const lines: string[] = [];
      if (mode !== "conversation") lines.push(describeFiles(await checkpoints.rewindTo(n - 1)));
      if (mode !== "files") {
        const { index, text } = prompts[n - 1]!;
        const dropped = ctx.messages.length - index;
        ctx.messages.length = index;
        await session.sync();
        lines.unshift(`Conversation rewound to before prompt ${n} ("${shown(text)}"): ${dropped} message${dropped === 1 ? "" : "s"} left out. The transcript keeps them.`);
      }
      return lines.join("\n");
    },
  };
}

function describeFiles(report: RewindReport): string {
  if (report.noCheckpoint) return "Files: left as they are — that prompt has no file checkpoint (its turn ran where none was kept: another program's transcript, or a list that could not be read).";
  const lines = [
    report.restored.length + report.deleted.length === 0 ? "Files: nothing the agent changed since then to put back." : `Files put back: ${[...report.restored, ...report.deleted.map((f) => `${f} (deleted: it did not exist then)`)].join(", ")}.`,
  ];
  if (report.keptOutside.length > 0) lines.push(`Left as they are (changed outside the agent's turns since then — by you, or a background job after its turn): ${report.keptOutside.join(", ")}.`);
  if (report.notKept.length > 0) lines.push(`Left as they are (their earlier bytes were not kept: too large, or holding a secret): ${report.notKept.join(", ")}.`);
  return lines.join("\n");
}

export interface PromptPlace {
  /** Where the prompt's message is in the conversation. */
  index: number;
  text: string;
}

/** The user's prompts: user messages with text and no tool results (those answer the model's calls). */
export function promptsOf(messages: readonly MessageParam[]): PromptPlace[] {
  const prompts: PromptPlace[] = [];
  messages.forEach((m, index) => {
    if (m.role !== "user") return;
    if (typeof m.content === "string") { prompts.push({ index, text: m.content }); return; }
    if (m.content.some((b) => b.type === "tool_result")) return;
    const text = m.content.flatMap((b) => (b.type === "text" ? [b.text] : [])).join("\n");
    if (text) prompts.push({ index, text });
  });
  return prompts;
}

function shown(text: string): string {
  const line = text.trim().split("\n")[0]!;
  return line.length > SHOWN_CHARS ? `${line.slice(0, SHOWN_CHARS - 1)}…` : line;
}
