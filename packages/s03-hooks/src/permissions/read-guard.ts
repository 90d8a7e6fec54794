/**
 * `Read(...)` deny rules reach past read_file. A search reads files it was never named:
 * `grep SECRET` over the workspace would read the `.env` that `Read(./.env)` protects and
 * put its lines in front of the model. So the tools get a `readable` check in their context,
 * and grep and glob skip what a deny rule covers (or refuse it outright when named).
 *
 * A shell command is judged on the files it names before it runs (@learn/bash-analysis); what a
 * program opens once it runs, no rule can see: only a sandbox makes a shell safe.
 */
import type { Tool } from "@learn/core";
import { realPlaces, workspacePath } from "@learn/claude-code-files";
import type { PermissionPolicy } from "./policy.ts";
import { isSecretFile } from "./secret-files.ts";

/**
 * True unless a `Read` deny rule covers the file — as found, or where its symlinks lead
 * (a link named `notes.txt` to `.env` is `.env`). Outside the workspace only an absolute or
 * home rule (`Read(//etc/**)`, `Read(~/.ssh/**)`) can match.
 */
export function readableUnder(policy: PermissionPolicy, cwd: string): (absolutePath: string) => boolean {
  const readDenials = policy.rules.deny.filter((rule) => rule.family === "reads");
  return (absolutePath) => {
    if (isSecretFile(absolutePath, policy.secretFiles)) return false; // the key's env file (secret-files.ts)
    if (readDenials.length === 0) return true;
    const { inWorkspace, absolute } = realPlaces(cwd, absolutePath);
    const seen = [
      { relative: workspacePath(cwd, absolutePath), absolute: absolutePath },
      { relative: inWorkspace, absolute },
    ];
    return !readDenials.some((rule) => (rule.path ? seen.some((place) => rule.path!(place)) : seen.some((p) => p.relative)));
  };
}

/**
 * The same tools, each run with `readable` in its context — judged from the folder the agent
 * is in when the call runs (an agent can move), not the one it started in.
 */
export function withReadGuard(tools: readonly Tool[], policy: PermissionPolicy): Tool[] {
  return tools.map((tool) => ({
    ...tool,
    execute: (input, ctx) => tool.execute(input, { ...ctx, readable: readableUnder(policy, ctx.cwd) }),
  }));
}
