/**
 * Lesson 6's agent: the previous lesson's mechanisms, plus knowledge it loads when the work calls
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
import { agentFromMechanisms, type AgentOptions, type Mechanism } from "@learn/core";
import { mechanisms as previous } from "@learn/s05";
import { knowledge } from "./knowledge/index.ts";
import { customCommands } from "./custom-commands/index.ts";

export const mechanisms: readonly Mechanism[] = [...previous, knowledge, customCommands];

export const createAgent = (options: AgentOptions) => agentFromMechanisms(mechanisms, options);
