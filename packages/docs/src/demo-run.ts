/**
 * Running a lesson's offline demo in-process, as `pnpm --filter sNN demo` does: each demo
 * script gets its own simulator and a fresh copy of the practice workspace; the real SDK,
 * the lesson's real agent and real tools do the rest. What comes back is the trace of each
 * prompt and the final answers: the raw material of a walkthrough.
 */
import { realpath, rm } from "node:fs/promises";
import { LEAD_AGENT, runUntilIdle, type IdleRunTurn } from "@learn/core";
import { commandPrompt, lessonWorkspace, MemoryTracer, type Lesson, type TraceEntry } from "@learn/core/harness";
import { loadScript } from "@learn/core/simulator";
import { scriptedModel } from "@learn/core/testing";
import { DocsError } from "./errors.ts";

export interface PromptRun {
  prompt: string;
  /** Who submitted it (a finished background job, a cron job); undefined for the script's own prompts. */
  source?: string;
  answer: string;
  /** The trace lines this prompt produced, in order. */
  entries: TraceEntry[];
}

export interface DemoRun {
  /** Absolute path of the script. */
  script: string;
  title?: string;
  /** The workspace as given to the agent, and its real path (they differ behind a symlink). */
  workspaces: string[];
  prompts: PromptRun[];
}

export async function runDemoScript(lesson: Lesson, file: string): Promise<DemoRun> {
  const cwd = await lessonWorkspace(lesson, `${lesson.id}-docs`);
  try {
    return await runIn(cwd, lesson, file);
  } catch (err) {
    throw new DocsError(`${lesson.id}: the demo ${file} failed: ${(err as Error).message}`);
  } finally {
    await rm(cwd, { recursive: true, force: true });
  }
}

/** The script's prompts, one after another, to one agent in `cwd`, traced in memory. */
async function runIn(cwd: string, lesson: Lesson, file: string): Promise<DemoRun> {
  const script = await loadScript(file);
  const tracer = new MemoryTracer();
  const { model, renderer } = scriptedModel(script, { tracer });
  const agent = await lesson.createAgent({ model, cwd, renderer, interactive: false, ask: async () => "n", flags: { ...lesson.demoFlags } });
  const prompts: PromptRun[] = [];
  try {
    // As the demo runs: each prompt, then the turns it set off (a finished job, mail) until idle.
    for (const prompt of script.prompt === undefined ? [] : [script.prompt].flat()) {
      const start = tracer.entries.length;
      const turns: { turn: IdleRunTurn; end: number }[] = [];
      // A demo may type a command (s16's `/goal …`): it runs as `--print` and `--demo` run one.
      const typed = await commandPrompt(agent, prompt, renderer);
      if ("exit" in typed) throw new Error(`the demo's prompt ${JSON.stringify(prompt)} is a command that failed (exit ${typed.exit})`);
      // A command that only answers with text (s15's `/rewind 2`) sent nothing to the model: its text is the answer.
      if ("output" in typed) {
        prompts.push({ prompt, answer: typed.output, entries: [] });
        continue;
      }
      try {
        await runUntilIdle(agent, typed.prompt, new AbortController().signal, renderer, (turn) => turns.push({ turn, end: tracer.entries.length }));
      } finally {
        typed.turn?.onEnd?.();
      }
      prompts.push(...byTurn(tracer.entries.slice(start), turns, start));
    }
  } finally {
    await agent.close?.();
  }
  return { script: file, title: script.title, workspaces: [cwd, await realpath(cwd)], prompts };
}

/**
 * The lead's lines by the turn they happened in; every other agent's with the first turn. A
 * teammate works across the lead's turns, and which turn each of its lines falls in depends on
 * timing; shown with the turn that started the run, the walkthrough is the same every time.
 */
function byTurn(entries: TraceEntry[], turns: { turn: IdleRunTurn; end: number }[], offset: number): PromptRun[] {
  const others = entries.filter((e) => e.agent !== LEAD_AGENT);
  let from = 0;
  return turns.map(({ turn, end }, i) => {
    const lead = entries.slice(from, end - offset).filter((e) => e.agent === LEAD_AGENT);
    from = end - offset;
    return { ...turn, entries: i === 0 ? [...lead, ...others] : lead };
  });
}

/** Every demo script of the lesson, each on its own simulator and workspace, in script order. */
export function runDemos(lesson: Lesson): Promise<DemoRun[]> {
  return Promise.all(lesson.demoScripts.map((file) => runDemoScript(lesson, file)));
}
