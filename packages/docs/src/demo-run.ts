/**
 * Running a lesson's offline demo in-process, as `pnpm --filter sNN demo` does: each demo
 * script gets its own simulator and a fresh copy of the practice workspace; the real SDK,
 * the lesson's real agent and real tools do the rest. What comes back is the trace of each
 * prompt and the final answers: the raw material of a walkthrough.
 */
import { realpath, rm } from "node:fs/promises";
import { copyPracticeWorkspace, loadScript, runUntilIdle, type Lesson, type TraceEntry } from "@learn/core";
import { scriptedModel } from "@learn/core/testing";
import { DocsError } from "./errors.ts";
import { MemoryTracer } from "@learn/core";

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
  const cwd = await copyPracticeWorkspace(`${lesson.id}-docs`);
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
    // As the demo runs: each prompt, then the turns it set off (a finished job, a cron job) until idle.
    for (const prompt of script.prompt === undefined ? [] : [script.prompt].flat()) {
      let start = tracer.entries.length;
      await runUntilIdle(agent, prompt, new AbortController().signal, renderer, (turn) => {
        prompts.push({ ...turn, entries: tracer.entries.slice(start) });
        start = tracer.entries.length;
      });
    }
  } finally {
    await agent.close?.();
  }
  return { script: file, title: script.title, workspaces: [cwd, await realpath(cwd)], prompts };
}

/** Every demo script of the lesson, each on its own simulator and workspace, in script order. */
export function runDemos(lesson: Lesson): Promise<DemoRun[]> {
  return Promise.all(lesson.demoScripts.map((file) => runDemoScript(lesson, file)));
}
