/** `/jobs`: what runs in the background and what is scheduled, for the person at the terminal. */
import type { SlashCommand } from "@learn/core";
import { cronReport, type Clock, type CronStore } from "./cron/index.ts";
import { jobsReport, type JobManager } from "./jobs/index.ts";

export function jobsCommand(jobs: JobManager, store: CronStore, clock: Clock): SlashCommand {
  return {
    name: "jobs",
    description: "background jobs of this session, and scheduled prompts",
    run: async () => ["Background jobs:", indent(jobsReport(jobs)), "Scheduled prompts:", indent(await cronReport(store, clock))].join("\n"),
  };
}

const indent = (text: string) => text.split("\n").map((line) => `  ${line}`).join("\n");
