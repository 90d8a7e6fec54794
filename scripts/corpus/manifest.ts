/**
 * The corpus's manifest (manifest.json): one entry per real file — repository, path, commit,
 * licence, format, and the verdict Claude Code gives it. The files themselves are not kept in
 * the repository (they are other people's work); the runner reads them from a local folder,
 * `<owner>+<name>/<path>`. The fixtures are this course's own files, written in the shapes the
 * corpus showed (fixtures/fixtures.json says which difference each exercises).
 */
import { readFile } from "node:fs/promises";
import path from "node:path";
import { z } from "zod";
import { FORMATS } from "./claude-code-verdict.ts";
import type { CorpusFile } from "./corpus.ts";

const format = z.enum(FORMATS as [string, ...string[]]).transform((f) => f as (typeof FORMATS)[number]);

export const ManifestEntry = z.object({
  repository: z.string(),
  path: z.string(),
  commit: z.string().regex(/^[0-9a-f]{40}$/),
  licence: z.string(),
  format,
  claudeCode: z.enum(["loads", "refuses"]),
  why: z.string().optional(),
});
export type ManifestEntry = z.output<typeof ManifestEntry>;

export async function loadManifest(file: string): Promise<ManifestEntry[]> {
  return z.array(ManifestEntry).parse(JSON.parse(await readFile(file, "utf8")));
}

/** Where the runner looks for an entry's file. */
export const manifestFileOf = (dir: string, entry: { repository: string; path: string }) => path.join(dir, entry.repository.replace("/", "+"), entry.path);

const Fixture = z.object({ file: z.string(), format, row: z.string(), claudeCode: z.enum(["loads", "refuses"]) });
export type Fixture = z.output<typeof Fixture>;

export async function fixtureList(dir: string): Promise<Fixture[]> {
  return z.array(Fixture).parse(JSON.parse(await readFile(path.join(dir, "fixtures.json"), "utf8")));
}

/** The fixtures as corpus files (their repository: this one). */
export async function loadFixtures(dir: string): Promise<CorpusFile[]> {
  const list = await fixtureList(dir);
  return Promise.all(list.map(async (f) => ({ repository: "fixtures", path: f.file, format: f.format, text: await readFile(path.join(dir, f.file), "utf8") })));
}
