/**
 * The `workflow` tool (Claude Code's `Workflow`): the model writes a short script that fans work
 * out to subagents; the harness runs it in the background and answers at once.
 *
 *   workflow { script | name | scriptPath, args?, resumeFromRunId? }
 *     ──► meta read as data (meta.ts) ──► .workflows/wf-1/ claimed, the script saved there
 *     ──► "Started workflow wf-1…" at once          the run goes on (run.ts), the lead too
 *     ──► the run ends ──► <task-notification> with its result ──► s09's notifications
 *
 * Its input fields are Claude Code's (2.1.328), read from the binary's request: `script` (plain
 * JavaScript whose first statement is a pure-literal `export const meta`), `name` (a saved
 * workflow, `.claude/workflows/<name>.js`), `args` (the script's global `args`), `scriptPath`
 * (a script file: the one a run saved, edited), `resumeFromRunId` (a run whose finished agents
 * come back from its journal). Its description says what Claude Code's says first: use it only
 * when the user opted in — a workflow can start dozens of agents.
 */
import path from "node:path";
import { defineTool, ToolError, type AgentContext, type Tool } from "@learn/core";
import { readRegularText } from "@learn/core/harness";
import { z } from "zod";
import { RUN_ID, RunFolder, WORKFLOWS_DIR, type JournalEntry } from "./journal.ts";
import { parseScript } from "./meta.ts";
import { WORKFLOW_TOOL, type Workflows } from "./workflows.ts";

export const SAVED_WORKFLOWS_DIR = ".claude/workflows";

export const WORKFLOW_INPUT = z
  .object({
    script: z.string().min(1).optional().describe("Self-contained workflow script. Must begin with `export const meta = { name, description, phases }` (pure literal, no computed values) followed by the script body using agent()/parallel()/pipeline()/phase()."),
    name: z.string().regex(/^[A-Za-z0-9._-]{1,64}$/).optional().describe(`Name of a saved workflow (${SAVED_WORKFLOWS_DIR}/<name>.js).`),
    args: z.unknown().optional().describe("Optional input value exposed to the script as the global `args`, verbatim. Pass arrays/objects as actual JSON values, NOT as a JSON-encoded string."),
    scriptPath: z.string().min(1).optional().describe("Path to a workflow script file in the workspace: every run saves its script and returns the path. Edit that file and pass it here instead of re-sending the script. Takes precedence over `script` and `name`."),
    resumeFromRunId: z.string().regex(RUN_ID).optional().describe("Run ID of an earlier run (wf-N) to resume: agent() calls whose prompt and options match one that finished there return its result at once; every other call runs live."),
  })
  .refine((input) => input.script ?? input.name ?? input.scriptPath, { message: "Must provide script, name, or scriptPath" });

export type WorkflowInput = z.output<typeof WORKFLOW_INPUT>;

export const WORKFLOW_DESCRIPTION = [
  "Execute a workflow script that orchestrates multiple subagents deterministically. Workflows run in the background: this tool returns immediately with a task ID, and a <task-notification> arrives when the workflow completes. Use /workflows to see runs.",
  "ONLY call this tool when the user has explicitly opted into multi-agent orchestration: they asked in their own words to run a workflow or fan out agents, asked for a named saved workflow, or a command they invoked tells you to. A task that would merely benefit does not count: use task, or describe the workflow and ask.",
  "The script is plain JavaScript (not TypeScript) and runs isolated: no files, no network, no process, no timers, no Date.now()/Math.random(). Its body runs as an async function (await and return work) with these globals:",
  "- agent(prompt, opts?: {schema?, agentType?}): Promise — a subagent with a fresh context; returns its final text, or with a JSON schema (root {type: 'object', properties}) the validated value (one retry on mismatch).",
  "- parallel(thunks: Array<() => Promise>): Promise<any[]> — run at once; a thunk that throws gives null.",
  "- pipeline(items, stage1, stage2, ...): Promise<any[]> — each item through every stage, no barrier; stages get (prev, item, index).",
  "- phase(title), log(message) — progress for the user; args — the tool's args; budget — {total, spent(), remaining()}.",
  "Each run's finished agents are journaled; if a run stops (budget, session end), call again with scriptPath and resumeFromRunId to go on without re-running them.",
].join("\n");

