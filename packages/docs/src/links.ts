/**
 * Relative links in the course's Markdown must lead somewhere: a doc that points at a file
 * that was renamed has drifted as surely as a stale diff. Checked: the root README(s), every
 * `*.md` under `docs/` and under each package (a lesson's README and REFERENCE alike). Web and
 * mail links are not followed. A `#anchor` into Markdown (`REFERENCE.md#permission-modes`, or
 * `#x` on the same page) must be a heading there, by GitHub's ids (slug.ts): when a section
 * moves to another file, the links to it must follow. Anchors into other files
 * (`src/loop.ts#L10-L20`) are not checked.
 */
import { existsSync } from "node:fs";
import { readdir, readFile } from "node:fs/promises";
import path from "node:path";
import { markdownLines } from "./markdown.ts";
import { githubSlug } from "./slug.ts";

export interface BrokenLink {
  /** Relative to the root. */
  file: string;
  line: number;
  target: string;
}

/** `[text](target)` and `![alt](target "title")`; the target may be wrapped in `<...>`. */
const INLINE_LINK = /!?\[[^\]]*\]\(\s*(<[^>]*>|[^)\s]+)(?:\s+(?:"[^"]*"|'[^']*'))?\s*\)/g;
/** `[label]: target` reference definitions. */
const REFERENCE = /^\s{0,3}\[[^\]]+\]:\s*(<[^>]*>|\S+)/;
const EXTERNAL = /^(?:[a-z][a-z0-9+.-]*:|\/\/)/i; // http:, https:, mailto:, //host...
const SKIPPED_DIRS: ReadonlySet<string> = new Set(["node_modules", ".turbo", ".git"]);

export async function brokenLinks(root: string): Promise<BrokenLink[]> {
  const files = await markdownFiles(root);
  const found = await Promise.all(files.map((file) => brokenLinksIn(root, file)));
  return found.flat();
}

export async function markdownFiles(root: string): Promise<string[]> {
  const top = ["README.md", "README.zh.md"].map((f) => path.join(root, f)).filter((f) => existsSync(f));
  const nested = await Promise.all([walk(path.join(root, "docs")), walk(path.join(root, "packages"))]);
  return [...top, ...nested.flat()].sort();
}

async function walk(dir: string): Promise<string[]> {
  const entries = await readdir(dir, { withFileTypes: true }).catch(() => []);
  const found = await Promise.all(
    entries.map(async (entry) => {
      const full = path.join(dir, entry.name);
      if (entry.isDirectory()) return SKIPPED_DIRS.has(entry.name) ? [] : walk(full);
      return entry.isFile() && entry.name.endsWith(".md") ? [full] : [];
    }),
  );
  return found.flat();
}

async function brokenLinksIn(root: string, file: string): Promise<BrokenLink[]> {
  const broken: BrokenLink[] = [];
  const rel = path.relative(root, file).split(path.sep).join("/");
  const text = await readFile(file, "utf8");
  for (const { line, target } of linksIn(text)) {
    const resolved = target.startsWith("#") ? file : resolveTarget(root, file, target);
    if (resolved === undefined) continue;
    if (!existsSync(resolved) || !(await anchorExists(resolved, target, resolved === file ? text : undefined))) {
      broken.push({ file: rel, line, target });
    }
  }
  return broken;
}

/** Every link target with its line number, outside code blocks and code spans. */
export function linksIn(markdown: string): { line: number; target: string }[] {
  const links: { line: number; target: string }[] = [];
  for (const [i, { text, kind }] of markdownLines(markdown).entries()) {
    if (kind !== "prose") continue;
    const line = text.replace(/(`+)[^`]*?\1/g, ""); // code spans hold code, not links
    const reference = REFERENCE.exec(line)?.[1];
    const targets = reference ? [reference] : [...line.matchAll(INLINE_LINK)].map((m) => m[1]!);
    for (const target of targets) links.push({ line: i + 1, target: target.replace(/^<|>$/g, "") });
  }
  return links;
}

/** A link's `#anchor` names a heading of the Markdown file it leads to (anything else: not checked). */
async function anchorExists(file: string, target: string, text: string | undefined): Promise<boolean> {
  const hash = target.indexOf("#");
  if (hash === -1 || !file.endsWith(".md")) return true;
  let anchor = target.slice(hash + 1);
  try {
    anchor = decodeURIComponent(anchor);
  } catch {
    // a malformed escape is compared as written
  }
  return headingIds(text ?? (await readFile(file, "utf8"))).has(anchor);
}

/** The ids GitHub gives a Markdown file's headings: the slug, then `-1`, `-2`… for repeats. */
export function headingIds(markdown: string): Set<string> {
  const ids = new Set<string>();
  const seen = new Map<string, number>();
  for (const { text, kind } of markdownLines(markdown)) {
    const heading = kind === "prose" ? /^\s{0,3}#{1,6}\s+(.*?)\s*#*\s*$/.exec(text)?.[1] : undefined;
    if (heading === undefined) continue;
    const slug = githubSlug(heading.replace(/!?\[([^\]]*)\]\([^)]*\)/g, "$1")); // a link in a heading: its text
    const count = seen.get(slug) ?? 0;
    seen.set(slug, count + 1);
    ids.add(count === 0 ? slug : `${slug}-${count}`);
  }
  return ids;
}

/** The file a link points at, or undefined when it is not a local file link. */
function resolveTarget(root: string, file: string, target: string): string | undefined {
  if (target === "" || target.startsWith("#") || EXTERNAL.test(target)) return undefined;
  const bare = target.replace(/[#?].*$/, "");
  let decoded: string;
  try {
    decoded = decodeURIComponent(bare);
  } catch {
    decoded = bare;
  }
  // GitHub reads `/x` as relative to the repository root.
  return decoded.startsWith("/") ? path.join(root, decoded) : path.resolve(path.dirname(file), decoded);
}
