/**
 * `pnpm corpus`: real Claude Code files, each in a workspace of its own where Claude Code would
 * find it, through the last lesson's `--check-config` (s12, which has every loader), and the
 * course's verdict set beside Claude Code's (claude-code-verdict.ts). Per format it prints the
 * files, how many loaded, were refused as Claude Code refuses them, were refused wrongly (Claude
 * Code loads them), and the fields read but ignored. Exit 1 when anything was refused wrongly.
 *
 *   pnpm corpus                      the fixtures here, and the manifest's files found locally
 *   pnpm corpus --wrong              also list each file refused wrongly, with the course's reason
 *   pnpm corpus --lesson s09         another lesson's loaders (one the scripts depend on: s03 s05 s06 s09 s12)
 *   CORPUS_DIR=/path pnpm corpus     where the manifest's files are: <owner>+<name>/<path>
 *                                    (default .cache/corpus; they are not kept in the repository)
 */
import { readFile } from "node:fs/promises";
import path from "node:path";
import { fileURLToPath } from "node:url";
import type { Lesson } from "@learn/core/harness";
import { anyWrong, describeTallies, judge, tally, type CorpusFile, type Judged } from "./corpus.ts";
import { loadFixtures, loadManifest, manifestFileOf } from "./manifest.ts";

const here = path.dirname(fileURLToPath(import.meta.url));
const corpusDir = path.resolve(process.env.CORPUS_DIR ?? path.join(here, "../../.cache/corpus"));

async function realFiles(): Promise<{ files: CorpusFile[]; listed: number }> {
  const manifest = await loadManifest(path.join(here, "manifest.json"));
  const files: CorpusFile[] = [];
  for (const entry of manifest) {
    const text = await readFile(manifestFileOf(corpusDir, entry), "utf8").catch(() => undefined);
    if (text !== undefined) files.push({ repository: entry.repository, path: entry.path, format: entry.format, text });
  }
  return { files, listed: manifest.length };
}

function listWrong(judged: Judged[]): string {
  return judged
    .filter((j) => j.claudeCode.verdict === "loads" && (j.course.status === "refused" || j.course.status === "not read"))
    .map((j) => `  ${j.file.repository} ${j.file.path}: ${j.course.status}${j.course.reason ? ` — ${j.course.reason}` : ""}`)
    .join("\n");
}

/** The lesson whose --check-config judges the files: s12 (every loader), or the one `--lesson` names. */
async function lessonToRun(): Promise<Lesson> {
  const at = process.argv.indexOf("--lesson");
  const id = at >= 0 ? process.argv[at + 1] : "s12";
  const { lesson } = (await import(`@learn/${id}`)) as { lesson: Lesson };
  if (!lesson.checkConfig) throw new Error(`${id} reads no Claude Code files: --check-config starts at lesson 3`);
  return lesson;
}

async function main(): Promise<number> {
  const lesson = await lessonToRun();
  const check = lesson.checkConfig!.bind(lesson);
  const fixtures = await loadFixtures(path.join(here, "fixtures"));
  const { files, listed } = await realFiles();
  let wrong = false;
  for (const [title, set] of [
    [`fixtures (scripts/corpus/fixtures: ${fixtures.length} files)`, fixtures],
    [`corpus (${files.length} of the manifest's ${listed} files found in ${path.relative(process.cwd(), corpusDir) || "."})`, files],
  ] as const) {
    const judged = await judge(set, check);
    const tallies = tally(judged);
    process.stdout.write(`${lesson.id} · ${title}\n${describeTallies(tallies)}\n`);
    if (process.argv.includes("--wrong") && anyWrong(tallies)) process.stdout.write(`refused wrongly:\n${listWrong(judged)}\n`);
    process.stdout.write("\n");
    wrong ||= anyWrong(tallies);
  }
  return wrong ? 1 : 0;
}

process.exitCode = await main();
