/**
 * What lesson 9 adds, to the lead: background jobs whose results arrive by themselves, and
 * prompts scheduled for later (background.ts). A subagent gets none: it works to one answer
 * and ends, so nothing it started could report to it.
 */
import { backgroundMechanism } from "./background.ts";

export const background = backgroundMechanism();
