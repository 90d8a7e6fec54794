/**
 * One workflow run: the script, isolated, asks for agents; this file answers each one.
 *
 *   agent(prompt, { schema?, agentType? }) ──► journaled by the run resumed from? its result, no model call
 *                                          ──► budget left?  no: the run stops, with why and how to resume
 *                                          ──► s05's subagent (same policy, same mechanism list) ──► its report
 *                                          ──► a schema? the report as JSON, checked; once more with the error, then a failure
 *                                          ──► one line in the journal; the result back to the script
 *
 * The budget is the harness's, not the script's: live agents, their output tokens, and wall
 * time. Whichever runs out stops the whole run (the script's process is killed) and the report
 * says which; what finished is in the journal, so `resumeFromRunId` goes on from there.
 */
import { describeError, ToolError, type AgentContext, type AgentOptions, type ModelWrapper, type PartsOf } from "@learn/core";
import { findAgentType, runChild, DEFAULT_AGENT_TYPE, type AgentType } from "@learn/s05";
import { runIsolated, type ScriptHost } from "./isolate/run-script.ts";
import { callKey, type JournalEntry, type RunFolder, type RunRecord } from "./journal.ts";
import { jsonOf, schemaErrors, schemaProblem, type JsonSchema } from "./json-schema.ts";
import type { WorkflowMeta } from "./meta.ts";

/** What one run may spend before it is stopped. */
export interface WorkflowBudget {
  agents: number;
  /** Output tokens of its agents. */
  tokens: number;
  wallMs: number;
}

export interface RunSetup {
  folder: RunFolder;
  meta: WorkflowMeta;
  body: string;
  args: unknown;
  /** Finished agents of the run this one resumes, by call key. */
  cached: Map<string, JournalEntry>;
  resumedFrom?: string;
  budget: WorkflowBudget;
  types: ReadonlyMap<string, AgentType>;
  parent: AgentOptions;
  partsOf: PartsOf;
  /** The lead's context, with the run's own signal: the run outlives the turn that started it. */
  ctx: AgentContext;
  /** Where the run's own stop comes from (the budget aborts it too). */
  controller: AbortController;
}

/** Told to a child that must answer with JSON: the schema, and how to give the value. */
const schemaInstruction = (schema: JsonSchema) =>
  `\n\nYour final message IS the return value: answer with one JSON value only, no prose, that matches this JSON schema:\n${JSON.stringify(schema)}`;

export class WorkflowRun {
  readonly record: RunRecord;
  private readonly asked = new Map<string, number>();
  private stopReason: string | undefined;

  constructor(private readonly setup: RunSetup) {
    const { folder, meta } = setup;
    this.record = { id: folder.id, name: meta.name, description: meta.description, status: "running", agents: 0, cached: 0, tokens: 0, ...(setup.resumedFrom ? { resumedFrom: setup.resumedFrom } : {}) };
  }

  /** Run the script to its end; the record says how it ended, and is on disk. */
  async run(): Promise<RunRecord> {
    const { setup } = this;
    const timer = setTimeout(() => this.stop(`its wall-time budget of ${setup.budget.wallMs} ms ran out`), setup.budget.wallMs);
    await setup.folder.writeRecord(this.record);
    try {
      const end = await runIsolated(setup.body, setup.args, null, this.host(), setup.controller.signal);
      if (end.ok) Object.assign(this.record, { status: "completed", result: end.result });
      else Object.assign(this.record, { status: this.stopReason || setup.controller.signal.aborted ? "stopped" : "failed", error: this.stopReason ?? end.error });
    } finally {
      clearTimeout(timer);
    }
    await setup.folder.writeRecord(this.record);
    return this.record;
  }

  /** Stop the run (the budget, the user, the session's end): the script's process is killed. */
  stop(reason: string): void {
    this.stopReason ??= reason;
    this.setup.controller.abort(new Error(reason));
  }

  private host(): ScriptHost {
    return {
      agent: (id, prompt, opts) => this.agent(id, prompt, opts),
      phase: (title) => this.setup.ctx.renderer.notice(`Workflow ${this.record.id} · phase: ${title}`),
      log: (text) => this.setup.ctx.renderer.notice(`Workflow ${this.record.id} · ${text}`),
      spent: () => this.record.tokens,
    };
  }

