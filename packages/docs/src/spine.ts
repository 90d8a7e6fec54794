/**
 * The measures of a lesson's reading (folders.ts reads it off the code): each file with its
 * line count and what its own top comment says it is, and the budget a sitting holds. A file
 * that is gone or says nothing about itself is an error naming the file that led to it.
 */
import path from "node:path";
import { DocsError } from "./errors.ts";
import type { Lang } from "./labels.ts";
import { countLines, readIfExists } from "./sources.ts";
import { whatItIs } from "./top-comment.ts";

/** Issue 25: a student reads a lesson's spine in one sitting, about 300 lines. */
export const SPINE_BUDGET_LINES = 300;

export interface SpineFile {
  /** As declared: relative to the package, with `/`. */
  path: string;
  lines: number;
  /** The first sentence of the file's top comment. */
  says: string;
}

export interface ReadingPath {
  /** Undefined for the spine; a mechanism folder's path (`src/bash/`) in each language. */
  name?: Record<Lang, string>;
  files: SpineFile[];
  lines: number;
}

export interface ReadingList {
  /** src/agent.ts, the lesson files it imports, and the core files it names (learn.alsoRead). */
  spine: ReadingPath;
  /** The mechanisms' folders (folders.ts), each measured on its own. */
  folders: ReadingPath[];
}

export function total(files: SpineFile[]): { files: SpineFile[]; lines: number } {
  return { files, lines: files.reduce((sum, f) => sum + f.lines, 0) };
}

/** The spine over the budget, one line naming agent.ts (mechanism folders: folders.ts). */
export function budgetProblems(list: ReadingList, rel: string): string[] {
  if (list.spine.lines <= SPINE_BUDGET_LINES) return [];
  return [`${rel}/src/agent.ts: the spine (agent.ts, the files it imports, learn.alsoRead) is ${list.spine.lines} lines, over the budget of ${SPINE_BUDGET_LINES}`];
}

export async function spineFile(dir: string, file: string, where: string): Promise<SpineFile> {
  const absolute = path.resolve(dir, file);
  // The README links every file: one outside the repository would be a link that leads nowhere.
  if (path.relative(path.resolve(dir, "..", ".."), absolute).startsWith("..")) throw new DocsError(`${where}: reads ${file}, outside the repository`);
  const text = await readIfExists(absolute);
  if (text === undefined) throw new DocsError(`${where}: reads ${file}, which does not exist`);
  const says = whatItIs(text);
  if (says === undefined) throw new DocsError(`${where}: reads ${file}, which has no top comment to say what it is`);
  return { path: file, lines: countLines(text), says };
}
