/**
 * Code excerpts in the course's Markdown are generated, never copied by hand: a copy drifts
 * from the code without anyone noticing (s03's and s05's did). The writer names the file, and
 * in a TypeScript file the symbol, and `pnpm run docs` fills in the rest:
 *
 *   <!-- generated:excerpt:start src/subagent/run-child.ts#runChild -->
 *   ...the declaration, fenced, and a link to its lines...
 *   <!-- generated:excerpt:end -->
 *
 * The path is relative to the Markdown file, like its links; without `#symbol` the whole file
 * is shown (a settings file, an agent definition). A symbol that is gone, or a file, is an
 * error naming both: the README must change with the code.
 */
import { readFile } from "node:fs/promises";
import path from "node:path";
import { DocsError } from "./errors.ts";
import type { Labels } from "./labels.ts";
import { fence, link } from "./markdown.ts";
import { onlyNewlines } from "./reading-time.ts";
import { symbolLines } from "./symbol-lines.ts";

const START = /<!-- generated:excerpt:start (\S+) -->/g;
export const EXCERPT_END = "<!-- generated:excerpt:end -->";
export const excerptStart = (target: string) => `<!-- generated:excerpt:start ${target} -->`;

/** One excerpt in a Markdown file: what it shows, and where its body sits. */
interface Excerpt {
  target: string;
  from: number;
  to: number;
}

const LANGUAGES: Record<string, string> = { ".ts": "ts", ".js": "js", ".mjs": "js", ".json": "json", ".md": "markdown", ".yaml": "yaml", ".yml": "yaml", ".sh": "sh" };

/** Every excerpt of the file, in order; markers that do not pair up are an error. */
function excerptsIn(text: string, file: string): Excerpt[] {
  const found: Excerpt[] = [];
  for (const match of text.matchAll(START)) {
    const from = match.index + match[0].length;
    const to = text.indexOf(EXCERPT_END, from);
    const next = text.indexOf("<!-- generated:excerpt:start ", from);
    if (to === -1 || (next !== -1 && next < to)) throw new DocsError(`${file}: the excerpt of ${match[1]} has no ${EXCERPT_END} before the next excerpt`);
    found.push({ target: match[1]!, from, to });
  }
  const ends = text.split(EXCERPT_END).length - 1;
  if (ends !== found.length) throw new DocsError(`${file}: ${ends} ${EXCERPT_END} markers for ${found.length} excerpts`);
  return found;
}

/**
 * What an excerpt shows: a link to the code (with its lines, for a symbol), then the code,
 * fenced. `markdownFile` is the file's absolute path, `rel` the same relative to the root.
 */
export async function renderExcerpt(markdownFile: string, target: string, labels: Labels, rel: string): Promise<string> {
  const [relPath = "", symbol] = target.split("#", 2);
  const file = path.resolve(path.dirname(markdownFile), relPath);
  const text = await readFile(file, "utf8").catch(() => {
    throw new DocsError(`${rel}: the excerpt's file ${relPath} does not exist`);
  });
  const lang = LANGUAGES[path.extname(file)] ?? "text";
  // A file outside the package is named from the repository's root: `practice-workspace/…`, not `../../practice-workspace/…`.
  const name = relPath.startsWith("../") ? path.posix.normalize(path.posix.join(path.posix.dirname(rel), relPath)) : relPath;
  if (symbol === undefined) return `${labels.excerptOf(link(name, relPath))}\n\n${fence(lang, text)}`;
  if (lang !== "ts") throw new DocsError(`${rel}: ${target}: a symbol can be excerpted from a .ts file only`);
  const found = symbolLines(text, symbol, `${rel}: ${relPath}`);
  const lines = link(relPath, `${relPath}#L${found.from}-L${found.to}`);
  return `${labels.excerptOfLines(lines, found.from, found.to)}\n\n${fence("ts", found.text)}`;
}

export interface ExcerptUpdate {
  text: string;
  /** The excerpts whose text changed: `src/x.ts#name`. */
  stale: string[];
}

/** The Markdown with every excerpt regenerated. */
export async function writeExcerpts(text: string, markdownFile: string, labels: Labels, rel: string): Promise<ExcerptUpdate> {
  const excerpts = excerptsIn(text, rel);
  const stale: string[] = [];
  let out = "";
  let at = 0;
  for (const excerpt of excerpts) {
    const body = `\n${await renderExcerpt(markdownFile, excerpt.target, labels, rel)}\n`;
    if (text.slice(excerpt.from, excerpt.to) !== body) stale.push(`excerpt ${excerpt.target}`);
    out += text.slice(at, excerpt.from) + body;
    at = excerpt.to;
  }
  return { text: out + text.slice(at), stale };
}

/** The Markdown with its excerpts' bodies emptied (their lines kept): what the writer wrote, for the checks. */
export function withoutExcerpts(text: string, file: string): string {
  let out = "";
  let at = 0;
  for (const excerpt of excerptsIn(text, file)) {
    out += text.slice(at, excerpt.from) + onlyNewlines(text.slice(excerpt.from, excerpt.to));
    at = excerpt.to;
  }
  return out + text.slice(at);
}
