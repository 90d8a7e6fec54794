/**
 * The corpus run, as functions: where Claude Code would find a file of each format, the course's
 * verdict on it (a lesson's `checkConfig`, in a workspace holding only that file), and the counts
 * per format. run.ts is the command line around them.
 */
import { mkdir, mkdtemp, rm, writeFile } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import type { ConfigFileReport } from "@learn/core";
import type { Lesson } from "@learn/core/harness";
import { claudeCodeVerdict, FORMATS, type Format, type Verdict } from "./claude-code-verdict.ts";

/** One file of the corpus: where it came from, and what it is. */
export interface CorpusFile {
  repository: string;
  path: string;
  format: Format;
  text: string;
}

/** What a lesson's `--check-config` is: the report on one workspace. */
export type CheckConfig = NonNullable<Lesson["checkConfig"]>;
type ConfigReport = Awaited<ReturnType<CheckConfig>>;

/**
 * The course's verdict: loads (whole or partial), refuses, "not read" (the lesson reads the
 * format, but not this file where Claude Code would find it), or "not checked" (no mechanism of
 * the lesson reports on the format yet).
 */
export type CourseVerdict = { status: "loaded" | "partial" | "refused" | "not read" | "not checked"; reason?: string; ignored: string[] };

/** Where in a workspace Claude Code looks for `file`, by its format and the path it had. */
export function placeOf(format: Format, original: string): string {
  const base = path.posix.basename(original);
  switch (format) {
    case "settings":
      return ".claude/settings.json";
    case "settings.local":
      return ".claude/settings.local.json";
    case "scheduledTasks":
      return ".claude/scheduled_tasks.json";
    case "agents":
      return `.claude/agents/${base}`;
    case "skills":
      return `.claude/skills/${path.posix.basename(path.posix.dirname(original))}/SKILL.md`;
    case "commands": {
      // Subfolders of commands/ are kept: Claude Code namespaces a command by them.
      const at = original.lastIndexOf("commands/");
      return `.claude/commands/${at >= 0 ? original.slice(at + "commands/".length) : base}`;
    }
  }
}

/** The report's key for a format (both settings files are reported under `settings`). */
const SECTION: Record<Format, keyof Omit<ConfigReport, "lesson">> = {
  settings: "settings",
  "settings.local": "settings",
  agents: "agents",
  skills: "skills",
  commands: "commands",
  scheduledTasks: "scheduledTasks",
};

/** The report's entry for the file at `place` (a skill may be reported by its folder). */
function entryFor(files: ConfigFileReport[], place: string): ConfigFileReport | undefined {
  return files.find((f) => f.file === place) ?? files.find((f) => f.file === path.posix.dirname(place));
}

export function courseVerdictFrom(report: ConfigReport, format: Format, place: string): CourseVerdict {
  const files = report[SECTION[format]];
  if (files === undefined) return { status: "not checked", ignored: [] };
  const entry = entryFor(files, place);
  if (entry === undefined) return { status: "not read", ignored: [] };
  return { status: entry.status, ...(entry.reason ? { reason: entry.reason } : {}), ignored: entry.ignored ?? [] };
}

/** One workspace per file, made and removed in turn, all under one temporary folder. */
export async function judge(files: readonly CorpusFile[], check: CheckConfig): Promise<Judged[]> {
  const root = await mkdtemp(path.join(os.tmpdir(), "corpus-"));
  const judged: Judged[] = [];
  try {
    for (const [i, file] of files.entries()) {
      const cwd = path.join(root, `ws-${i}`);
      const place = placeOf(file.format, file.path);
      await mkdir(path.dirname(path.join(cwd, place)), { recursive: true });
      await writeFile(path.join(cwd, place), file.text);
      const report = await check({ cwd, userDir: path.join(root, "no-user-folder") });
      judged.push({ file, place, claudeCode: claudeCodeVerdict(file.format, file.text), course: courseVerdictFrom(report, file.format, place) });
      await rm(cwd, { recursive: true, force: true });
    }
  } finally {
    await rm(root, { recursive: true, force: true });
  }
  return judged;
}

