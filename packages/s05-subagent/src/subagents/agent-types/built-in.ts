/**
 * The two agent types every workspace has, written as if they were agent files:
 *
 *   general-purpose  every tool the parent has but `task`: a task that may need to change things
 *   explore          read-only (read_file, glob, grep, and bash for read-only commands: `ls`, `git log`,
 *                    `grep -r`... as Claude Code's Explore): look around and report, change nothing
 *
 * A workspace file with the same name replaces a built-in, as a project's own settings do.
 */
import type { AgentFile } from "@learn/claude-code-files";

export const DEFAULT_AGENT_TYPE = "general-purpose";

/** What every subagent is told, whatever its type: the parent sees nothing but its last message. */
export const REPORT_GUIDANCE =
  "You are a subagent: another agent gave you this task, and it will see nothing of your work but your final message. " +
  "End with a complete, concise report of what you found or did (files, names, facts), not a promise of what you will do.";

export const BUILT_IN_AGENTS: readonly AgentFile[] = [
  {
    name: DEFAULT_AGENT_TYPE,
    description: "A general-purpose agent with every tool (but task): research a question, or carry out a multi-step change.",
    tools: undefined,
    model: undefined,
    prompt: "Carry out the task you are given with the tools you have. Do what was asked; nothing more.",
  },
  {
    name: "explore",
    description: "A read-only explorer (read_file, glob, grep, read-only bash): find files, search code, read and summarise. Changes nothing; several can run at once.",
    tools: ["read_file", "glob", "grep", "bash"],
    model: undefined,
    prompt:
      "Explore the workspace to answer the question you are given: find the files with glob, search them with grep, read what matters. " +
      "bash runs only commands that read (ls, cat, git log, git diff, find without actions...). You cannot change anything.",
    readOnly: true,
  },
];
