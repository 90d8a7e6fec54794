/**
 * What lesson 10 gives every teammate: send_message and read_inbox, and who it is. The team is
 * made once a session, by the lead's mechanism (team/), and found here in the session.
 */
import type { BuildContext, Mechanism } from "@learn/core";
import { teamOf } from "../team/index.ts";
import { teammateSection } from "./prompt.ts";
import type { Teammate } from "./teammate.ts";
import { readInboxTool, sendMessageTool } from "./tools.ts";

/** The teammate being built: spawn_teammate put it on the team before building its agent. */
export async function teammateOf(ctx: BuildContext): Promise<Teammate> {
  const { team } = await teamOf(ctx);
  const mate = team.member(ctx.options.model.agent);
  if (!mate) throw new Error(`${ctx.options.model.agent} is not on the team: a teammate is built by spawn_teammate`);
  return mate;
}

export const teammate: Mechanism = {
  name: "teammate",
  for: ["teammate"],
  async add(parts, ctx) {
    const { team, mailboxes } = await teamOf(ctx);
    const mate = await teammateOf(ctx);
    return {
      ...parts,
      tools: [...parts.tools, sendMessageTool(mailboxes, team), readInboxTool(mate.inbox.notes)],
      sections: [...parts.sections, teammateSection(mate.name, mate.role, mate.teamName)],
    };
  },
};
