/**
 * Lesson 6's agent: the previous lesson's parts, plus knowledge it loads when the work calls
 * for it, in a system prompt built so that most of every request is read from the API's cache.
 *
 *   system   identity · tool guidance · … · skills · memory · CLAUDE.md ◆ │ date · cwd     ◆ = cache breakpoint
 *   messages m1 m2 … the last one ◆                  (each request reads the last one's prefix)
 *
 *   load_skill { name }        a skill's instructions (and its files) only when they are needed
 *   save_memory { name, … }    .memory/<name>.md + MEMORY.md: in the prompt of every later session
 *   /<command> args            .claude/commands/<command>.md: a prompt template, $ARGUMENTS, !`command`
 *
 * A subagent is built the same way from the same knowledge, for its own tools: its prompt
 * names only the tools it has.
 */
import { agentFrom, type Agent, type AgentOptions, type AgentParts } from "@learn/core";
import { childParts as previousChildParts, lesson as previousLesson, withTask, type PartsOf } from "@learn/s05";
import { withCustomCommands } from "./commands/index.ts";
import { withKnowledge } from "./knowledge.ts";

export { previousLesson };

/** A subagent's parts: the previous lesson's, with knowledge and a prompt assembled for its own tools. */
export async function childParts(options: AgentOptions): Promise<AgentParts> {
  return withKnowledge(await previousChildParts(options), options);
}

/** The lead's parts: a child's, plus `task` (whose children `children` builds) and custom commands. */
export async function parts(options: AgentOptions, children: PartsOf = childParts): Promise<AgentParts> {
  const lead = await withTask(await children(options), options, children);
  return withCustomCommands(lead, options);
}

export async function createAgent(options: AgentOptions): Promise<Agent> {
  return agentFrom(await parts(options), options);
}
