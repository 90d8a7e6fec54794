/**
 * `/workflows`: the workspace's runs, newest last — those running now (live counts) and those on
 * disk (`.workflows/*\/run.json`, from this session or an earlier one; one still marked running
 * there whose session died shows as interrupted) — and `/workflows stop <id>`.
 *
 *   wf-1  stopped    review-shop   3 agents, 0 from the journal, 412 tokens — its budget of 3 agents was spent…
 *   wf-2  completed  review-shop   1 agent, 3 from the journal, 120 tokens
 */
import type { SlashCommand } from "@learn/core";
import { RunFolder, type RunRecord } from "./journal.ts";
import type { Workflows } from "./workflows.ts";

export function workflowsCommand(workflows: Workflows, workspace: () => string): SlashCommand {
  return {
    name: "workflows",
    description: "/workflows: the workspace's workflow runs; /workflows stop <id> stops a running one",
    async run(args) {
      const [verb, id] = args.trim().split(/\s+/);
      if (verb === "stop") {
        if (!id) return "Usage: /workflows stop <id>";
        return workflows.stop(id, "stopped by the user").length > 0 ? `Stopping workflow ${id}.` : `No running workflow ${id}.`;
      }
      if (verb) return "Usage: /workflows, or /workflows stop <id>";
      const live = new Map(workflows.live().map((r) => [r.id, r]));
      const ids = await RunFolder.ids(workspace());
      const records = await Promise.all(ids.map(async (each) => live.get(each) ?? interrupted(await new RunFolder(workspace(), each).readRecord())));
      const lines = records.filter((r): r is RunRecord => r !== undefined).map(describeRun);
      return lines.length > 0 ? lines.join("\n") : "No workflow runs in this workspace.";
    },
  };
}

/** A run on disk that says "running" but runs in no session here: its process ended mid-run (a crash, a kill). */
function interrupted(run: RunRecord | undefined): RunRecord | undefined {
  return run?.status === "running" ? { ...run, status: "stopped", error: "interrupted: its session ended mid-run (resume it with resumeFromRunId)" } : run;
}

export function describeRun(run: RunRecord): string {
  const agents = `${run.agents} agent${run.agents === 1 ? "" : "s"}, ${run.cached} from the journal, ${run.tokens} tokens`;
  const resumed = run.resumedFrom ? ` (resumes ${run.resumedFrom})` : "";
  return `${run.id.padEnd(5)} ${run.status.padEnd(10)} ${run.name}${resumed}  ${agents}${run.error ? ` — ${run.error}` : ""}`;
}
