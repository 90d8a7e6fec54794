/**
 * THE IDLE CYCLE: what a teammate does between work phases. In lesson 10 it waited for mail,
 * forever; here it looks for work itself:
 *
 *   work phase ends (the idle tool, or an answer with no tool call)
 *     └─► every pollMs:  mail?               ──► a work phase with the mail
 *                        a task it can claim? ──► claim it (atomically) ──► "Task #3: <subject>"
 *                                                  (on screen: "[alice] ● claimed #3: <subject> …")
 *                        timeoutMs passed?    ──► tell the lead, shut down
 *
 * (Exercise s11-role-claims: a task whose subject fits the teammate's role is claimed first.)
 *
 * Claiming is the board's `claim`, a read-modify-write under the board's lock: two teammates
 * looking at once never both get task #3.
 */
import { ToolError } from "@learn/core";
import { claimable, type TaskBoard, type Task } from "@learn/s08";
import { LEAD, type Mailboxes, type TeammateHandle } from "@learn/s10";
import type { IdleSettings } from "../../../src/autonomy/settings.ts";

/** The prompt of a work phase that starts with a claimed task: it must contain `Task #<id>: <subject>`. */
export function taskPrompt(task: Task): string {
  const about = task.description ? `\n${task.description}` : "";
  return `Task #${task.id}: ${task.subject}${about}\n\nYou own it now (in_progress). Do it, set it completed with task_update, then call idle.`;
}

export function idleCycle(board: TaskBoard, mailboxes: Mailboxes, settings: IdleSettings) {
  return async (mate: TeammateHandle): Promise<string | undefined> => {
    const deadline = Date.now() + settings.timeoutMs;
    for (;;) {
      if (mate.signal.aborted) return undefined;
      await mate.checkMail(); // mail first: the lead's word wins over the board
      const next = mate.queue.take();
      if (next) return next.prompt;
      const task = await claimNext(board, mate.name, mate.role);
      if (task) {
        // Nobody asked for it, so say it on screen: the next lines are that teammate at work on it.
        mate.renderer.notice(`claimed #${task.id}: ${task.subject} (its idle cycle found it ready on the board)`);
        return taskPrompt(task);
      }
      const left = deadline - Date.now();
      if (left <= 0) return timedOut(mate, mailboxes, settings);
      await mate.wait(Math.min(settings.pollMs, left));
    }
  };
}

/**
 * The task this teammate should take, claimed: the first ready one that fits its role, else the
 * first ready one; undefined when there is none. Only the board's `claim` decides (under its
 * lock): a fitting task another teammate claimed a moment ago is refused, and any ready one is
 * taken instead.
 */
async function claimNext(board: TaskBoard, name: string, role: string): Promise<Task | undefined> {
  try {
    const fitting = await firstFitting(board, role);
    if (fitting) {
      const task = await board.claim(name, fitting.id).catch((err: unknown) => {
        if (err instanceof ToolError) return undefined; // taken meanwhile: any ready one will do
        throw err;
      });
      if (task) return task;
    }
    return await board.claim(name);
  } catch (err) {
    if (err instanceof ToolError) return undefined; // nothing claimable (or the board says why not): look again later
    throw err;
  }
}

/** The ready task with the lowest id whose subject has one of the role's words (3 letters or more, any case). */
async function firstFitting(board: TaskBoard, role: string): Promise<Task | undefined> {
  const words = role.toLowerCase().match(/[\p{L}\p{N}]{3,}/gu) ?? [];
  await board.reload(); // others write the board too
  const tasks = board.list();
  const byId = new Map(tasks.map((task) => [task.id, task]));
  return tasks
    .filter((task) => claimable(task, byId) && words.some((word) => task.subject.toLowerCase().includes(word)))
    .sort((a, b) => a.id - b.id)[0];
}

/** Nothing to do for too long: say so to the lead, and end (undefined: the teammate shuts down). */
async function timedOut(mate: TeammateHandle, mailboxes: Mailboxes, settings: IdleSettings): Promise<undefined> {
  const content = `${mate.name} found no mail and no task to claim for ${settings.timeoutMs / 1000}s, and shut down.`;
  await mailboxes.send(LEAD, { type: "idle_shutdown", from: mate.name, content }).catch(() => {});
  return undefined;
}
