/**
 * The lifecycle of every worktree, one JSON line per event in `.worktrees/events.jsonl`:
 * created, bound to a task, kept, removed, found deleted by hand. The index says where things
 * stand; the log says how they got there — and survives a name being used again. Appended only
 * (core's appendJsonl: a locked append), never rewritten.
 */
import path from "node:path";
import { appendJsonl, readJsonl } from "@learn/core/harness";
import { WORKTREE_DIR } from "./names.ts";

export const EVENTS_FILE = `${WORKTREE_DIR}/events.jsonl`;
export type WorktreeEventName = "worktree.create" | "worktree.bind" | "worktree.keep" | "worktree.remove" | "worktree.missing";

export interface WorktreeEvent {
  event: WorktreeEventName;
  name: string;
  at: string;
  /** What else happened: the task, the branch, "force", the agent that asked. */
  [detail: string]: unknown;
}

export class EventLog {
  readonly file: string;

  constructor(workspace: string, private readonly now: () => Date = () => new Date()) {
    this.file = path.join(path.resolve(workspace), EVENTS_FILE);
  }

  append(event: WorktreeEventName, name: string, details: Record<string, unknown> = {}): Promise<void> {
    return appendJsonl(this.file, { event, name, at: this.now().toISOString(), ...details });
  }

  async read(): Promise<WorktreeEvent[]> {
    return (await readJsonl(this.file)).values as WorktreeEvent[];
  }
}
