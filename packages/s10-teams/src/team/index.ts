/**
 * The team added to the lead's parts: its tools, its inbox (mail drained into its next
 * request, mail to an idle lead wakes it), `/team` and `/inbox`, and the end of every
 * teammate when the session ends. `--print` and the demo wait while a teammate works.
 *
 * spawn_teammate starts an agent whose every tool call the permission policy judges on its
 * own, so spawning asks nothing (granted below, like the task tools; plan mode still
 * refuses it).
 */
import { sessionKey, type AgentOptions, type BuildContext, type Mechanism, type PartsOf } from "@learn/core";
import { Mailboxes } from "./mailbox.ts";
import { LEAD } from "./names.ts";
import { Roster } from "./roster.ts";
import { inboxOf, type Inbox } from "../inbox/inbox.ts";
import { TEAM_GUIDANCE } from "../teammate/prompt.ts";
import { Team } from "../teammate/team.ts";
import { broadcastTool, listTeammatesTool, readInboxTool, sendMessageTool, SPAWN_TEAMMATE_TOOL, spawnTeammateTool } from "../teammate/tools.ts";
import { inboxCommand, teamCommand } from "./commands.ts";

/** Why spawn_teammate needs no question. */
const SPAWN_GRANT = "lesson 10: a teammate's own tool calls are judged one by one";

/** The lead's team, built once a session: the lead's mechanisms and each teammate's find it in the session (teammate/, inbox/). */
export interface BuiltTeam {
  team: Team;
  mailboxes: Mailboxes;
  roster: Roster;
  /** The lead's own inbox. */
  inbox: Inbox;
}

export async function teamFor(options: AgentOptions, teammateParts: PartsOf): Promise<BuiltTeam> {
  const mailboxes = new Mailboxes(options.cwd);
  const roster = new Roster(options.cwd);
  // A teammate lives in its lead's process: whoever an earlier session left "working" is gone.
  const gone = await roster.reset().catch(() => []);
  if (gone.length) options.renderer.notice(`Teammates of an earlier session are gone (marked shutdown): ${gone.join(", ")}.`);
  const { teamName } = await roster.read();
  const team = new Team({ mailboxes, roster, teamName, partsOf: teammateParts, lead: options });
  return { team, mailboxes, roster, inbox: inboxOf(LEAD, mailboxes) };
}

const TEAM = sessionKey<Promise<BuiltTeam>>("the team");

/** The session's team: made by the lead's mechanism; each teammate's finds it here too (so does s11's). */
export function teamOf(ctx: BuildContext): Promise<BuiltTeam> {
  return ctx.shared(TEAM, () => teamFor(ctx.options, (options) => ctx.partsFor("teammate", options)));
}

/** The lead gets the team: spawn_teammate and the team tools, its inbox, /team and /inbox. */
export const team: Mechanism = {
  name: "team",
  for: ["lead"],
  starts: ["teammate"],
  grants: [{ rules: [SPAWN_TEAMMATE_TOOL], source: SPAWN_GRANT }],
  async add(base, ctx) {
    const { options } = ctx;
    const { team: mates, mailboxes, roster, inbox } = await teamOf(ctx);
    return {
      ...base,
      tools: [
        ...base.tools,
        spawnTeammateTool(mates),
        listTeammatesTool(mates),
        sendMessageTool(mailboxes, mates),
        broadcastTool(mailboxes, mates),
        readInboxTool(inbox.notes),
      ],
      sections: [...base.sections, TEAM_GUIDANCE],
      commands: [...base.commands, teamCommand(roster), inboxCommand(mailboxes, inbox.notes)],
      onClear: [...base.onClear, () => mates.clear()],
      working: [...base.working, () => mates.working()],
      start: [...base.start, (agent) => (mates.onSettled = () => agent.wake())],
      close: [
        ...base.close,
        async () => {
          const stopped = await mates.close();
          if (stopped.length) options.renderer.notice(`Teammates stopped: the session ended (${stopped.join(", ")}).`);
        },
      ],
    };
  },
};

// The team on disk, piece by piece: for the tests and for later lessons (through the entry point).
export { NAME_PATTERN, LEAD, checkName } from "./names.ts";
export { TEAM_DIR, ROSTER_FILE, MEMBER_STATUSES, RosterSchema, Roster, type Member, type MemberStatus } from "./roster.ts";
export { INBOX_DIR, MailSchema, Mailboxes, formatMail, type Mail, type MailRead } from "./mailbox.ts";
