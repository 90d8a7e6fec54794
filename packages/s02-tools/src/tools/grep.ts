/**
 * grep: search file contents with a regular expression. Each match comes back as
 * `file:line: text`, so the model can go straight to read_file or edit_file.
 */
import { readFile } from "node:fs/promises";
import { defineTool, displayPath, ToolError } from "@learn/core";
import { z } from "zod";
import { findFiles, resolveSearchRoot } from "./find-files.ts";
import { linesOf, looksBinary } from "./text-file.ts";

export const MAX_GREP_MATCHES = 200;
/** A minified file is one enormous line: show the start of a matching line, not all of it. */
export const MAX_MATCH_LINE_CHARS = 200;

const GrepInput = z.object({
  pattern: z.string().min(1).describe("A JavaScript regular expression, e.g. `total\\s*=` or `function \\w+`."),
  path: z.string().optional().describe("A file or folder to search, relative to the workspace. Default: the workspace."),
  glob: z.string().optional().describe('Only search files matching this glob, e.g. "**/*.js".'),
});

function compile(pattern: string): RegExp {
  try {
    return new RegExp(pattern);
  } catch (err) {
    throw new ToolError(`${(err as Error).message} (grep takes a JavaScript regular expression)`);
  }
}

function trimLine(line: string): string {
  line = line.trimEnd();
  return line.length > MAX_MATCH_LINE_CHARS ? `${line.slice(0, MAX_MATCH_LINE_CHARS)}…` : line;
}

/** The text of a file, or undefined for a binary or unreadable one: those are skipped, not fatal. */
async function searchableText(file: string): Promise<string | undefined> {
  const bytes = await readFile(file).catch(() => undefined);
  return bytes && !looksBinary(bytes) ? bytes.toString("utf8") : undefined;
}

export const grepTool = defineTool({
  name: "grep",
  description:
    "Search the contents of files for a JavaScript regular expression. Returns `file:line: text` for each " +
    `matching line, at most ${MAX_GREP_MATCHES}; binary files, node_modules and .git are skipped.`,
  input: GrepInput,
  concurrencySafe: true,
  mutating: false,
  policySubject: ({ path = "." }) => ({ reads: [path] }),
  claudeCode: { name: "Grep" },
  async run({ pattern, path = ".", glob = "**/*" }, ctx) {
    const regex = compile(pattern);
    const root = await resolveSearchRoot(ctx, path);
    const files = root.isFile ? [root.absolute] : await findFiles(ctx, root.absolute, glob);
    const matches: string[] = [];
    let total = 0;
    for (const file of files) {
      const text = await searchableText(file);
      linesOf(text ?? "").forEach((line, i) => {
        if (!regex.test(line)) return;
        total += 1;
        if (matches.length < MAX_GREP_MATCHES) matches.push(`${displayPath(ctx.cwd, file)}:${i + 1}: ${trimLine(line)}`);
      });
    }
    if (total === 0) return `No matches for /${pattern}/ in ${displayPath(ctx.cwd, root.absolute)}`;
    const more = total - matches.length;
    return matches.join("\n") + (more > 0 ? `\n... (${more} more matches: narrow the pattern or the path)` : "");
  },
});
