/**
 * What every contract does: give a lesson's agent one scripted response holding some tool
 * calls, let the lesson run them for real, and read what it sent back to the model.
 */
import type { AgentOptions, Lesson } from "../../runtime/lesson.ts";
import type { RecordedRequest, Script } from "../../simulator/index.ts";
import { scriptedAgent, toolResultsOf } from "../scripted.ts";

/** Options every contract takes, so a later lesson can run the same contract unchanged. */
export interface ContractOptions {
  /**
   * Passed on to `createAgent`. A lesson with permissions (s03) uses it to let the file tools
   * run, e.g. `{ flags: { "permission-mode": "bypassPermissions" } }`: a contract about paths
   * must reach the path check, not stop at a permission prompt.
   */
  agentOverrides?: Partial<AgentOptions>;
}

export type ContractLesson = Pick<Lesson, "createAgent">;

export interface ScriptedToolCall {
  name: string;
  input: Record<string, unknown>;
}

export interface ToolResult {
  id: string;
  content: string;
  isError: boolean;
}

export interface Round {
  /** The results the lesson sent back for the first response's calls, in message order. */
  results: ToolResult[];
  /** Every request the lesson made, with the status the simulator answered. */
  requests: RecordedRequest[];
}

/** A script: one response per entry of `rounds` (its tool calls), then a closing text answer. */
export function scriptOf(rounds: ScriptedToolCall[][]): Script {
  return {
    turns: [
      ...rounds.map((calls) => ({ content: calls.map((call) => ({ type: "tool_use" as const, ...call })) })),
      { content: [{ type: "text" as const, text: "Done." }] },
    ],
  };
}

/** Run `rounds` of tool calls through the lesson's agent in `cwd`. */
export async function runRounds(
  lesson: ContractLesson,
  cwd: string,
  rounds: ScriptedToolCall[][],
  options: ContractOptions = {},
): Promise<Round> {
  const { agent, simulator } = await scriptedAgent(lesson, scriptOf(rounds), cwd, options.agentOverrides);
  try {
    await agent.run("Make the scripted tool calls.", new AbortController().signal);
  } finally {
    await agent.close?.();
  }
  return { results: toolResultsOf(simulator.requests[1]?.body), requests: simulator.requests };
}

/** Run one response holding `calls`; return its results. */
export async function runCalls(
  lesson: ContractLesson,
  cwd: string,
  calls: ScriptedToolCall[],
  options: ContractOptions = {},
): Promise<ToolResult[]> {
  return (await runRounds(lesson, cwd, [calls], options)).results;
}
