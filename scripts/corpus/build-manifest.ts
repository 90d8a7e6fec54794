/**
 * Write manifest.json from a list of collected files, each judged as Claude Code judges it:
 *
 *   tsx scripts/corpus/build-manifest.ts LIST.json DIR
 *
 * LIST.json: [{ repository, path, commit, licence, format }]; DIR holds each file at
 * `<owner>+<name>/<path>` (the layout `pnpm corpus` reads). Entries are sorted, so a rebuild
 * shows only what changed.
 */
import { readFile, writeFile } from "node:fs/promises";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { claudeCodeVerdict, type Format } from "./claude-code-verdict.ts";
import { manifestFileOf, type ManifestEntry } from "./manifest.ts";

const [list, dir] = process.argv.slice(2);
if (!list || !dir) throw new Error("usage: build-manifest.ts LIST.json DIR");
const collected = JSON.parse(await readFile(list, "utf8")) as { repository: string; path: string; commit: string; licence: string; format: Format }[];
const entries: ManifestEntry[] = [];
for (const c of collected) {
  const verdict = claudeCodeVerdict(c.format, await readFile(manifestFileOf(dir, c), "utf8"));
  entries.push({ repository: c.repository, path: c.path, commit: c.commit, licence: c.licence, format: c.format, claudeCode: verdict.verdict, ...(verdict.verdict === "refuses" ? { why: verdict.why } : {}) });
}
entries.sort((a, b) => a.repository.localeCompare(b.repository) || a.path.localeCompare(b.path));
const out = path.join(path.dirname(fileURLToPath(import.meta.url)), "manifest.json");
// One entry a line: small, and a rebuild's diff shows the entries that changed.
await writeFile(out, `[\n${entries.map((e) => JSON.stringify(e)).join(",\n")}\n]\n`);
process.stdout.write(`${entries.length} entries → ${path.relative(process.cwd(), out)}\n`);
