/**
 * SUBAGENTS IN THE BACKGROUND: s05's `task` tool, offered with `run_in_background` as Claude
 * Code's Agent tool is. The child is the same child, started the same way (s05's starter,
 * `taskStarterOf`: nothing of s05 is copied here); only who waits for it changes.
 *
 *   task { …, run_in_background: true } ──► the child starts; the call returns at once
 *        the lead goes on working, or waits at the prompt
 *   the child ends ──► its report, framed as s05 frames it, in a <task-notification> block
 *                      ──► s09's notifications: the next model call carries it, or it wakes the idle lead
 *
 * A background child has a signal of its own: Ctrl-C cancels the lead's turn, not the child
 * (as with a background job); the session's end stops it. Claude Code (2.1.328) runs agents in
 * the background unless told `run_in_background: false`; the course keeps s05's foreground as
 * the default, so a lesson's subtask still reads as one call and one answer.
 */
import { defineTool, describeError, type AgentContext, type Renderer, type Tool } from "@learn/core";
import { TASK_INPUT, TASK_TOOL, taskStarterOf, type TaskInput, type TaskStarter } from "@learn/s05";
import { z } from "zod";
import type { Notifications } from "../notifications/index.ts";
import { launchedText, taskNotification } from "./task-notification.ts";

export const RUN_IN_BACKGROUND = "run_in_background";

const input = TASK_INPUT.extend({
  [RUN_IN_BACKGROUND]: z
    .boolean()
    .optional()
    .describe(
      "true: start the subagent and return at once; its report arrives by itself later in a <task-notification> block. " +
        "Default false: wait for its report, for when your very next step depends on it.",
    ),
});

/** The same context with another signal: the child outlives the turn that started it. */
const withSignal = (ctx: AgentContext, signal: AbortSignal): AgentContext => Object.create(ctx, { signal: { value: signal } });

export class BackgroundChildren {
  /** Each running background child's name, and how to stop it. */
  private readonly running = new Map<string, AbortController>();

  constructor(
    private readonly notifications: Notifications,
    private readonly renderer: Renderer,
  ) {}

  /** `tools` with the task tool (if there is one of s05's) able to run a child in the background. */
  withBackground(tools: Tool[]): Tool[] {
    return tools.map((tool) => {
      const start = tool.name === TASK_TOOL ? taskStarterOf(tool) : undefined;
      return start ? this.taskTool(tool, start) : tool;
    });
  }

  /** Background children still running: `--print` waits for them. */
  get size(): number {
    return this.running.size;
  }

  /** The session ends: stop every child still running; their names, for the screen. */
  stopAll(): string[] {
    const names = [...this.running.keys()];
    for (const controller of this.running.values()) controller.abort(new Error("the session ended"));
    this.running.clear();
    return names;
  }

  private taskTool(task: Tool, start: TaskStarter): Tool {
    return defineTool({
      name: task.name,
      description: `${task.description}\nSet run_in_background: true to start one and go on working; its report arrives by itself when it ends.`,
      input,
      concurrencySafe: task.concurrencySafe,
      ...(task.permission ? { permission: task.permission } : {}),
      summary: ({ run_in_background, ...rest }) => `${task.summary?.(rest) ?? rest.description}${run_in_background ? " (background)" : ""}`,
      run: ({ run_in_background, ...rest }, ctx) => (run_in_background ? this.launch(start, rest, ctx) : start(rest, ctx).report),
    });
  }

  /** Start the child with a signal of its own; its report is handed over when it ends. */
  private launch(start: TaskStarter, input: TaskInput, ctx: AgentContext): string {
    const controller = new AbortController();
    const child = start(input, withSignal(ctx, controller.signal));
    this.running.set(child.name, controller);
    const ended = (status: "completed" | "failed", result: string) => {
      if (controller.signal.aborted) return; // stopped at exit: no turn will read it
      this.running.delete(child.name);
      this.renderer.notice(`Background subagent ${child.name} ${status}.`);
      this.notifications.push(taskNotification({ name: child.name, description: input.description, status, result }), `subagent ${child.name}`, { ownBlock: true });
    };
    child.report.then(
      (report) => ended("completed", report),
      (err: unknown) => ended("failed", describeError(err)),
    );
    return launchedText(child.name);
  }
}
