/**
 * Relative links in the course's Markdown must lead somewhere: a doc that points at a file
 * that was renamed has drifted as surely as a stale diff. Checked: the root README(s), every
 * `*.md` under `docs/` and under each package. Web and mail links are not followed, and a
 * `#anchor` is not checked (only the file it is on).
 */
import { existsSync } from "node:fs";
import { readdir, readFile } from "node:fs/promises";
import path from "node:path";

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
  for (const { line, target } of linksIn(await readFile(file, "utf8"))) {
    const resolved = resolveTarget(root, file, target);
    if (resolved !== undefined && !existsSync(resolved)) broken.push({ file: rel, line, target });
  }
  return broken;
}

/** Every link target with its line number, outside code blocks and code spans. */
export function linksIn(markdown: string): { line: number; target: string }[] {
  const links: { line: number; target: string }[] = [];
  let fenceMark: string | undefined;
  for (const [i, raw] of markdown.split("\n").entries()) {
    const opening = /^\s{0,3}(`{3,}|~{3,})/.exec(raw)?.[1];
    if (fenceMark === undefined && opening) {
      fenceMark = opening;
      continue;
    }
    if (fenceMark !== undefined) {
      // A fence closes with the same character, at least as long, and nothing else on the line.
      if (new RegExp(`^\\s{0,3}${fenceMark[0]}{${fenceMark.length},}\\s*$`).test(raw)) fenceMark = undefined;
      continue;
    }
    const line = raw.replace(/(`+)[^`]*?\1/g, ""); // code spans hold code, not links
    const reference = REFERENCE.exec(line)?.[1];
    const targets = reference ? [reference] : [...line.matchAll(INLINE_LINK)].map((m) => m[1]!);
    for (const target of targets) links.push({ line: i + 1, target: target.replace(/^<|>$/g, "") });
  }
  return links;
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
