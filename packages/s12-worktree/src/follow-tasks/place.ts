/**
 * Where an agent works: in the worktree of the task it is working on, else where it was put.
 *
 *   alice claims task #1 ──► task #1 is bound to worktree "discount" ──► alice's cwd is
 *   .worktrees/discount: read_file, edit_file, bash — and the permission checks — all run there
 *
 * "The task it is working on" is read from the board: a task it owns, in progress, bound to a
 * live worktree. Before every model call a PreModel hook looks again (a claim, a bind, a task
 * completed all move an agent); when the place changed, the agent moves and the model is told,
 * in a `<worktree>` block after the round's results — its paths mean something else now.
 * Core reads an agent's cwd every round (AgentParts.cwd), so nothing else needs to know.
 */
import { appendUserText, defineHook, type AgentContext, type Hook, type TextBlockParam } from "@learn/core";
import { isLive, type WorktreeEntry } from "../worktrees/index-file.ts";
import type { Worktrees } from "../worktrees/manager.ts";

export const PLACE_HOOK = "worktree-place";

export class Places {
  private readonly at = new Map<string, WorktreeEntry>();

  constructor(private readonly worktrees: Worktrees) {}

  /** The worktree an agent works in now, if any. */
  of(agent: string): WorktreeEntry | undefined {
    return this.at.get(agent);
  }

  /** The agent's folder now: its worktree's, else `otherwise` (where it was started). */
  cwdOf(agent: string, otherwise: string): string {
    const entry = this.at.get(agent);
    return entry ? this.worktrees.folderOf(entry) : otherwise;
  }

  /** The worktree of the task `agent` works on, as the board and the index say now. */
  async lookUp(agent: string): Promise<WorktreeEntry | undefined> {
    const { board } = this.worktrees;
    await board.reload();
    const working = board.list().filter((t) => t.owner === agent && t.status === "in_progress");
    if (working.length === 0) return undefined;
    const { entries } = await this.worktrees.index.read();
    return entries.find((e) => isLive(e) && working.some((t) => t.id === e.task_id));
  }

  /** PreModel: move the agent when its place changed, and tell the model and the screen. */
  hook(): Hook<"PreModel"> {
    return defineHook("PreModel", PLACE_HOOK, async (_e, ctx) => {
      const next = await this.lookUp(ctx.agent);
      const now = this.at.get(ctx.agent);
      if (next?.name === now?.name) return;
      if (next) this.at.set(ctx.agent, next);
      else this.at.delete(ctx.agent);
      this.tell(ctx, next, now);
    });
  }

  /** For a compaction: where the agent works, so the summary does not lose it. */
  note(agent: string): string | undefined {
    const entry = this.at.get(agent);
    return entry && movedIn(entry);
  }

  private tell(ctx: AgentContext, next: WorktreeEntry | undefined, was: WorktreeEntry | undefined): void {
    const text = next ? movedIn(next) : `You work in the workspace itself again: worktree ${was!.name}'s task is no longer yours in progress.`;
    const block: TextBlockParam = { type: "text", text: `<worktree>\n${text}\n</worktree>` };
    appendUserText(ctx.messages, block);
    ctx.renderer.notice(next ? `works in ${next.path} now (task #${next.task_id}, branch ${next.branch})` : "works in the workspace itself again");
  }
}

function movedIn(e: WorktreeEntry): string {
  return (
    `You now work in worktree ${e.name} for task #${e.task_id}: ${e.path}, branch ${e.branch}. ` +
    "Your file tools and bash run there, and paths are relative to it. Commit your work there (git add, git commit); the lead merges the branch."
  );
}
