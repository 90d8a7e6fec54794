/**
 * What lesson 17 adds, to the lead: workflows — many agents, driven by a script the model wrote.
 *
 *   tool      workflow: the script runs isolated, in the background; each agent() is s05's
 *             subagent, built from the same list for the role "subagent" (same policy, same mechanisms)
 *   hooks     s09's notifications, a set of its own: a run's <task-notification> rides on the next
 *             model call, or wakes the idle lead
 *   command   /workflows: the runs, live and on disk; /workflows stop <id>
 *   working   `--print` and the demo wait for running workflows
 *   close     the session's end stops every run (its journal keeps what finished: resume goes on)
 *
 * Its flags are the run's budget: agents, output tokens, wall time. Whichever runs out first
 * stops the run with a report that says which.
 */
import type { Mechanism } from "@learn/core";
import { userClaudeDir, type LessonFlag } from "@learn/core/harness";
import { loadAgentTypes } from "@learn/s05";
import { DELIVER_FLAG, Notifications } from "@learn/s09";
import type { WorkflowBudget } from "./run.ts";
import { workflowTool } from "./workflow-tool.ts";
import { Workflows } from "./workflows.ts";
import { workflowsCommand } from "./workflows-command.ts";

export const MAX_AGENTS_FLAG = "workflow-max-agents";
export const MAX_TOKENS_FLAG = "workflow-max-tokens";
export const TIMEOUT_FLAG = "workflow-timeout-ms";
export const DEFAULT_BUDGET: WorkflowBudget = { agents: 50, tokens: 500_000, wallMs: 30 * 60_000 };

const FLAGS: LessonFlag[] = [
  { name: MAX_AGENTS_FLAG, env: "LEARN_WORKFLOW_MAX_AGENTS", description: `a workflow run stops before its agent number N+1 (default ${DEFAULT_BUDGET.agents}; agents from the journal do not count)` },
  { name: MAX_TOKENS_FLAG, env: "LEARN_WORKFLOW_MAX_TOKENS", description: `a workflow run stops once its agents spent this many output tokens (default ${DEFAULT_BUDGET.tokens})` },
  { name: TIMEOUT_FLAG, env: "LEARN_WORKFLOW_TIMEOUT_MS", description: `a workflow run stops after this many milliseconds (default ${DEFAULT_BUDGET.wallMs})` },
];

export const workflows: Mechanism = {
  name: "workflows",
  for: ["lead"],
  starts: ["subagent"],
  flags: FLAGS,
  async add(parts, ctx) {
    const { options } = ctx;
    const notifications = new Notifications({ whenIdle: options.flags[DELIVER_FLAG] === "when-idle" });
    const { types } = await loadAgentTypes(options.cwd, parts.tools, undefined, options.userDir ?? userClaudeDir());
    const runs = new Workflows({
      notifications,
      renderer: options.renderer,
      budget: budgetOf(options.flags, (problem) => options.renderer.error(problem)),
      types,
      parent: options,
      partsOf: (childOptions) => ctx.partsFor("subagent", childOptions),
    });
    const workspace = () => parts.cwd?.() ?? options.cwd;
    return {
      ...parts,
      tools: [...parts.tools, workflowTool(runs)],
      hooks: [...parts.hooks, ...notifications.hooks({ wake: "workflow-wake", deliver: "workflow-results" })],
      wrappers: [...parts.wrappers, notifications.delivered],
      commands: [...parts.commands, workflowsCommand(runs, workspace)],
      onClear: [...parts.onClear, () => notifications.clear()],
      working: [...parts.working, () => runs.size > 0 || notifications.arriving > 0],
      start: [...parts.start, (agent) => notifications.attach(agent)],
      close: [
        ...parts.close,
        async () => {
          for (const id of await runs.stopAll()) options.renderer.notice(`Stopped workflow ${id}: the session ended. Its finished agents are journaled; resume it with resumeFromRunId.`);
        },
      ],
    };
  },
};

/** The run's budget from the flags: whole numbers from 1; anything else is reported and the default kept. */
export function budgetOf(flags: Record<string, string | undefined>, report: (problem: string) => void): WorkflowBudget {
  const read = (flag: string, fallback: number) => {
    const written = flags[flag]?.trim();
    if (!written) return fallback;
    const value = Number(written);
    if (Number.isInteger(value) && value >= 1) return value;
    report(`--${flag} ${JSON.stringify(written)} is not a whole number from 1; using ${fallback}.`);
    return fallback;
  };
  return { agents: read(MAX_AGENTS_FLAG, DEFAULT_BUDGET.agents), tokens: read(MAX_TOKENS_FLAG, DEFAULT_BUDGET.tokens), wallMs: read(TIMEOUT_FLAG, DEFAULT_BUDGET.wallMs) };
}
