/**
 * What Claude Code (2.1.328) does with one file of each format: it loads it, or it refuses it
 * (and why). The corpus runner compares the course's verdict with this one, file by file.
 *
 * The rules were read from the binary's own messages and checks, and from the documentation:
 *
 *   settings            a JSON object; anything else is an error and the file is not used
 *   agents              frontmatter with a `name` (else the file is not an agent at all: skipped
 *                       silently), then "Missing required \"name\" / \"description\" field in
 *                       frontmatter", "names must not start with \"-\"", "at most 256
 *                       characters", "must not contain \":\""; when the YAML does not parse,
 *                       one-line values holding ": " are quoted and it is parsed again, and if
 *                       that fails too the file has empty metadata (so: no name)
 *   skills, commands    any markdown file loads: the folder (or file) is its identity, a broken
 *                       frontmatter leaves it with empty metadata and its body
 *   scheduledTasks      empty, or an object with a `tasks` list (each task that lacks a string
 *                       id/cron/prompt and a numeric createdAt is skipped alone); else
 *                       "could not be read as a list of tasks" — read as nothing, never changed
 */
import { parse as parseYaml } from "yaml";

export type Format = "settings" | "settings.local" | "agents" | "skills" | "commands" | "scheduledTasks";
export const FORMATS: readonly Format[] = ["settings", "settings.local", "agents", "skills", "commands", "scheduledTasks"];

export type Verdict = { verdict: "loads" } | { verdict: "refuses"; why: string };

const loads: Verdict = { verdict: "loads" };
const refuses = (why: string): Verdict => ({ verdict: "refuses", why });

export function claudeCodeVerdict(format: Format, text: string): Verdict {
  const clean = text.replace(/^\uFEFF/, "");
  switch (format) {
    case "settings":
    case "settings.local":
      return settingsVerdict(clean);
    case "agents":
      return agentVerdict(clean);
    case "skills":
    case "commands":
      return loads;
    case "scheduledTasks":
      return scheduledTasksVerdict(clean);
  }
}

function settingsVerdict(text: string): Verdict {
  const json = parseJson(text);
  return isObject(json) ? loads : refuses("not a JSON object");
}

function scheduledTasksVerdict(text: string): Verdict {
  if (text.trim() === "") return loads;
  // Claude Code reads it as JSONC: comments and trailing commas are fine.
  const json = parseJson(stripJsonComments(text));
  return isObject(json) && Array.isArray(json.tasks) ? loads : refuses("could not be read as a list of tasks");
}

function agentVerdict(text: string): Verdict {
  const { name, description } = claudeCodeFrontmatter(text);
  if (!name || typeof name !== "string") return refuses("no name in its frontmatter: not an agent");
  if (name.startsWith("-")) return refuses('name starts with "-"');
  if (name.length > 256) return refuses("name longer than 256 characters");
  if (name.normalize("NFKC").includes(":")) return refuses('name contains ":"');
  if (!description || typeof description !== "string") return refuses("no description");
  return loads;
}

const FRONTMATTER = /^---[ \t]*\r?\n(?:([\s\S]*?)\r?\n)?---[ \t]*(?:\r?\n|$)/;

/** The frontmatter as Claude Code reads it: YAML; else YAML with risky one-line values quoted; else nothing. */
export function claudeCodeFrontmatter(text: string): Record<string, unknown> {
  const match = FRONTMATTER.exec(text);
  if (!match) return {};
  const yaml = match[1] ?? "";
  for (const attempt of [yaml, quoteRiskyValues(yaml)]) {
    try {
      const data: unknown = parseYaml(attempt);
      return isObject(data) ? data : {};
    } catch {
      // try the next reading
    }
  }
  return {};
}

/** `key: a value: with a colon` → `key: "a value: with a colon"`, as Claude Code retries a failed parse. */
function quoteRiskyValues(yaml: string): string {
  return yaml
    .split("\n")
    .map((line) => {
      const m = /^([A-Za-z_][\w-]*):[ \t]+(.+)$/.exec(line);
      if (!m || /^["'[{|>]/.test(m[2]!)) return line;
      if (!/: |[#&*!%@`]/.test(m[2]!)) return line;
      return `${m[1]}: ${JSON.stringify(m[2]!.trimEnd())}`;
    })
    .join("\n");
}

function parseJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}

/** Comments and trailing commas out of JSONC, strings left alone. */
function stripJsonComments(text: string): string {
  return text
    .replace(/("(?:[^"\\]|\\.)*")|\/\/[^\n]*|\/\*[\s\S]*?\*\//g, (_, str: string | undefined) => str ?? "")
    .replace(/("(?:[^"\\]|\\.)*")|,(\s*[}\]])/g, (all, str: string | undefined, close: string | undefined) => str ?? close ?? all);
}

function isObject(v: unknown): v is Record<string, unknown> {
  return typeof v === "object" && v !== null && !Array.isArray(v);
}
