/**
 * A lesson's source files, as the docs see them: its modules (everything under `src/`
 * except the entry points `src/index.ts` and `src/main.ts`, which every lesson has) with
 * their line counts, and the few files the code-diff block compares.
 */
import { readdir, readFile } from "node:fs/promises";
import path from "node:path";

export interface SourceModule {
  /** Relative to the package, with `/`: `src/tools/bash.ts`. */
  path: string;
  lines: number;
  text: string;
}

const ENTRY_POINTS: ReadonlySet<string> = new Set(["src/index.ts", "src/main.ts"]);

export async function lessonModules(packageDir: string): Promise<SourceModule[]> {
  const src = path.join(packageDir, "src");
  const found = await readdir(src, { recursive: true }).catch(() => [] as string[]);
  const files = found
    .map((f) => `src/${f.split(path.sep).join("/")}`)
    .filter((f) => f.endsWith(".ts") && !f.endsWith(".d.ts") && !ENTRY_POINTS.has(f))
    .sort();
  return Promise.all(
    files.map(async (file) => {
      const text = await readFile(path.join(packageDir, file), "utf8");
      return { path: file, lines: countLines(text), text };
    }),
  );
}

/** Lines as an editor numbers them: a final newline does not start another line. */
export function countLines(text: string): number {
  if (text === "") return 0;
  return text.split("\n").length - (text.endsWith("\n") ? 1 : 0);
}

/** A file's text, or undefined when it does not exist. */
export async function readIfExists(file: string): Promise<string | undefined> {
  try {
    return await readFile(file, "utf8");
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === "ENOENT") return undefined;
    throw err;
  }
}
