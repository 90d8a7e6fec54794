/**
 * One prompt of an offline demo script, as the demo, the docs' walkthrough and the smoke tests
 * run it: a line naming one of the agent's commands (`/rewind 2`, s15) runs that command, as
 * `--print "/cmd"` does — its text comes back, or the turn it asks for runs; anything else is a
 * prompt, run until the agent is idle (run-until-idle.ts). An unknown `/name` is an error, never
 * sent to the model as a prompt: a typo in a script must fail loudly.
 */
import { commandLineOf, isCommandTurn, type Agent } from "../lesson.ts";
import type { Renderer } from "../ui/renderer.ts";
import { runUntilIdle, type IdleRunTurn } from "./run-until-idle.ts";

export type DemoPromptResult = { answer: string } | { output: string };

export async function runDemoPrompt(agent: Agent, line: string, signal: AbortSignal, renderer: Renderer, onTurn?: (turn: IdleRunTurn) => void): Promise<DemoPromptResult> {
  const called = commandLineOf(line);
  if (!called || called.name === "") return { answer: await runUntilIdle(agent, line, signal, renderer, onTurn) };
  const command = agent.commands?.find((c) => c.name === called.name);
  if (!command) throw new Error(`the demo calls /${called.name}, which this agent does not have (its commands: ${(agent.commands ?? []).map((c) => `/${c.name}`).join(", ") || "none"})`);
  const out = await command.run(called.args);
  if (!isCommandTurn(out)) return { output: out ?? "" };
  try {
    return { answer: await runUntilIdle(agent, out.prompt, signal, renderer, onTurn) };
  } finally {
    out.onEnd?.();
  }
}
