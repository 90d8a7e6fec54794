/** What the lead and the teammates are told about protocols and finding their own work. */
import type { PromptSection } from "@learn/core";
import { SHUTDOWN_REQUEST_TOOL } from "./protocols/index.ts";

export const LEAD_AUTONOMY: PromptSection = {
  name: "autonomy",
  tools: [SHUTDOWN_REQUEST_TOOL],
  text:
    "Teammates find their own work: an idle teammate claims the first task on the board that is pending, has no owner and waits " +
    "for nothing — so put the work on the board first (task_create, blockedBy for order), then spawn teammates to pick it up. " +
    "To end a teammate, send shutdown_request: it answers with shutdown_response. A teammate spawned with plan_first must have " +
    "its plan approved (plan_approval) before it changes anything. Every protocol message carries `request_id: <id>`.",
};

export function teammateAutonomy(planFirst: boolean): PromptSection {
  const plan = planFirst
    ? " Before you change anything, send your plan with submit_plan and wait for the lead's answer: until it approves, tools that change files are refused."
    : "";
  return {
    name: "teammate autonomy",
    text:
      "When a task is done, set it completed with task_update and call idle: while idle you get your mail, and the next ready task " +
      "is claimed for you (claim_task takes one yourself). When the lead asks you to shut down (shutdown_request), answer with " +
      `shutdown_response and its request_id.${plan}`,
  };
}

/** Who the teammate is, as a note that comes back after a compaction (its live state). */
export function identityNote(name: string, role: string, team: string): string {
  return `You are ${name}, a teammate in the team "${team}" (your role: ${role}); the lead is "lead". Report to the lead with send_message.`;
}
