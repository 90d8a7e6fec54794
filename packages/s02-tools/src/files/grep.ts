/**
 * grep: search file contents with a regular expression. Each match comes back as
 * `file:line: text`, so the model can go straight to read_file or edit_file.
 *
 * The regex runs on RE2 (re2js), not on JavaScript's RegExp. A backtracking engine can take
 * exponential time on a pattern like `(a+)+$` against a long line of a's, and a search stuck
 * inside one `test` call cannot be cancelled. RE2 matches in time linear in the line, always;
 * the price is two features it does not have: backreferences (`\1`) and lookaround (`(?=…)`).
 */
import { defineTool, ToolError } from "@learn/core";
import { displayPath } from "@learn/core/harness";
import type { RE2JS } from "re2js";

/** Loaded on first use: a lesson that never greps should not pay for a regex engine at start. */
let re2: typeof import("re2js") | undefined;
import { z } from "zod";
import { stopIfCancelled } from "./cancel.ts";
import { findFiles, resolveSearchRoot } from "./find-files.ts";
import { readRegularFile } from "./regular-file.ts";
import { linesOf, looksBinary } from "./text-file.ts";

export const MAX_GREP_MATCHES = 200;
/** A minified file is one enormous line: show the start of a matching line, not all of it. */
export const MAX_MATCH_LINE_CHARS = 200;

const GrepInput = z.object({
  pattern: z
    .string()
    .min(1)
    .describe("A regular expression (RE2 syntax: JavaScript's, without backreferences or lookaround), e.g. `total\\s*=` or `function \\w+`."),
  path: z.string().optional().describe("A file or folder to search, relative to the workspace. Default: the workspace."),
  glob: z.string().optional().describe('Only search files matching this glob, e.g. "**/*.js".'),
});

const UNSUPPORTED =
  "grep uses RE2 syntax, which matches in linear time: backreferences like \\1 and lookaround like (?=, (?!, (?<= and (?<! are not supported";

async function compile(pattern: string): Promise<RE2JS> {
  re2 ??= await import("re2js");
  try {
    return re2.RE2JS.compile(pattern);
  } catch (err) {
    if (!(err instanceof re2.RE2JSSyntaxException)) throw err;
    const where = err.getPattern() ? `: \`${err.getPattern()}\`` : "";
    throw new ToolError(`Invalid regular expression: ${err.getDescription()}${where} (${UNSUPPORTED})`);
  }
}

function trimLine(line: string): string {
  line = line.trimEnd();
  return line.length > MAX_MATCH_LINE_CHARS ? `${line.slice(0, MAX_MATCH_LINE_CHARS)}…` : line;
}

/**
 * The text of a file, or undefined for one that is binary, unreadable or not a regular file:
 * those are skipped, not fatal. A Ctrl-C during the read is not skipped: it ends the search.
 */
async function searchableText(file: string, shown: string, signal: AbortSignal): Promise<string | undefined> {
  const bytes = await readRegularFile(file, shown, signal).catch((err: unknown) => {
    if (signal.aborted) throw err;
    return undefined;
  });
  return bytes && !looksBinary(bytes) ? bytes.toString("utf8") : undefined;
}

export const grepTool = defineTool({
  name: "grep",
  description:
    "Search the contents of files for a regular expression (RE2 syntax: like JavaScript's, without backreferences " +
    `or lookaround). Returns \`file:line: text\` for each matching line, at most ${MAX_GREP_MATCHES}; binary files, ` +
    "node_modules and .git are skipped.",
  input: GrepInput,
  concurrencySafe: true,
  async run({ pattern, path = ".", glob = "**/*" }, ctx) {
    const regex = await compile(pattern);
    const root = await resolveSearchRoot(ctx, path);
    const files = root.isFile ? [root.absolute] : await findFiles(ctx, root.absolute, glob);
    const matches: string[] = [];
    let total = 0;
    for (const [searched, file] of files.entries()) {
      stopIfCancelled(ctx.signal, `grep stopped after ${searched} of ${files.length} files (${total} matches so far)`);
      const shown = displayPath(ctx.cwd, file);
      const text = await searchableText(file, shown, ctx.signal);
      linesOf(text ?? "").forEach((line, i) => {
        if (!regex.test(line)) return;
        total += 1;
        if (matches.length < MAX_GREP_MATCHES) matches.push(`${shown}:${i + 1}: ${trimLine(line)}`);
      });
    }
    if (total === 0) return `No matches for /${pattern}/ in ${displayPath(ctx.cwd, root.absolute)}`;
    const more = total - matches.length;
    return matches.join("\n") + (more > 0 ? `\n... (${more} more matches: narrow the pattern or the path)` : "");
  },
});
