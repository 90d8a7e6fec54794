/**
 * Where a workflow run is kept, in the workspace as other lessons keep their state (s08's
 * `.tasks/`, s12's `.worktrees/`):
 *
 *   .workflows/wf-1/script.js       the script as launched (scriptPath: edit it, run it again)
 *   .workflows/wf-1/run.json        name, status, agents, tokens, result or error — replaced atomically
 *   .workflows/wf-1/journal.jsonl   one {"type":"result",…} line per finished agent, appended
 *
 * The journal is what makes a resume cheap: an agent() call whose prompt and options match a
 * finished one of the run resumed from takes that result at once, with no model call. A line is
 * appended only once its agent finished, so a crash loses at most the agent that was running
 * (a torn last line is skipped when read). Run ids count up per workspace (`wf-1`, `wf-2`): a
 * new id is claimed by creating its folder, which fails if another session took it first.
 */
import { createHash } from "node:crypto";
import { mkdir, readdir } from "node:fs/promises";
import path from "node:path";
import { z } from "zod";
import { appendJsonl, readJsonl, readJsonState, writeFileAtomic, writeJsonFile } from "@learn/core/harness";

export const WORKFLOWS_DIR = ".workflows";
export const RUN_ID = /^wf-[1-9]\d{0,8}$/;

// Claude Code's line for a finished agent has the same type, key, agentId and result (and more of its own).
const RESULT = z.object({ type: z.literal("result"), key: z.string(), agentId: z.string(), result: z.unknown() });
export type JournalEntry = z.output<typeof RESULT>;

export const RUN_STATUS = ["running", "completed", "failed", "stopped"] as const;
const RUN = z.object({
  id: z.string(),
  name: z.string(),
  description: z.string(),
  status: z.enum(RUN_STATUS),
  agents: z.number(),
  cached: z.number(),
  tokens: z.number(),
  resumedFrom: z.string().optional(),
  result: z.unknown().optional(),
  error: z.string().optional(),
});
export type RunRecord = z.output<typeof RUN>;

/** What a call is, for matching on resume: its prompt and options, and which time this pair was asked. */
export function callKey(prompt: string, opts: Record<string, unknown>, occurrence: number): string {
  const hash = createHash("sha256").update(JSON.stringify([prompt, opts])).digest("hex").slice(0, 16);
  return `${hash}#${occurrence}`;
}

export class RunFolder {
  constructor(
    readonly workspace: string,
    readonly id: string,
  ) {}

  get dir(): string {
    return path.join(this.workspace, WORKFLOWS_DIR, this.id);
  }

  /** The script's path as the model passes it back (relative to the workspace). */
  get scriptPath(): string {
    return `${WORKFLOWS_DIR}/${this.id}/script.js`;
  }

  /** Claim the next free id in the workspace: `wf-<n>`, its folder made (mkdir fails if taken). */
  static async claim(workspace: string): Promise<RunFolder> {
    const root = path.join(workspace, WORKFLOWS_DIR);
    await mkdir(root, { recursive: true });
    for (let n = (await RunFolder.ids(workspace)).length + 1; ; n++) {
      try {
        await mkdir(path.join(root, `wf-${n}`));
        return new RunFolder(workspace, `wf-${n}`);
      } catch (err) {
        if ((err as NodeJS.ErrnoException).code !== "EEXIST") throw err;
      }
    }
  }

  /** Every run id in the workspace, in order. */
  static async ids(workspace: string): Promise<string[]> {
    const names = await readdir(path.join(workspace, WORKFLOWS_DIR)).catch(() => [] as string[]);
    return names.filter((n) => RUN_ID.test(n)).sort((a, b) => Number(a.slice(3)) - Number(b.slice(3)));
  }

  writeScript(script: string): Promise<void> {
    return writeFileAtomic(path.join(this.dir, "script.js"), script);
  }

  writeRecord(record: RunRecord): Promise<void> {
    return writeJsonFile(path.join(this.dir, "run.json"), record);
  }

  async readRecord(): Promise<RunRecord | undefined> {
    const read = await readJsonState(path.join(this.dir, "run.json"), RUN);
    return read?.ok ? read.data : undefined;
  }

  append(entry: JournalEntry): Promise<void> {
    return appendJsonl(path.join(this.dir, "journal.jsonl"), entry);
  }

  /** The finished agents, by call key (a torn or foreign line is skipped). */
  async finished(): Promise<Map<string, JournalEntry>> {
    const read = await readJsonl(path.join(this.dir, "journal.jsonl"), RESULT).catch(() => ({ values: [] as JournalEntry[] }));
    return new Map(read.values.map((entry) => [entry.key, entry]));
  }
}
