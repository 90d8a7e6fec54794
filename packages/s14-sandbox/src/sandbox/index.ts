/**
 * What lesson 14 adds: the operating system says no. One mechanism, for every agent:
 *
 *   sandbox   every process a tool call starts — bash, background_run, worktree_run — and
 *             every MCP server s13 starts runs inside bubblewrap: the workspace writable and
 *             nothing else, the files s03 may not read hidden, .git/config, .git/hooks and
 *             .claude/ read-only, no network, no other process to look at
 *
 * The permission policy still judges every call first, as in s03: the sandbox is the floor
 * under it, for what a reader of command lines cannot see (`diff --from-file=.env`, a program
 * that opens a file it computed). Where no sandbox can start, one line says why and the policy
 * alone decides, as before: never silently unsandboxed.
 */
import { rm } from "node:fs/promises";
import { sessionKey, type AgentContext, type BuildContext, type Mechanism, type Tool } from "@learn/core";
import { loadedEnvFiles, withProcessWrapper, type ProcessWrapper } from "@learn/core/harness";
import { readableUnder, type PermissionPolicy } from "@learn/s03";
import { AUTO_ALLOW_RULES, AUTO_ALLOW_SOURCE, autoAllowOf } from "./auto-allow.ts";
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
  // Before any mechanism builds: what s13 starts then (its MCP servers) starts in the sandbox too.
  async wrapsSetup(ctx, partsSoFar) {
    return wrapperMaker(await stateOf(ctx), () => partsSoFar().permissions?.policy, ctx.options.cwd)?.(ctx.options.cwd);
  },
  async add(parts, ctx) {
    const state = await stateOf(ctx);
    const wrapperFor = wrapperMaker(state, () => parts.permissions?.policy, ctx.options.cwd);
    const tools = wrapperFor ? parts.tools.map((tool) => inSandbox(tool, (c) => wrapperFor(c.cwd))) : parts.tools;
    if (autoAllowOf(state).on) parts.permissions?.grants.add(AUTO_ALLOW_RULES, AUTO_ALLOW_SOURCE); // deny and ask rules still win
    if (ctx.role !== "lead") return { ...parts, tools };
    const removeTmp = () => (state.tmp ? rm(state.tmp, { recursive: true, force: true }) : undefined);
    return { ...parts, tools, commands: [...parts.commands, sandboxCommand(state)], close: [...parts.close, removeTmp] };
  },
};

const SANDBOX = sessionKey<Promise<SandboxState>>("the sandbox");

/** One look per session: the lead's; its children share it (and the line is said once). */
const stateOf = (ctx: BuildContext) => ctx.shared(SANDBOX, () => sandboxStateOf(ctx.options.cwd, ctx.options.flags[SANDBOX_FLAG], ctx.options.userDir, ctx.options.renderer.notice.bind(ctx.options.renderer)));

/** How processes started from `cwd` start: in the sandbox, refused (failIfUnavailable), or as they are (off). */
function wrapperMaker(state: SandboxState, policyNow: () => PermissionPolicy | undefined, workspace: string) {
  if (!state.settings.enabled) return undefined;
  const tmp = state.tmp;
  if (!isActive(state) || tmp === undefined) {
    const reason = state.probe?.available === false ? state.probe.reason : "the sandbox is unavailable";
    return state.settings.failIfUnavailable ? () => refusingWrapper(reason) : undefined;
  }
  return (cwd: string) =>
    sandboxWrapper(() => {
      const policy = policyNow();
      return {
        // The whole workspace, even when the agent works in a worktree inside it (git writes the main .git).
        workspace,
        tmp,
        // Judged as s03 judges a read, from where the agent is now.
        readable: policy ? readableUnder(policy, cwd) : () => true,
        secretFiles: [...(policy?.secretFiles ?? []), ...loadedEnvFiles()],
        readDenials: (policy?.rules.deny ?? []).filter((rule) => rule.family === "reads").flatMap((rule) => specifierOf(rule.text) ?? []),
      };
    }, state.settings.excludedCommands);
}

/** `Read(~/.ssh/**)` → `~/.ssh/**`. */
function specifierOf(ruleText: string): string | undefined {
  return /^\w+\((.*)\)$/.exec(ruleText.trim())?.[1];
}

/** The same tool, every process its calls start wrapped. */
function inSandbox(tool: Tool, wrapperFor: (ctx: AgentContext) => ProcessWrapper): Tool {
  return { ...tool, execute: (input, ctx) => withProcessWrapper(wrapperFor(ctx), () => tool.execute(input, ctx)) };
}
