/**
 * What lesson 14 adds: the operating system says no. One mechanism, for every agent:
 *
 *   sandbox   every process a tool call starts — bash, background_run, worktree_run — runs
 *             inside bubblewrap: the workspace writable and nothing else, the files s03 may
 *             not read hidden, .git/config, .git/hooks and .claude/ read-only, no network,
 *             no other process to look at
 *
 * The permission policy still judges every call first, as in s03: the sandbox is the floor
 * under it, for what a reader of command lines cannot see (`diff --from-file=.env`, a program
 * that opens a file it computed). Where no sandbox can start, one line says why and the policy
 * alone decides, as before: never silently unsandboxed.
 */
import { rm } from "node:fs/promises";
import type { AgentContext, Mechanism, Tool } from "@learn/core";
import { loadedEnvFiles, withProcessWrapper, type ProcessWrapper } from "@learn/core/harness";
import { readableUnder, type PermissionPolicy } from "@learn/s03";
import { isActive, sandboxStateOf, type SandboxState } from "./state.ts";
import { refusingWrapper, sandboxWrapper } from "./wrapper.ts";
import { sandboxCommand } from "./command.ts";

/** `--sandbox true|false`: turn it on or off for this session, whatever the settings say. */
export const SANDBOX_FLAG = "sandbox";

export const sandbox: Mechanism = {
  name: "sandbox",
  // Every role, named: so it comes after each role's own mechanisms (mechanism.ts's order rule)
  // and wraps their tools too — the lead's background_run and worktree_run are lead-only.
  for: ["lead", "subagent", "teammate"],
  honours: { keys: ["sandbox"], rulePrefixes: [] },
  flags: [{ name: SANDBOX_FLAG, description: "true or false: run commands inside the OS sandbox (default: the settings' sandbox.enabled)", choices: ["true", "false"] }],
  async add(parts, ctx) {
    // One look per session: the lead's; its children share it (and the line is said once).
    const state = await ctx.shared("sandbox", () => sandboxStateOf(ctx.options.cwd, ctx.options.flags[SANDBOX_FLAG], ctx.options.userDir, ctx.options.renderer.notice.bind(ctx.options.renderer)));
    const policy = parts.permissions?.policy;
    const wrapperFor = wrapperMaker(state, policy, ctx.options.cwd);
    const tools = wrapperFor ? parts.tools.map((tool) => inSandbox(tool, wrapperFor)) : parts.tools;
    if (ctx.role !== "lead") return { ...parts, tools };
    const removeTmp = () => (state.tmp ? rm(state.tmp, { recursive: true, force: true }) : undefined);
    return { ...parts, tools, commands: [...parts.commands, sandboxCommand(state)], close: [...parts.close, removeTmp] };
  },
};

/** How a call's processes start: in the sandbox, refused (failIfUnavailable), or as they are (off). */
function wrapperMaker(state: SandboxState, policy: PermissionPolicy | undefined, workspace: string) {
  if (!state.settings.enabled) return undefined;
  const tmp = state.tmp;
  if (!isActive(state) || tmp === undefined) {
    const reason = state.probe?.available === false ? state.probe.reason : "the sandbox is unavailable";
    return state.settings.failIfUnavailable ? () => refusingWrapper(reason) : undefined;
  }
  const readDenials = (policy?.rules.deny ?? []).filter((rule) => rule.family === "reads").map((rule) => specifierOf(rule.text));
  return (ctx: AgentContext) =>
    sandboxWrapper(
      () => ({
        // The whole workspace, even when the agent works in a worktree inside it (git writes the main .git).
        workspace,
        tmp,
        // Judged as s03 judges a read, from where the agent is now.
        readable: policy ? readableUnder(policy, ctx.cwd) : () => true,
        secretFiles: [...(policy?.secretFiles ?? []), ...loadedEnvFiles()],
        readDenials: readDenials.filter((s): s is string => s !== undefined),
      }),
      state.settings.excludedCommands,
    );
}

/** `Read(~/.ssh/**)` → `~/.ssh/**`. */
function specifierOf(ruleText: string): string | undefined {
  return /^\w+\((.*)\)$/.exec(ruleText.trim())?.[1];
}

/** The same tool, every process its calls start wrapped. */
function inSandbox(tool: Tool, wrapperFor: (ctx: AgentContext) => ProcessWrapper): Tool {
  return { ...tool, execute: (input, ctx) => withProcessWrapper(wrapperFor(ctx), () => tool.execute(input, ctx)) };
}