  private async agent(id: number, prompt: string, opts: Record<string, unknown>): Promise<unknown> {
    const { cached, folder, budget } = this.setup;
    const pair = callKey(prompt, opts, 0).split("#")[0]!;
    const occurrence = (this.asked.get(pair) ?? 0) + 1;
    this.asked.set(pair, occurrence);
    const key = callKey(prompt, opts, occurrence);
    const name = `${folder.id}.agent-${id}`;
    const done = cached.get(key);
    if (done) {
      this.record.cached++;
      await folder.append({ ...done, agentId: name });
      return done.result;
    }
    const schema = opts.schema as JsonSchema | undefined;
    const problem = schema === undefined ? undefined : schemaProblem(schema);
    if (problem) throw new Error(`agent ${id}: ${problem}`);
    if (this.record.agents >= budget.agents) return this.outOfBudget(`its budget of ${budget.agents} agents was spent`);
    if (this.record.tokens >= budget.tokens) return this.outOfBudget(`its budget of ${budget.tokens} output tokens was spent`);
    this.record.agents++;
    const value = await this.answer(name, prompt, schema, typeOf(this.setup.types, opts.agentType));
    await folder.append({ type: "result", key, agentId: name, result: value });
    return value;
  }

  /** Stop the run, and never answer: the script's process is killed. */
  private outOfBudget(why: string): Promise<never> {
    this.stop(`${why}. Agents already finished are in the journal: resume the run to go on from there`);
    return new Promise<never>(() => {});
  }

  /** The agent's answer: its report, or with a schema the JSON value it holds — one retry with the error. */
  private async answer(name: string, prompt: string, schema: JsonSchema | undefined, type: AgentType): Promise<unknown> {
    if (!schema) return reportOf(await this.child(name, prompt, type));
    const first = await this.child(name, prompt + schemaInstruction(schema), type);
    const checked = check(reportOf(first), schema);
    if (!("problem" in checked)) return checked.value;
    this.setup.ctx.renderer.notice(`Workflow ${this.record.id} · ${name}'s answer did not match its schema (${checked.problem}): asking once more`);
    const retry = `${prompt}${schemaInstruction(schema)}\n\nYour previous answer was rejected: ${checked.problem}. It was:\n${reportOf(first)}`;
    const second = check(reportOf(await this.child(`${name}.retry`, retry, type)), schema);
    if (!("problem" in second)) return second.value;
    throw new Error(`${name}'s answer did not match its schema twice (${second.problem})`);
  }

  /** One s05 subagent, its output tokens counted against the budget. */
  private async child(name: string, prompt: string, type: AgentType): Promise<string> {
    const count: ModelWrapper = (next) => async (request, ctx) => {
      const response = await next(request, ctx);
      this.record.tokens += response.usage?.output_tokens ?? 0;
      return response;
    };
    const partsOf: PartsOf = async (options) => {
      const parts = await this.setup.partsOf(options);
      return { ...parts, wrappers: [count, ...parts.wrappers] };
    };
    try {
      return await runChild({ type, name, description: `workflow ${this.record.id}`, prompt }, this.setup.parent, partsOf, this.setup.ctx);
    } catch (err) {
      throw new Error(describeError(err));
    }
  }
}

/** The agent type a call asks for (s05's types; the default when none). */
function typeOf(types: ReadonlyMap<string, AgentType>, requested: unknown): AgentType {
  try {
    return findAgentType(types, typeof requested === "string" ? requested : DEFAULT_AGENT_TYPE);
  } catch (err) {
    throw new Error(err instanceof ToolError ? err.message : String(err));
  }
}

/** A child's report without s05's hand-back frame: the script gets the words themselves, as data. */
export function reportOf(handed: string): string {
  const lines = handed.split("\n");
  return lines
    .slice(1, -1)
    .map((line) => line.slice(2))
    .join("\n");
}

function check(report: string, schema: JsonSchema): { value: unknown } | { problem: string } {
  const parsed = jsonOf(report);
  if ("error" in parsed) return { problem: parsed.error };
  const errors = schemaErrors(parsed.value, schema);
  return errors.length === 0 ? { value: parsed.value } : { problem: errors.join("; ") };
}

