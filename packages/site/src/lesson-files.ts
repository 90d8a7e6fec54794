/**
 * What a lesson page shows beside its README, in the order a reader needs it:
 *
 *   source   src/agent.ts, then the lesson's reading order (the docs read it off agent.ts: the
 *            spine, then each mechanism's folder, its index.ts first), then the rest by name
 *   demo     demo/*.yaml: what the scripted model was told to answer, turn by turn
 *   test     test/**\/*.ts: what the lesson promises, checked
 *
 * Alphabetical order put s03's spine file, pipeline.ts, 23rd; the reading order is the docs'
 * (@learn/docs readFolders), so the site reads the same list and cannot disagree.
 */
import { access, readdir, readFile } from "node:fs/promises";
import path from "node:path";
import { readFolders, type SourceModule } from "@learn/docs";

export type FileGroup = "source" | "demo" | "test";

export interface LessonFile extends SourceModule {
  group: FileGroup;
}

/** The lesson's reading as the docs read it (spine first, then each mechanism's folder); [] without an agent.ts. */
export async function readingOrder(packageDir: string): Promise<string[]> {
  const hasAgent = await access(path.join(packageDir, "src", "agent.ts")).then(() => true, () => false);
  if (!hasAgent) return [];
  const { spine, folders } = await readFolders(packageDir, path.basename(packageDir));
  return [spine, ...folders].flatMap((p) => p.files.map((f) => f.path));
}

/** `modules` with those named in `order` first, in that order; the rest after them, by path. */
export function inReadingOrder<T extends { path: string }>(modules: T[], order: string[]): T[] {
  const rank = (m: T) => {
    const i = order.indexOf(m.path);
    return i === -1 ? order.length : i;
  };
  return [...modules].sort((a, b) => rank(a) - rank(b) || a.path.localeCompare(b.path));
}

/** The lesson's demo scripts and test files, by path (a folder that is missing gives none). */
export async function demoAndTestFiles(packageDir: string): Promise<LessonFile[]> {
  const found = async (folder: string, group: FileGroup, keep: (file: string) => boolean) => {
    const names = await readdir(path.join(packageDir, folder), { recursive: true }).catch(() => [] as string[]);
    const files = names.map((f) => `${folder}/${f.split(path.sep).join("/")}`).filter(keep).sort();
    return Promise.all(
      files.map(async (file) => {
        const text = await readFile(path.join(packageDir, file), "utf8");
        return { path: file, lines: linesOf(text), text, group };
      }),
    );
  };
  return [...(await found("demo", "demo", (f) => f.endsWith(".yaml"))), ...(await found("test", "test", (f) => f.endsWith(".ts")))];
}

/** Lines as an editor numbers them (as the docs count a module's): a final newline starts none. */
function linesOf(text: string): number {
  return text === "" ? 0 : text.split("\n").length - (text.endsWith("\n") ? 1 : 0);
}
