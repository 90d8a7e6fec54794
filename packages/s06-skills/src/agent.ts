/**
 * Lesson 6's agent: the previous lesson's mechanisms, plus knowledge it loads when the work calls
 * for it, in a system prompt built so that most of every request is read from the API's cache.
 *
 *   skills           a line each in the prompt; load_skill { name }: the instructions, when needed
 *   memory           save_memory { name, … } → .memory/<name>.md; the index in every later prompt
 *   CLAUDE.md        the project's own notes, in the prompt
 *   prompt cache     the three as live sections, in layers:  … skills ◆ │ memory · CLAUDE.md ◆ │ date · cwd
 *                    and a breakpoint on the last message     (◆: each request reads the last one's prefix)
 *   custom commands  the lead's: /<command> args → .claude/commands/<command>.md, $ARGUMENTS, !`command`
 *
 * A subagent gets the first four, built from the same files for its own tools: its prompt
 * names only the tools it has.
 */
import { agentFromMechanisms, type AgentOptions, type Mechanism } from "@learn/core";
import { mechanisms as previous } from "@learn/s05";
import { skills } from "./skills/index.ts";
import { memory } from "./memory/index.ts";
import { claudeMd } from "./claude-md/index.ts";
import { promptCache } from "./prompt-cache/index.ts";
import { customCommands } from "./custom-commands/index.ts";

export const mechanisms: readonly Mechanism[] = [...previous, skills, memory, claudeMd, promptCache, customCommands];

export const createAgent = (options: AgentOptions) => agentFromMechanisms(mechanisms, options);
