/**
 * A lesson's reading, read off its code instead of a list a writer keeps: `src/agent.ts`, then
 * what it imports from the lesson, in its order. A file it imports (s01's `loop.ts`) joins the
 * spine; a folder it imports (`./bash/index.ts`) is a mechanism's folder, read and measured
 * whole: every file under it, its `index.ts` first. Core files a lesson teaches (s03's kernel)
 * are named in package.json's `learn.alsoRead`, the one thing the code cannot say.
 *
 * A folder over the budget is allowed only when both READMEs argue it with its real size: a
 * line naming the folder in backticks and `N lines` (`N 行` in Chinese). A size that changed
 * makes the argument stale, and docs:check says so.
 */
import { readdir, readFile } from "node:fs/promises";
import path from "node:path";
import { DocsError } from "./errors.ts";
import type { Lang } from "./labels.ts";
import { SPINE_BUDGET_LINES, spineFile, total, type ReadingList, type ReadingPath } from "./spine.ts";

/** A lesson's reading: its spine and its mechanism folders, every file read and measured. */
export async function readFolders(dir: string, rel: string): Promise<ReadingList> {
  const where = `${rel}/src/agent.ts`;
  const agent = await readFile(path.join(dir, "src/agent.ts"), "utf8");
  const pkg = JSON.parse(await readFile(path.join(dir, "package.json"), "utf8")) as { learn?: { alsoRead?: unknown } };
  const { files: spineFiles, folders } = agentImports(agent);
  if (folders.length === 0) throw new DocsError(`${where}: imports no mechanism folder (./<mechanism>/index.ts)`);
  const measure = (files: string[]) => Promise.all(files.map((file) => spineFile(dir, file, where)));
  const alsoRead = pkg.learn?.alsoRead ?? [];
  if (!Array.isArray(alsoRead) || !alsoRead.every((f) => typeof f === "string")) throw new DocsError(`${rel}/package.json: learn.alsoRead must be a list of files`);
  const spine = total(await measure([...spineFiles, ...alsoRead]));
  const measured = await Promise.all(folders.map(async (folder) => ({ folder, ...total(await measure(await folderFiles(dir, folder))) })));
  return { spine, folders: measured.map(({ folder, ...p }) => ({ name: { en: folder, zh: folder }, ...p })) };
}

/**
 * What agent.ts imports from its own lesson: files (`src/loop.ts`), in import order, and
 * folders (`src/bash/`), in the order their mechanisms stand in the list it exports.
 */
export function agentImports(agent: string): { files: string[]; folders: string[] } {
  const files = ["src/agent.ts"];
  const folders: { folder: string; at: number }[] = [];
  const list = agent.slice(agent.indexOf("export const mechanisms"));
  for (const [, names, spec] of agent.matchAll(/import\s*(?:type\s*)?\{([^}]*)\}\s*from\s+"\.\/([^"]+)"/g)) {
    if (!spec!.endsWith("/index.ts")) {
      files.push(`src/${spec}`);
      continue;
    }
    const at = Math.min(...names!.split(",").map((n) => positionIn(list, n.trim())));
    folders.push({ folder: `src/${spec!.slice(0, -"index.ts".length)}`, at });
  }
  return { files, folders: folders.sort((x, y) => x.at - y.at).map((f) => f.folder) };
}

/** Where a name stands in the mechanisms list (as a whole word); not in it: last. */
function positionIn(list: string, name: string): number {
  const found = new RegExp(`\\b${name}\\b`).exec(list);
  return found ? found.index : Number.MAX_SAFE_INTEGER;
}

/** Every TypeScript file under the folder, its index.ts first, the rest in path order. */
async function folderFiles(dir: string, folder: string): Promise<string[]> {
  const found = await readdir(path.join(dir, folder), { recursive: true });
  const files = found.map((f) => `${folder}${f.split(path.sep).join("/")}`).filter((f) => f.endsWith(".ts") && !f.endsWith(".d.ts"));
  const index = `${folder}index.ts`;
  return [index, ...files.filter((f) => f !== index).sort()];
}

/** What a README must say about an over-budget folder, in each language. */
export const argument = (lang: Lang, lines: number) => (lang === "en" ? `${lines} lines` : `${lines} 行`);

export interface FolderVerdicts {
  /** Over the budget with no (or a stale) argument: docs:check fails on each. */
  problems: string[];
  /** Over the budget, argued in both READMEs with the real size: listed, allowed. */
  exceptions: string[];
}

/** Each mechanism folder against the budget; `readmes` are the lesson's README texts. */
export function folderVerdicts(folders: ReadingPath[], rel: string, readmes: Record<Lang, string>): FolderVerdicts {
  const problems: string[] = [];
  const exceptions: string[] = [];
  for (const f of folders.filter((f) => f.lines > SPINE_BUDGET_LINES)) {
    const folder = f.name!.en;
    const missing = (["en", "zh"] as const).filter((lang) => !argued(readmes[lang], folder, argument(lang, f.lines)));
    const files = missing.map((lang) => `${rel}/${lang === "en" ? "README.md" : "README.zh.md"}`).join(" and ");
    if (missing.length > 0) {
      problems.push(`${rel}/${folder} is ${f.lines} lines, over the budget of ${SPINE_BUDGET_LINES}: split it, or argue it in ${files} on a line naming \`${folder}\` and its real size ("${argument("en", f.lines)}" / "${argument("zh", f.lines)}")`);
    } else exceptions.push(`${rel}/${folder}: ${f.lines} lines, argued in its README`);
  }
  return { problems, exceptions };
}

function argued(readme: string, folder: string, size: string): boolean {
  return readme.split("\n").some((line) => line.includes(`\`${folder}\``) && line.includes(size));
}
