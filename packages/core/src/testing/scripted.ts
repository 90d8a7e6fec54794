/**
 * A model wired to the simulator through the real SDK, and a lesson's agent on it: a test
 * drives a lesson exactly as a student does, offline, and reads what was sent.
 */
import { createContext, LEAD_AGENT, type AgentContext } from "../runtime/agent/context.ts";
import { createClient } from "../runtime/client.ts";
import { loadConfig } from "../platform/config.ts";
import type { Agent, AgentOptions, Lesson } from "../runtime/lesson.ts";
import { Model } from "../runtime/model.ts";
import { parseScript } from "../simulator/load.ts";
import { Simulator, type Script } from "../simulator/index.ts";
import type { Tracer } from "../platform/trace.ts";
import type { Renderer } from "../runtime/renderer.ts";
import { RecordingRenderer } from "./recording-renderer.ts";

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
