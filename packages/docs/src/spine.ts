/**
 * A lesson's spine: the files a student reads first, in order, declared once in the lesson's
 * package.json — data the docs read without running the lesson:
 *
 *   "learn": {
 *     "readFirst": ["src/agent.ts", "src/mechanism.ts", "src/permissions/pipeline.ts", ...],
 *     "optional": [{ "name": { "en": "the kernel", "zh": "内核" }, "files": ["../core/src/kernel/kernel.ts"] }]
 *   }
 *
 * Every spine starts with src/agent.ts (the lesson's list of mechanisms) and src/mechanism.ts
 * (what this lesson adds); the rest hold the idea. A lesson with more than one mechanism gives
 * the secondary ones optional reading paths of their own. Paths are relative to the package,
 * like the README's links. Each file is measured and described by its own top comment
 * (top-comment.ts); a declaration that is wrong, a file that is gone or says nothing about
 * itself is an error naming package.json. Over budget is a problem `pnpm docs:check` reports.
 */
import { readFile } from "node:fs/promises";
import path from "node:path";
import { DocsError } from "./errors.ts";
import type { Lang } from "./labels.ts";
import { countLines, readIfExists } from "./sources.ts";
import { whatItIs } from "./top-comment.ts";

/** Issue 25: a student reads a lesson's spine in one sitting, about 300 lines. */
export const SPINE_BUDGET_LINES = 300;

/** The first two files of every spine: the same names, the same roles, in every lesson. */
export const SPINE_START = ["src/agent.ts", "src/mechanism.ts"] as const;

export interface SpineFile {
  /** As declared: relative to the package, with `/`. */
  path: string;
  lines: number;
  /** The first sentence of the file's top comment. */
  says: string;
}

export interface ReadingPath {
  /** Undefined for the spine; an optional path's name in each language. */
  name?: Record<Lang, string>;
  files: SpineFile[];
  lines: number;
}

export interface ReadingList {
  spine: ReadingPath;
  optional: ReadingPath[];
}

interface Declared {
  readFirst: string[];
  optional: { name: Record<Lang, string>; files: string[] }[];
}

/** The lesson's reading list, every file read and measured. `dir` is the package folder. */
export async function readReadingList(dir: string, rel: string): Promise<ReadingList> {
  const where = `${rel}/package.json`;
  const declared = declaration(JSON.parse(await readFile(path.join(dir, "package.json"), "utf8")), where);
  const measure = (files: string[]) => Promise.all(files.map((file) => spineFile(dir, file, where)));
  const spine = await measure(declared.readFirst);
  const optional = await Promise.all(declared.optional.map(async (o) => ({ name: o.name, ...total(await measure(o.files)) })));
  return { spine: total(spine), optional };
}

function total(files: SpineFile[]): { files: SpineFile[]; lines: number } {
  return { files, lines: files.reduce((sum, f) => sum + f.lines, 0) };
}

/** The spine and each optional path over the budget, one line each naming package.json. */
export function budgetProblems(list: ReadingList, rel: string): string[] {
  const over = (p: ReadingPath) => p.lines > SPINE_BUDGET_LINES;
  const fix = `choose the files that hold the idea, or give the rest an optional path`;
  return [
    ...(over(list.spine) ? [`${rel}/package.json: the spine (learn.readFirst) is ${list.spine.lines} lines, over the budget of ${SPINE_BUDGET_LINES}: ${fix}`] : []),
    ...list.optional.filter(over).map((o) => `${rel}/package.json: the optional path "${o.name!.en}" is ${o.lines} lines, over the budget of ${SPINE_BUDGET_LINES}: split it`),
  ];
}

async function spineFile(dir: string, file: string, where: string): Promise<SpineFile> {
  const absolute = path.resolve(dir, file);
  // The README links every file: one outside the repository would be a link that leads nowhere.
  if (path.relative(path.resolve(dir, "..", ".."), absolute).startsWith("..")) throw new DocsError(`${where}: learn names ${file}, outside the repository`);
  const text = await readIfExists(absolute);
  if (text === undefined) throw new DocsError(`${where}: learn names ${file}, which does not exist`);
  const says = whatItIs(text);
  if (says === undefined) throw new DocsError(`${where}: learn names ${file}, which has no top comment to say what it is`);
  return { path: file, lines: countLines(text), says };
}

/** package.json's `learn`, checked: anything unexpected is an error that says what is expected. */
function declaration(pkg: { learn?: unknown }, where: string): Declared {
  const fail = (what: string): never => {
    throw new DocsError(`${where}: ${what} (expected "learn": { "readFirst": [${SPINE_START.map((f) => `"${f}"`).join(", ")}, …], "optional"?: [{ "name": { "en", "zh" }, "files": […] }] })`);
  };
  const learn = pkg.learn as { readFirst?: unknown; optional?: unknown } | undefined;
  if (typeof learn !== "object" || learn === null) return fail("no learn field declaring the lesson's spine");
  const readFirst = fileList(learn.readFirst, "learn.readFirst", fail);
  if (!startsAsSpine(readFirst)) fail(`learn.readFirst must start with ${SPINE_START.join(", ")} (or the mechanism's folder, src/<mechanism>/index.ts)`);
  const optional = learn.optional ?? [];
  if (!Array.isArray(optional)) return fail("learn.optional is not a list");
  const paths = optional.map((o: { name?: { en?: unknown; zh?: unknown }; files?: unknown }, i) => {
    if (typeof o?.name?.en !== "string" || typeof o.name.zh !== "string") fail(`learn.optional[${i}] needs a name in en and zh`);
    return { name: o.name as Record<Lang, string>, files: fileList(o.files, `learn.optional[${i}].files`, fail) };
  });
  const all = [...readFirst, ...paths.flatMap((p) => p.files)];
  const twice = all.find((file, i) => all.indexOf(file) !== i);
  if (twice) fail(`learn names ${twice} twice: a file sits on one reading path`);
  return { readFirst, optional: paths };
}

/** src/agent.ts, then what the lesson adds: src/mechanism.ts, or (the layout from s17 on) its folder's index.ts. */
function startsAsSpine(readFirst: readonly string[]): boolean {
  return readFirst[0] === SPINE_START[0] && (readFirst[1] === SPINE_START[1] || /^src\/[a-z0-9-]+\/index\.ts$/.test(readFirst[1] ?? ""));
}

function fileList(value: unknown, name: string, fail: (what: string) => never): string[] {
  if (!Array.isArray(value) || value.length === 0 || !value.every((f) => typeof f === "string" && f !== "")) {
    return fail(`${name} must be a list of files`);
  }
  const absolute = value.find((f: string) => path.isAbsolute(f) || f.includes("\\"));
  if (absolute) fail(`${name}: ${absolute} must be relative to the package, with /`);
  return value as string[];
}
