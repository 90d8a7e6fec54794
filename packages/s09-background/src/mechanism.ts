/**
 * What lesson 9 adds, to the lead: background jobs whose results arrive by themselves, and
 * prompts scheduled for later (background.ts). A subagent gets none: it works to one answer
 * and ends, so nothing it started could report to it.
 */
import type { Mechanism } from "@learn/core";
import { CRON_GRANT, withBackground } from "./background.ts";
import { CRON_CREATE_TOOL, CRON_DELETE_TOOL } from "./cron/index.ts";

export const background: Mechanism = {
  name: "background",
  for: ["lead"],
  grants: [{ rules: [CRON_CREATE_TOOL, CRON_DELETE_TOOL], source: CRON_GRANT }],
  add: (parts, { options }) => withBackground(parts, options),
};
