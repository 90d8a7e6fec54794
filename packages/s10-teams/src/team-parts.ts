/**
 * The team added to the lead's parts: its tools, its inbox (mail drained into its next
 * request, mail to an idle lead wakes it), `/team` and `/inbox`, and the end of every
 * teammate when the session ends. `--print` and the demo wait while a teammate works.
 *
 * spawn_teammate starts an agent whose every tool call the permission policy judges on its
 * own, so spawning asks nothing (granted in mechanism.ts, like the task tools; plan mode still
 * refuses it).
 */
import type { AgentOptions, AgentParts, PartsOf } from "@learn/core";
import { LEAD, Mailboxes, Roster } from "./team/index.ts";
import { inboxOf, withInbox, type Inbox } from "./teammates/inbox.ts";
import { TEAM_GUIDANCE } from "./teammates/prompt.ts";
import { Team } from "./teammates/team.ts";
import { broadcastTool, listTeammatesTool, readInboxTool, sendMessageTool, SPAWN_TEAMMATE_TOOL, spawnTeammateTool } from "./teammates/tools.ts";
import { inboxCommand, teamCommand } from "./team-commands.ts";

/** Why spawn_teammate needs no question (a grant: see mechanism.ts). */
export const SPAWN_GRANT = "lesson 10: a teammate's own tool calls are judged one by one";

/** The lead's team, built once a session: the lead's mechanisms and each teammate's find it in the session (mechanism.ts). */
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

export function withTeam(base: AgentParts, options: AgentOptions, { team, mailboxes, roster, inbox }: BuiltTeam): AgentParts {
  return withInbox(
    {
      ...base,
      tools: [
        ...base.tools,
        spawnTeammateTool(team),
        listTeammatesTool(team),
        sendMessageTool(mailboxes, team),
        broadcastTool(mailboxes, team),
        readInboxTool(inbox.notes),
      ],
      sections: [...base.sections, TEAM_GUIDANCE],
      commands: [...base.commands, teamCommand(roster), inboxCommand(mailboxes, inbox.notes)],
      onClear: [...base.onClear, () => team.clear()],
      working: [...base.working, () => team.working()],
      start: [...base.start, (agent) => (team.onSettled = () => agent.wake())],
      close: [
        ...base.close,
        async () => {
          const stopped = await team.close();
          if (stopped.length) options.renderer.notice(`Teammates stopped: the session ended (${stopped.join(", ")}).`);
        },
      ],
    },
    inbox,
  );
}
