/** `/team` and `/inbox`: the roster and the lead's waiting mail, for the person at the terminal. */
import type { SlashCommand } from "@learn/core";
import type { Notifications } from "@learn/s09";
import { formatMail, type Mailboxes } from "./mailbox.ts";
import { LEAD } from "./names.ts";
import type { Roster } from "./roster.ts";

export function teamCommand(roster: Roster): SlashCommand {
  return {
    name: "team",
    description: "the team in .team/config.json: each teammate, its role and what it is doing",
    async run() {
      const { teamName, members, problem } = await roster.read();
      if (problem) return problem;
      if (members.length === 0) return `Team "${teamName}": no teammates yet.`;
      return [`Team "${teamName}":`, ...members.map((m) => `  ${m.name} (${m.status}) — ${m.role}`)].join("\n");
    },
  };
}

export function inboxCommand(mailboxes: Mailboxes, inbox: Notifications): SlashCommand {
  return {
    name: "inbox",
    description: "mail waiting for the lead (it reaches the model with its next request)",
    async run() {
      const { mail, problems } = await mailboxes.peek(LEAD);
      const lines = [...mail.map(formatMail), ...problems];
      const held = inbox.size ? [`(${inbox.size} more already read from the file, waiting for the next request)`] : [];
      return lines.length || held.length ? [...lines, ...held].join("\n\n") : "No mail waiting.";
    },
  };
}
