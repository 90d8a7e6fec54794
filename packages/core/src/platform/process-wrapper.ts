/**
 * A process wrapper: a way to change how every command of one tool call is started, without
 * the tool knowing. Lesson 14 (s14-sandbox) uses it to start each command inside an OS sandbox:
 *
 *   withProcessWrapper(sandbox, () => bash.execute(input, ctx))
 *     └─ runCommand("cat ../.env")          the tool's code, unchanged
 *          └─ startProcess("bash", [...])   asks currentProcessWrapper(): the sandbox
 *               └─ spawn("bwrap", [...mounts, "--", "bash", ...])
 *
 * The wrapper travels with the call's async context (AsyncLocalStorage), not in a global:
 * a background job started by the call is wrapped too (it starts inside the call), while a
 * command hook the kernel runs between calls, or another agent's call, is not touched.
 * The harness's own processes that must never be wrapped (its git, safe-git.ts) opt out
 * with `withoutProcessWrapper`, and so do command hooks (s03): a subagent runs inside its
 * lead's wrapped `task` call, and its hooks must not inherit that wrapper. A program a library starts itself (the MCP SDK's stdio client,
 * s13) asks `launchOf` what to start; and a mechanism's setup runs under the wrappers the
 * mechanisms declare (`wrapsSetup`, agent/mechanism.ts), so a server started then is wrapped.
 */
import { AsyncLocalStorage } from "node:async_hooks";

/** What will be started: the program, its arguments, the folder, the environment. */
export interface Launch {
  file: string;
  args: readonly string[];
  cwd: string;
  env: NodeJS.ProcessEnv;
}

export interface ProcessWrapper {
  /** Its name, for messages ("sandbox"). */
  name: string;
  /** The launch to run instead: the same program, started by another (bwrap … -- bash -c …). */
  wrap(launch: Launch): Launch;
}

const current = new AsyncLocalStorage<ProcessWrapper | undefined>();

/** Run `fn` with every process it starts (directly or later, from its async context) wrapped by `wrapper`. */
export function withProcessWrapper<T>(wrapper: ProcessWrapper, fn: () => T): T {
  return current.run(wrapper, fn);
}

/** Run `fn` with no wrapper: for the harness's own processes, which are not the agent's commands. */
export function withoutProcessWrapper<T>(fn: () => T): T {
  return current.run(undefined, fn);
}

/** The wrapper in force here, if any. */
export function currentProcessWrapper(): ProcessWrapper | undefined {
  return current.getStore();
}

/** The launch as it will really run: wrapped when a wrapper is in force. */
export function launchOf(launch: Launch): Launch {
  return current.getStore()?.wrap(launch) ?? launch;
}
