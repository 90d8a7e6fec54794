/** `/jobs`: what runs in the background, for the person at the terminal (cron adds what is scheduled). */
import type { SlashCommand } from "@learn/core";
import type { JobManager } from "./job-manager.ts";
import { jobsReport } from "./tools.ts";

export const JOBS_COMMAND = "jobs";

export function jobsCommand(jobs: JobManager): SlashCommand {
  return {
    name: JOBS_COMMAND,
    description: "background jobs of this session",
    run: () => ["Background jobs:", indent(jobsReport(jobs))].join("\n"),
  };
}

export const indent = (text: string) => text.split("\n").map((line) => `  ${line}`).join("\n");
