/**
 * What `pnpm exercise` remembers between commands, in `exercises/.state.json` beside the
 * student's copies: each exercise's last check result and how many hints were shown. Written
 * atomically (a temp file, then rename): a Ctrl-C mid-write never leaves half a file. A state
 * file that cannot be read is started again, with a note: it holds nothing the student wrote.
 */
import { readFile } from "node:fs/promises";
import path from "node:path";
import { writeFileAtomic } from "@learn/core/harness";
import { z } from "zod";
import { exercisesFolder } from "./student-copy.ts";

const entrySchema = z.object({
  status: z.enum(["failing", "passing"]).optional(),
  hintsShown: z.number().int().min(0).optional(),
});
const stateSchema = z.record(z.string(), entrySchema);
export type ExerciseState = z.output<typeof stateSchema>;
export type StateEntry = z.output<typeof entrySchema>;

export function stateFile(root: string): string {
  return path.join(exercisesFolder(root), ".state.json");
}

export async function readState(root: string): Promise<ExerciseState> {
  let text: string;
  try {
    text = await readFile(stateFile(root), "utf8");
  } catch {
    return {};
  }
  try {
    return stateSchema.parse(JSON.parse(text));
  } catch {
    process.stderr.write(`note: ${stateFile(root)} could not be read; exercise statuses start again (your files are untouched)\n`);
    return {};
  }
}

/** Change one exercise's entry. */
export async function updateState(root: string, id: string, change: StateEntry): Promise<void> {
  const state = await readState(root);
  state[id] = { ...state[id], ...change };
  await writeFileAtomic(stateFile(root), `${JSON.stringify(state, null, 2)}\n`);
}
