/**
 * Lesson 9's agent: the previous lesson's mechanisms, plus work that goes on while the agent does.
 *
 *   background_run { command } ──► its own process group, output ──► .runtime-tasks/job-1.log
 *        │ returns at once                                   │ the job ends
 *        ▼                                                   ▼
 *   the model keeps working        pending result ──► the next request  (PreModel: <background-results>)
 *                                                └──► agent idle? a turn of its own
 *
 *   cron_create { cron, prompt } ──► this session's jobs ──► due: its prompt runs as a turn
 *               durable: true ──► .claude/scheduled_tasks.json (a person is asked); found there
 *                                 and not made here: listed first, never fired by --print
 *
 * Four mechanisms, in the order to read them: the queue a result comes back through, then what
 * pushes into it (jobs, subagents in the background), then prompts for later. Subagents get
 * none of it: a job would outlive the subagent waiting for it.
 */
import { agentFromMechanisms, type AgentOptions, type Mechanism } from "@learn/core";
import { mechanisms as previous } from "@learn/s08";
import { notifications } from "./notifications/index.ts";
import { backgroundJobs } from "./jobs/index.ts";
import { backgroundChildren } from "./background-children/index.ts";
import { cron } from "./cron/index.ts";

export const mechanisms: readonly Mechanism[] = [...previous, notifications, backgroundJobs, backgroundChildren, cron];

export const createAgent = (options: AgentOptions) => agentFromMechanisms(mechanisms, options);
