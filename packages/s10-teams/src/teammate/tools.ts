/**
 * The team's tools. Everyone talks with send_message and reads with read_inbox (mail also
 * arrives by itself, in the next request); the lead also spawns teammates, lists them and
 * broadcasts. Talking changes no file of the workspace, so the mail tools are not "mutating":
 * plan mode lets an agent talk. Spawning starts an agent that will act: it is mutating.
 */
import { defineTool, ToolError, type Tool } from "@learn/core";
import type { Notifications } from "@learn/s09";
import { z } from "zod";
import type { Mailboxes } from "../team/mailbox.ts";
import { LEAD } from "../team/names.ts";

export const SPAWN_TEAMMATE_TOOL = "spawn_teammate";
export const SEND_MESSAGE_TOOL = "send_message";
export const BROADCAST_TOOL = "broadcast";

/** Who can be written to, as the tools need to know it. */
export interface Directory {
  /** Teammates that are not shut down. */
  names(): string[];
  /** "alice (working), bob (idle)": for a message that lists them. */
  describe(): string;
}

export interface Spawner extends Directory {
  spawn(name: string, role: string, prompt: string): Promise<string>;
}

export function spawnTeammateTool(team: Spawner): Tool {
  return defineTool({
    name: SPAWN_TEAMMATE_TOOL,
    description:
      "Start a teammate: another agent with its own context that works at the same time as you, with the file tools and bash. " +
      "Give it a name, a role, and a whole prompt (it sees nothing of this conversation). It reports with send_message; " +
      "its messages reach you by themselves.",
    input: z.object({
      name: z.string().describe('Lowercase letters, digits and hyphens, starting with a letter: "alice", "test-writer".'),
      role: z.string().min(1).describe("What it is for, in a few words: 'writes the tests'."),
      prompt: z.string().min(1).describe("Its task, complete: what to do, and what to report to you when done."),
    }),
    permission: { mutating: true },
    summary: ({ name, role }) => `${name} (${role})`,
    run: ({ name, role, prompt }) => team.spawn(name, role, prompt),
  });
}

export function listTeammatesTool(team: Directory): Tool {
  return defineTool({
    name: "list_teammates",
    description: "List the teammates and what each is doing: working, idle (waiting for mail) or shutdown.",
    input: z.object({}),
    permission: { mutating: false },
    concurrencySafe: true,
    run: () => team.describe() || "No teammates yet: spawn_teammate starts one.",
  });
}

export function sendMessageTool(mailboxes: Mailboxes, team: Directory): Tool {
  return defineTool({
    name: SEND_MESSAGE_TOOL,
    description: `Send a message to a teammate by name, or to "${LEAD}". It arrives in their next request, or wakes them if they are idle.`,
    input: z.object({
      to: z.string().describe(`A teammate's name, or "${LEAD}".`),
      content: z.string().min(1).describe("The message: say everything the reader needs."),
    }),
    permission: { mutating: false },
    summary: ({ to }) => `to ${to}`,
    async run({ to, content }, ctx) {
      if (to === ctx.agent) throw new ToolError("That is you: send it to someone else.");
      if (to !== LEAD && !team.names().includes(to)) {
        throw new ToolError(`No teammate ${to}. The team: ${team.describe() || "nobody yet"}${ctx.agent === LEAD ? "" : `, and ${LEAD}`}.`);
      }
      await mailboxes.send(to, { type: "message", from: ctx.agent, content });
      return `Sent to ${to}.`;
    },
  });
}

export function broadcastTool(mailboxes: Mailboxes, team: Directory): Tool {
  return defineTool({
    name: BROADCAST_TOOL,
    description: "Send one message to every teammate that is not shut down.",
    input: z.object({ content: z.string().min(1).describe("The message for everyone.") }),
    permission: { mutating: false },
    async run({ content }, ctx) {
      const names = team.names().filter((name) => name !== ctx.agent);
      if (names.length === 0) throw new ToolError("No teammates to write to: spawn_teammate starts one.");
      for (const to of names) await mailboxes.send(to, { type: "broadcast", from: ctx.agent, content });
      return `Sent to ${names.join(", ")}.`;
    },
  });
}

export function readInboxTool(inbox: Notifications): Tool {
  return defineTool({
    name: "read_inbox",
    description: "Read the messages waiting for you now (they also arrive by themselves with your next request).",
    input: z.object({}),
    permission: { mutating: false },
    async run() {
      const mail = await inbox.take();
      return mail.length ? mail.join("\n\n") : "No mail.";
    },
  });
}
