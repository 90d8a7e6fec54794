/**
 * The session's workflow runs: started here, each with a signal of its own (Ctrl-C cancels the
 * lead's turn, not a run; the session's end stops it), and reported when they end through s09's
 * notifications, in the `<task-notification>` frame s09 uses for a background subagent:
 *
 *   <task-notification>
 *   <task-id>wf-1</task-id>
 *   <status>completed | failed | stopped</status>
 *   <summary>Dynamic workflow "Review and verify" completed</summary>   (Claude Code's words: meta.description)
 *   <result> the script's return value as JSON, every line indented (s05's rule: only the harness writes at column zero)
 *   </result>
 *   </task-notification>
 */
import { capText, MAX_OUTPUT_CHARS, type AgentContext, type AgentOptions, type PartsOf, type Renderer } from "@learn/core";
import type { AgentType } from "@learn/s05";
import { notificationBlock, type Notifications } from "@learn/s09";
import type { RunFolder, RunRecord } from "./journal.ts";
import { WorkflowRun, type RunSetup, type WorkflowBudget } from "./run.ts";

/** The tool that starts a run (workflow-tool.ts): the notification names it to resume one. */
export const WORKFLOW_TOOL = "workflow";

/** What the tool hands over to start a run: the run's own part of its setup (the rest is the session's). */
export type Launch = Pick<RunSetup, "folder" | "meta" | "body" | "args" | "cached" | "resumedFrom">;

export interface WorkflowsSetup {
  notifications: Notifications;
  renderer: Renderer;
  budget: WorkflowBudget;
  types: ReadonlyMap<string, AgentType>;
  parent: AgentOptions;
  partsOf: PartsOf;
}

/** The same context with another signal: the run outlives the turn that started it. */
const withSignal = (ctx: AgentContext, signal: AbortSignal): AgentContext => Object.create(ctx, { signal: { value: signal } });

export class Workflows {
  private readonly running = new Map<string, WorkflowRun>();
  /** Each running run's end, settled once its record is on disk. */
  private readonly ending = new Map<string, Promise<void>>();
  /** Runs that ended in this session, newest last: what /workflows shows beside those on disk. */
  readonly ended: RunRecord[] = [];

  constructor(private readonly setup: WorkflowsSetup) {}

  get size(): number {
    return this.running.size;
  }

  isRunning(id: string): boolean {
    return this.running.has(id);
  }

  live(): RunRecord[] {
    return [...this.running.values()].map((run) => run.record);
  }

  start(launch: Launch, ctx: AgentContext): void {
    const controller = new AbortController();
    const { renderer, budget, types, parent, partsOf } = this.setup;
    const run = new WorkflowRun({ ...launch, budget, types, parent, partsOf, controller, ctx: withSignal(ctx, controller.signal) });
    this.running.set(launch.folder.id, run);
    renderer.notice(`Workflow ${launch.folder.id} started: ${launch.meta.name} — ${launch.meta.description}`);
    const ended = run.run().then(
      (record) => this.finished(record, launch.folder),
      (err: unknown) => this.finished({ ...run.record, status: "failed", error: String(err) }, launch.folder),
    );
    this.ending.set(launch.folder.id, ended);
  }

  /** Stop one run (or every run at the session's end); the ids stopped. */
  stop(id?: string, reason = "the session ended"): string[] {
    const ids = id === undefined ? [...this.running.keys()] : this.running.has(id) ? [id] : [];
    for (const each of ids) this.running.get(each)!.stop(reason);
    return ids;
  }

  /** The session ends: stop every run and wait until each has written how it ended; their ids. */
  async stopAll(): Promise<string[]> {
    const ids = this.stop();
    await Promise.all(ids.map((id) => this.ending.get(id)));
    return ids;
  }

  private finished(record: RunRecord, folder: RunFolder): void {
    this.running.delete(record.id);
    this.ending.delete(record.id);
    this.ended.push(record);
    const { renderer, notifications } = this.setup;
    renderer.notice(`Workflow ${record.id} ${record.status}: ${record.agents} agent(s) run, ${record.cached} from the journal, ${record.tokens} output tokens${record.error ? ` — ${record.error}` : ""}`);
    notifications.push(workflowNotification(record, folder.scriptPath), `workflow ${record.id}`, { ownBlock: true });
  }
}

/** The block a finished run arrives in. */
export function workflowNotification(record: RunRecord, scriptPath: string): string {
  // Claude Code's summary names the workflow by its meta.description.
  const summary = `Dynamic workflow ${JSON.stringify(record.description)} ${record.status}${record.error ? `: ${record.error}` : ""}`;
  // Within the tool-output cap: the journal keeps every agent's whole result.
  const body = capText(record.status === "completed" ? JSON.stringify(record.result ?? null, null, 2) : (record.error ?? ""), MAX_OUTPUT_CHARS - 2_000);
  const resume = `${WORKFLOW_TOOL}({scriptPath: '${scriptPath}', resumeFromRunId: '${record.id}'})`;
  const next = record.status === "completed" ? `Per-agent results: ${scriptPath.replace(/script\.js$/, "journal.jsonl")}` : `To resume without re-running the agents that finished, call: ${resume}`;
  return notificationBlock({
    id: record.id,
    status: record.status,
    summary: summary.replace(/\s+/g, " "),
    before: [`<agents>${record.agents} run, ${record.cached} from the journal</agents>`],
    result: body
      .split("\n")
      .map((line) => `  ${line}`)
      .join("\n"),
    after: [next],
  });
}
