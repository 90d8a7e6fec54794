/** @learn/s10 — teammates and mailboxes: many loops, one team. Later lessons import from here. */
import { demoScripts, lessonFrom } from "@learn/core/harness";
import { PERMISSION_MODE_FLAG } from "@learn/s03";
import { createAgent, mechanisms } from "./agent.ts";

export { mechanisms } from "./agent.ts";
export { teamOf, type BuiltTeam, LEAD, Roster, Mailboxes } from "./team/index.ts";
export type { TeammateHandle } from "./teammate/teammate.ts";
export { sendMessageTool, SPAWN_TEAMMATE_TOOL, type Directory, type Spawner } from "./teammate/tools.ts";

export const lesson = lessonFrom(mechanisms, {
  id: "s10",
  title: "Teams",
  headline: "many loops, one team",
  demoScripts: demoScripts(import.meta.url, "pair.yaml"),
  // Its demo writes code: in acceptEdits, as the practice rules approve no edit of code (s03).
  demoFlags: { [PERMISSION_MODE_FLAG]: "acceptEdits" },
  createAgent,
});
