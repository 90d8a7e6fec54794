/**
 * The team added to the lead's parts: its tools, its inbox (mail drained into its next
 * request, mail to an idle lead wakes it), `/team` and `/inbox`, and the end of every
 * teammate when the session ends. `--print` and the demo wait while a teammate works.
 *
 * spawn_teammate starts an agent whose every tool call the permission policy judges on its
 * own, so spawning asks nothing (granted in mechanism.ts, like the task tools; plan mode still
 * refuses it).
 */
import type { AgentOptions, BuildContext, Mechanism, PartsOf } from "@learn/core";
import { LEAD, Mailboxes, Roster } from "./team/index.ts";
import { inboxOf, type Inbox } from "./teammates/inbox.ts";
import { TEAM_GUIDANCE } from "./teammates/prompt.ts";
import { Team } from "./teammates/team.ts";
import { broadcastTool, listTeammatesTool, readInboxTool, sendMessageTool, SPAWN_TEAMMATE_TOOL, spawnTeammateTool } from "./teammates/tools.ts";
import { inboxCommand, teamCommand } from "./team-commands.ts";

/** Why spawn_teammate needs no question. */
const SPAWN_GRANT = "lesson 10: a teammate's own tool calls are judged one by one";

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

/** The session's team: made by the lead's mechanism; each teammate's finds it here too (so does s11's). */
export function teamOf(ctx: BuildContext): Promise<BuiltTeam> {
  return ctx.shared("s10:team", () => teamFor(ctx.options, (options) => ctx.partsFor("teammate", options)));
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