export interface Judged {
  file: CorpusFile;
  place: string;
  claudeCode: Verdict;
  course: CourseVerdict;
}

/** The counts of one format. "Wrongly": the course refuses (or does not read) a file Claude Code loads. */
export interface Tally {
  files: number;
  loaded: number;
  partial: number;
  refusedAsClaudeCode: number;
  refusedWrongly: number;
  notRead: number;
  looser: number;
  notChecked: number;
  ignored: Map<string, number>;
}

export function tally(judged: readonly Judged[]): Map<Format, Tally> {
  const byFormat = new Map<Format, Tally>();
  for (const { file, claudeCode, course } of judged) {
    let t = byFormat.get(file.format);
    if (!t) byFormat.set(file.format, (t = { files: 0, loaded: 0, partial: 0, refusedAsClaudeCode: 0, refusedWrongly: 0, notRead: 0, looser: 0, notChecked: 0, ignored: new Map() }));
    t.files++;
    const ccLoads = claudeCode.verdict === "loads";
    if (course.status === "not checked") t.notChecked++;
    else if (course.status === "loaded" || course.status === "partial") {
      t[course.status === "loaded" ? "loaded" : "partial"]++;
      if (!ccLoads) t.looser++;
    } else if (ccLoads) t[course.status === "refused" ? "refusedWrongly" : "notRead"]++;
    else t.refusedAsClaudeCode++;
    for (const field of course.ignored.map(kindOfIgnored)) t.ignored.set(field, (t.ignored.get(field) ?? 0) + 1);
  }
  return new Map(FORMATS.filter((f) => byFormat.has(f)).map((f) => [f, byFormat.get(f)!]));
}

/** Any file the course refuses, or does not read, where Claude Code loads it. */
export const anyWrong = (tallies: Map<Format, Tally>) => [...tallies.values()].some((t) => t.refusedWrongly + t.notRead > 0);

/**
 * What an ignored entry is about, without the file's particulars, so the tally counts kinds:
 * `version: 1.0.0` → `version`; `permissions.allow[17] WebFetch(domain:x.com): no WebFetch tool here`
 * → `permissions.allow: WebFetch rules`; `hooks.preToolUse: …` stays whole (the event is the kind).
 */
export function kindOfIgnored(entry: string): string {
  const rule = /^permissions\.(allow|ask|deny)\[\d+\] (mcp__|[A-Za-z]+)/.exec(entry);
  if (rule) return `permissions.${rule[1]}: ${rule[2] === "mcp__" ? "MCP" : rule[2]} rules`;
  if (entry.startsWith("hooks.")) return entry.split(":")[0]!;
  return entry.split(": ")[0]!;
}

/** The counts as a table, then the ignored fields of each format, most frequent first. */
export function describeTallies(tallies: Map<Format, Tally>): string {
  const head = ["format", "files", "loaded", "partial", "refused as CC", "refused wrongly", "not read", "looser than CC", "not checked"];
  const rows = [...tallies].map(([format, t]) =>
    t.notChecked === t.files
      ? [format, t.files, "not checked", "", "", "", "", "", t.notChecked]
      : [format, t.files, t.loaded, t.partial, t.refusedAsClaudeCode, t.refusedWrongly, t.notRead, t.looser, t.notChecked],
  );
  const table = [head, ...rows].map((r) => r.map(String));
  const widths = head.map((_, i) => Math.max(...table.map((r) => r[i]!.length)));
  const lines = table.map((r) => r.map((cell, i) => (i === 0 ? cell.padEnd(widths[i]!) : cell.padStart(widths[i]!))).join("  "));
  for (const [format, t] of tallies) {
    if (t.ignored.size === 0) continue;
    const fields = [...t.ignored].sort((a, b) => b[1] - a[1] || a[0].localeCompare(b[0]));
    lines.push(`${format}: fields ignored: ${fields.map(([name, n]) => `${name} ×${n}`).join(", ")}`);
  }
  return lines.join("\n");
}
