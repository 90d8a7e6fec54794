/**
 * What the VitePress config needs to know about the generated pages — the book's pages and
 * the lessons, with their titles, per language — written as JSON next to the pages so the
 * config (which runs inside VitePress, not under tsx) never imports the lessons itself.
 */
import type { Lang } from "./routes.ts";

export interface SiteEntry {
  /** The page, relative to the pages folder: `lessons/s01-loop/index.md`. */
  page: string;
  /** Its label in the sidebar: one line (a lesson's is its short title, see `shortTitle`). */
  title: string;
}

export interface SiteLesson extends SiteEntry {
  dirName: string;
  /** The lesson's diff page, when a lesson comes before it. */
  diffPage: string | undefined;
  /** The lesson's REFERENCE page, when it has one in this language. */
  referencePage: string | undefined;
}

export interface SiteData {
  book: Record<Lang, SiteEntry[]>;
  lessons: Record<Lang, SiteLesson[]>;
}

export const SITE_DATA_FILE = "site-data.json";

/** A Markdown file's first `# ` heading, for its title in the sidebar. */
export function firstHeading(markdown: string, fallback: string): string {
  return /^# (.+)$/m.exec(markdown)?.[1]?.trim() ?? fallback;
}

/**
 * A lesson's heading without its motto, for the sidebar and the compare page's lists, where
 * the whole heading took two to four lines: `s01 · The agent loop — "one loop and one tool
 * make an agent"` -> `s01 · The agent loop`. The page itself keeps the whole heading.
 */
export function shortTitle(heading: string): string {
  return heading.split(" — ")[0]!.trim();
}
