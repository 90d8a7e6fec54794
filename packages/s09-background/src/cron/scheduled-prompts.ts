/**
 * `/jobs` shows everything that works for the agent while nobody waits: the background jobs
 * (jobs/ made the command) and, from here, the prompts scheduled for later. One command, so a
 * person looks in one place; without the jobs' command, the scheduled prompts get one of their own.
 */
import type { SlashCommand } from "@learn/core";
import { indent, JOBS_COMMAND } from "../jobs/jobs-command.ts";
import type { Clock } from "./clock.ts";
import type { CronStore } from "./store.ts";
import { cronReport } from "./tools.ts";

export function withScheduledPrompts(commands: SlashCommand[], store: CronStore, clock: Clock): SlashCommand[] {
  const scheduled = async () => ["Scheduled prompts:", indent(await cronReport(store, clock))].join("\n");
  const jobs = commands.find((c) => c.name === JOBS_COMMAND);
  if (!jobs) return [...commands, { name: JOBS_COMMAND, description: "scheduled prompts", run: scheduled }];
  const both: SlashCommand = {
    ...jobs,
    description: `${jobs.description}, and scheduled prompts`,
    run: async (args, ctx) => [await jobs.run(args, ctx), await scheduled()].join("\n"),
  };
  return commands.map((c) => (c === jobs ? both : c));
}
