/**
 * A session's file checkpoints on disk, so that /rewind works after a resume:
 *
 *   <sessions dir>/<workspace>/file-history/<session id>.json
 *   {"version":1,"checkpoints":[{"before":{"notes.md":"<sha256>","gone.txt":null},"after":{…}}, null, …]}
 *
 * One entry per prompt of the conversation, in order: every file's hash before the prompt ran,
 * and after its last tool round (null: the file did not exist). null for a prompt with no
 * checkpoint. The bytes themselves are kept once per hash beside it (checkpoints.ts). Written
 * whole and atomically at every change: a crash leaves the last list or the one before, never half.
 * A list that cannot be read, or names a path outside the workspace (a rewind writes and
 * deletes what it names), is not trusted: the session resumes with none, and says why.
 */
import path from "node:path";
import { z } from "zod";
import { readRegularText, writeFileAtomic } from "@learn/core/harness";

export type Hashes = Map<string, string | undefined>;

export interface Checkpoint {
  before: Hashes;
  after?: Hashes;
}

/**
 * A file of the workspace, as a snapshot names it: relative, `/`-separated, never leaving it.
 * A rewind writes and deletes these paths, so a list that names any other is not trusted.
 */
const inside = (file: string) => file !== "" && !file.startsWith("/") && !file.includes("\0") && file.split("/").every((part) => part !== "" && part !== "." && part !== "..");
const HashesJson = z.record(z.string().refine(inside), z.string().regex(/^[0-9a-f]{64}$/).nullable());
const ListJson = z.strictObject({
  version: z.literal(1),
  checkpoints: z.array(z.strictObject({ before: HashesJson, after: HashesJson.optional() }).nullable()),
});

export const checkpointFile = (dir: string, sessionId: string) => path.join(dir, `${sessionId}.json`);

export async function saveCheckpoints(dir: string, sessionId: string, list: readonly (Checkpoint | undefined)[]): Promise<void> {
  const json = (h: Hashes) => Object.fromEntries([...h].map(([file, sha]) => [file, sha ?? null]));
  const checkpoints = Array.from(list, (c) => (c ? { before: json(c.before), ...(c.after ? { after: json(c.after) } : {}) } : null));
  await writeFileAtomic(checkpointFile(dir, sessionId), `${JSON.stringify({ version: 1, checkpoints })}\n`);
}

/** The list session `sessionId` kept; none (and no problem) when it kept none. */
export async function loadCheckpoints(dir: string, sessionId: string): Promise<{ list: (Checkpoint | undefined)[]; problem?: string }> {
  const file = checkpointFile(dir, sessionId);
  let text: string;
  try {
    text = await readRegularText(file, { noFollow: true });
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === "ENOENT") return { list: [] };
    return { list: [], problem: `The file checkpoints of session ${sessionId} cannot be read (${(err as Error).message}): /rewind can put back only what changes from now on.` };
  }
  let parsed: z.infer<typeof ListJson>;
  try {
    parsed = ListJson.parse(JSON.parse(text));
  } catch {
    return { list: [], problem: `The file checkpoints of session ${sessionId} in ${file} are not as this course writes them: they are not trusted, and /rewind can put back only what changes from now on.` };
  }
  const hashes = (o: Record<string, string | null>): Hashes => new Map(Object.entries(o).map(([file, sha]) => [file, sha ?? undefined]));
  return { list: parsed.checkpoints.map((c) => (c ? { before: hashes(c.before), ...(c.after ? { after: hashes(c.after) } : {}) } : undefined)) };
}
