/** What the s05 tests share: an agent file's text, and the lesson with extra tools for its children. */
import { agentFromMechanisms, type Mechanism, type Tool } from "@learn/core";
import type { Lesson } from "@learn/core/harness";
import { scriptedAgent } from "@learn/core/testing";
import { lesson as previousLesson } from "@learn/s04";
import { mechanisms, subagents } from "../src/index.ts";

/** An agent file in Claude Code's format. */
export function agentFile(name: string, fields: Record<string, string> = {}, body = `You are ${name}.`): string {
  const lines = Object.entries({ name, description: `The ${name} agent.`, ...fields }).map(([k, v]) => `${k}: ${v}`);
  return `---\n${lines.join("\n")}\n---\n${body}\n`;
}

/**
 * This lesson put together as src/agent.ts does, with `extra` tools in every agent's parts (a
 * test tool that records when it runs, or waits): what the children do becomes observable.
 */
export function lessonWith(extra: Tool[]): Pick<Lesson, "createAgent"> {
  const extraTools: Mechanism = { name: "extra tools", add: (parts) => ({ ...parts, tools: [...parts.tools, ...extra] }) };
  const list = [...mechanisms.filter((m) => m !== subagents), extraTools, subagents];
  return { createAgent: (options) => agentFromMechanisms(list, options) };
}

export const never = () => new AbortController().signal;

/** A lead turn calling task. */
export const taskCall = (prompt: string, subagent_type?: string, description = "A subtask") => ({
  type: "tool_use" as const,
  name: "task",
  input: { description, prompt, ...(subagent_type ? { subagent_type } : {}) },
});
export const text = (t: string) => ({ type: "text" as const, text: t });
export const use = (name: string, input: Record<string, unknown>) => ({ type: "tool_use" as const, name, input });

/** What the previous lesson's agent is made of, in `cwd`: this lesson adds to it. */
export async function previousAnatomy(cwd: string) {
  return (await scriptedAgent(previousLesson, "turns: [ { content: [ { type: text, text: hi } ] } ]", cwd)).agent.anatomy();
}
