/**
 * Test helpers: a temporary copy of the practice workspace, and a model wired to the
 * simulator through the real SDK — so a test drives a lesson exactly as a student does.
 */
import { readFileSync } from "node:fs";
import { rm, mkdtemp, writeFile, mkdir } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { afterEach, beforeEach } from "vitest";
import { createContext, LEAD_AGENT, type AgentContext } from "../agent/context.ts";
import { createClient } from "../client.ts";
import { loadConfig } from "../config.ts";
import type { Agent, AgentOptions, Lesson } from "../lesson.ts";
import { Model } from "../model.ts";
import { parseScript, Simulator, type Script } from "../simulator/index.ts";
import { FileTracer, type Tracer } from "../trace.ts";
import type { Renderer } from "../ui/renderer.ts";
import { copyPracticeWorkspace } from "../workspace.ts";
import { RecordingRenderer } from "./recording-renderer.ts";

export { RecordingRenderer, type RenderEvent } from "./recording-renderer.ts";

export interface TempWorkspace {
  dir: string;
  cleanup(): Promise<void>;
}

/** A fresh copy of practice-workspace/, or an empty folder with `files` when given. */
export async function tempWorkspace(files?: Record<string, string>): Promise<TempWorkspace> {
  let dir: string;
  if (files) {
    dir = await mkdtemp(path.join(os.tmpdir(), "learn-test-"));
    for (const [name, content] of Object.entries(files)) {
      await mkdir(path.dirname(path.join(dir, name)), { recursive: true });
      await writeFile(path.join(dir, name), content);
    }
  } else {
    dir = await copyPracticeWorkspace("test");
  }
  return { dir, cleanup: () => rm(dir, { recursive: true, force: true }) };
}

/**
 * A fresh temporary workspace for every test of the file that calls this (at its top level or
 * in a `describe`): made before each test, deleted after it. Read `.dir` inside a test.
 */
export function useTempWorkspace(files?: Record<string, string>): { readonly dir: string } {
  let current: TempWorkspace | undefined;
  beforeEach(async () => {
    current = await tempWorkspace(files);
  });
  afterEach(async () => {
    await current?.cleanup();
    current = undefined;
  });
  return {
    get dir() {
      if (!current) throw new Error("useTempWorkspace: the workspace exists only while a test runs");
      return current.dir;
    },
  };
}

/**
 * Is process `pid` still running? A zombie (killed, waiting for a parent to reap it — which a
 * container may never do) counts as gone. Linux reads /proc; elsewhere a signal 0 answers.
 */
export function isRunning(pid: number): boolean {
  try {
    process.kill(pid, 0);
  } catch {
    return false;
  }
  if (process.platform !== "linux") return true;
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, "utf8");
    return stat.slice(stat.lastIndexOf(")") + 2)[0] !== "Z";
  } catch {
    return false;
  }
}

export interface ScriptedModel {
  model: Model;
  simulator: Simulator;
  renderer: RecordingRenderer;
}

/** A lead-agent Model answered by the simulator from `script` (YAML text or a parsed Script). */
export function scriptedModel(
  script: Script | string,
  options: { renderer?: Renderer; tracer?: Tracer; maxTokens?: number } = {},
): ScriptedModel {
  const parsed = typeof script === "string" ? parseScript(script) : script;
  const simulator = new Simulator(parsed);
  const config = loadConfig({}, { envFile: false, forceOffline: true });
  const renderer = new RecordingRenderer();
  const model = new Model({
    client: createClient(config, simulator),
    model: config.model,
    maxTokens: options.maxTokens ?? config.maxTokens,
    agent: LEAD_AGENT,
    renderer: options.renderer ?? renderer,
    tracer: options.tracer,
    onTurnEnd: (agent, how) => simulator.turnEnded(agent, how),
  });
  return { model, simulator, renderer };
}

export interface ScriptedAgent extends ScriptedModel {
  agent: Agent;
}

/** A lesson's agent in `cwd`, on a scripted model, with no terminal (asks are answered "n"). */
export async function scriptedAgent(
  lesson: Pick<Lesson, "createAgent">,
  script: Script | string,
  cwd: string,
  overrides: Partial<AgentOptions> = {},
): Promise<ScriptedAgent> {
  const scripted = scriptedModel(script);
  const agent = await lesson.createAgent({
    model: scripted.model,
    cwd,
    renderer: scripted.renderer,
    interactive: false,
    ask: async () => "n",
    flags: {},
    ...overrides,
  });
  return { ...scripted, agent };
}

/**
 * An agent context for calling a tool or a hook directly in a test: `cwd` and a live signal;
 * the model call fails loudly (a unit test of a tool should not reach a model) unless given.
 */
export function testContext(cwd: string, overrides: Partial<Omit<AgentContext, "cwd">> & { signal?: AbortSignal } = {}): AgentContext {
  const base = createContext({
    agent: LEAD_AGENT,
    cwd,
    signal: overrides.signal ?? new AbortController().signal,
    renderer: new RecordingRenderer(),
    messages: [],
    call: () => Promise.reject(new Error("testContext: this test gave the context no model")),
    submit: () => {},
  });
  return Object.assign(base, overrides);
}

/** The text of every tool_result block in a request body, in order. */
export function toolResultsOf(body: unknown): { id: string; content: string; isError: boolean }[] {
  const messages = (body as { messages?: { role: string; content: unknown }[] }).messages ?? [];
  const last = messages.at(-1);
  if (!last || typeof last.content === "string") return [];
  return (last.content as Record<string, unknown>[])
    .filter((b) => b.type === "tool_result")
    .map((b) => ({
      id: String(b.tool_use_id),
      content: typeof b.content === "string" ? b.content : JSON.stringify(b.content),
      isError: b.is_error === true,
    }));
}
export { serveSimulator, type Endpoint } from "./http-endpoint.ts";
export { practiceRepoCopy, type PracticeRepo } from "./practice-repo.ts";
export * from "./contracts/index.ts";
export { runLessonCli, startLessonCli, type CliRun, type CliOptionsForTest, type RunningCli } from "./run-cli.ts";
export { makeFifo, releaseFifos, useFifos } from "./fifo.ts";
export { filesHolding, loadConfigAsHarness, secretEnvFile } from "./secret-leaks.ts";