/** The tool, launching runs on `workflows`. */
export function workflowTool(workflows: Workflows): Tool<WorkflowInput> {
  return defineTool({
    name: WORKFLOW_TOOL,
    description: WORKFLOW_DESCRIPTION,
    input: WORKFLOW_INPUT,
    // Claude Code asks before a workflow runs (its permission dialog shows meta.description): so
    // does the course. What each agent then does is asked for by that agent, through the policy.
    permission: { claudeCode: { name: "Workflow" }, subject: (input) => ({ reads: sourcePath(input) ? [sourcePath(input)!] : [] }) },
    summary: (input) => (input.resumeFromRunId ? `resume ${input.resumeFromRunId}` : (input.scriptPath ?? input.name ?? "script")),
    run: (input, ctx) => launch(workflows, input, ctx),
  });
}

/** The file a call reads its script from, relative to the workspace (none for an inline script). */
function sourcePath(input: WorkflowInput): string | undefined {
  if (input.scriptPath) return input.scriptPath;
  return input.name ? `${SAVED_WORKFLOWS_DIR}/${input.name}.js` : undefined;
}

async function launch(workflows: Workflows, input: WorkflowInput, ctx: AgentContext): Promise<string> {
  const script = await scriptOf(input, ctx.cwd);
  const parsed = parseScript(script);
  if ("error" in parsed) throw new ToolError(`${parsed.error}. Fix the script and call ${WORKFLOW_TOOL} again.`);
  const cached = input.resumeFromRunId ? await journalOf(workflows, input.resumeFromRunId, ctx.cwd) : new Map<string, JournalEntry>();
  const folder = await RunFolder.claim(ctx.cwd);
  await folder.writeScript(script);
  workflows.start({ folder, meta: parsed.meta, body: parsed.body, args: input.args, cached, ...(input.resumeFromRunId ? { resumedFrom: input.resumeFromRunId } : {}) }, ctx);
  const resumed = input.resumeFromRunId ? ` It resumes ${input.resumeFromRunId}: ${cached.size} finished agent(s) come from its journal.` : "";
  return (
    `Started workflow ${folder.id} ("${parsed.meta.name}") in the background.${resumed} runId: ${folder.id}; scriptPath: ${folder.scriptPath}. ` +
    `A <task-notification> (task-id ${folder.id}) arrives when it ends. Until then you know nothing of its results: do not report, assume or predict them.`
  );
}

/** The script: from scriptPath (inside the workspace), a saved workflow, or the input. */
async function scriptOf(input: WorkflowInput, cwd: string): Promise<string> {
  const file = sourcePath(input);
  if (file === undefined) return input.script!;
  const absolute = path.resolve(cwd, file);
  if (path.relative(cwd, absolute).startsWith("..") || path.isAbsolute(path.relative(cwd, absolute))) throw new ToolError(`${file} is outside the workspace`);
  try {
    return await readRegularText(absolute);
  } catch (err) {
    const missing = (err as NodeJS.ErrnoException).code === "ENOENT";
    throw new ToolError(missing ? `no workflow script at ${file}` : `cannot read ${file}: ${(err as Error).message}`);
  }
}

/** The finished agents of the run to resume; refused while it still runs (stop it first, as Claude Code asks). */
async function journalOf(workflows: Workflows, runId: string, cwd: string): Promise<Map<string, JournalEntry>> {
  if (workflows.isRunning(runId)) throw new ToolError(`workflow ${runId} is still running: it cannot be resumed until it ends`);
  const folder = new RunFolder(cwd, runId);
  if (!(await folder.readRecord())) throw new ToolError(`no workflow run ${runId} in ${WORKFLOWS_DIR}/ of this workspace`);
  return folder.finished();
}
