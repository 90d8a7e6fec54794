/**
 * The one tool of lesson 1: run a shell command in the workspace.
 * With `bash` alone a model can read, write, search and run anything — that is why one
 * tool is enough for a first agent.
 */
import { capText, defineTool, MAX_OUTPUT_CHARS, ToolError } from "@learn/core";
import { runCommand, type RunResult } from "@learn/core/harness";
import { z } from "zod";
import { refusalFor } from "./guard.ts";

export const BASH_TIMEOUT_MS = 120_000;

const BashInput = z.object({
  command: z.string().min(1).describe("The shell command to run, e.g. `ls -la` or `node hello.js`."),
});

/** Said when the command exited but something it started in the background held its output open. */
export const LINGERED_NOTE = "(A background process kept the output open after the command exited; it was stopped.)";

/** What the model reads back: the output, and what went wrong when something did. */
export function formatRun(result: RunResult, timeoutMs: number): string {
  const captured = capText(result.output, MAX_OUTPUT_CHARS, result.droppedChars);
  const output = result.lingered ? `${captured.trimEnd()}\n${LINGERED_NOTE}`.trimStart() : captured;
  if (result.timedOut) throw new ToolError(`Timeout (${timeoutMs / 1000}s): the command was killed.\n${output}`.trimEnd());
  if (result.aborted) throw new ToolError(`Interrupted by the user: the command was killed.\n${output}`.trimEnd());
  if (result.signal) throw new ToolError(`Killed by ${result.signal}\n${output}`.trimEnd());
  if (result.exitCode !== 0) throw new ToolError(`Exit code ${result.exitCode ?? "unknown"}\n${output}`.trimEnd());
  return output.trim() === "" ? "(no output)" : output;
}

export function createBashTool(options: { timeoutMs?: number } = {}) {
  const timeoutMs = options.timeoutMs ?? BASH_TIMEOUT_MS;
  return defineTool({
    name: "bash",
    description:
      "Run a shell command in the workspace. stdout and stderr come back merged; " +
      `commands time out after ${timeoutMs / 1000}s.`,
    input: BashInput,
    async run({ command }, ctx) {
      const refusal = refusalFor(command);
      if (refusal) throw new ToolError(refusal);
      const result = await runCommand(command, { cwd: ctx.cwd, timeoutMs, signal: ctx.signal });
      return formatRun(result, timeoutMs);
    },
  });
}

export const bashTool = createBashTool();
