/**
 * Explore's bash: the same bash, limited to command lines that only read — `ls`, `cat`, `grep -r`,
 * `git log`, `find` without actions — inside the workspace, as Claude Code's Explore agent has.
 * "Read-only" is s03's predicate (the one that lets such commands run with no rule, and in plan
 * mode): the tool refuses anything else before it runs, and says so. Because it changes nothing,
 * it declares itself non-mutating: explorers still run side by side (child-lock.ts), and the
 * permission policy still applies its deny rules and guards to every command first.
 */
import type { AgentParts, Tool } from "@learn/core";

export function readOnlyBash(bash: Tool, permissions: AgentParts["permissions"]): Tool {
  return {
    ...bash,
    permission: { ...bash.permission, mutating: false },
    async execute(input, ctx) {
      // Without s03's policy nothing can tell what a command does: refuse (fail closed).
      const why = permissions ? permissions.notReadOnly({ name: bash.name, input: input as Record<string, unknown>, tool: bash }, ctx.cwd) : "no permission policy to judge it";
      if (why !== undefined) {
        return { content: `Error: this agent only reads: its bash runs read-only commands inside the workspace, and this is not one (${why}).`, isError: true };
      }
      return bash.execute(input, ctx);
    },
  };
}
