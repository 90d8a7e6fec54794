/**
 * `Read(...)` deny rules reach past read_file. A search reads files it was never named:
 * `grep SECRET` over the workspace would read the `.env` that `Read(./.env)` protects and
 * put its lines in front of the model. So the tools get a `readable` check in their context,
 * and grep and glob skip what a deny rule covers (or refuse it outright when named).
 *
 * What no rule can do: see what a shell command reads. `bash "cat .env"` is a different
 * tool with a different rule (`Bash(cat *)`); only a sandbox makes a shell safe.
 */
import type { Tool } from "@learn/core";
import { workspacePath } from "./path-pattern.ts";
import type { PermissionPolicy } from "./policy.ts";

/** True unless a deny rule for read_file covers the file (paths outside match no rule). */
export function readableUnder(policy: PermissionPolicy, cwd: string): (absolutePath: string) => boolean {
  const readDenials = policy.rules.deny.filter((rule) => rule.tools.includes("read_file"));
  return (absolutePath) => {
    const relative = workspacePath(cwd, absolutePath);
    if (relative === undefined) return true; // the workspace itself; outside is refused anyway
    return !readDenials.some((rule) => !rule.path || rule.path(relative));
  };
}

/** The same tools, each run with `readable` in its context. */
export function withReadGuard(tools: readonly Tool[], readable: (absolutePath: string) => boolean): Tool[] {
  return tools.map((tool) => ({ ...tool, execute: (input, ctx) => tool.execute(input, { ...ctx, readable }) }));
}
