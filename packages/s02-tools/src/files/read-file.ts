/**
 * read_file: a window of lines from a text file. A window, because a 5,000-line file would
 * fill the model's context; the model asks for more with `offset` when it needs it.
 */
import { capText, defineTool, ToolError } from "@learn/core";
import { z } from "zod";
import { linesOf, readTextFile } from "./text-file.ts";

export const DEFAULT_READ_LIMIT = 2000;

const ReadFileInput = z.object({
  path: z.string().describe("The file to read, relative to the workspace."),
  offset: z.number().int().min(1).optional().describe("The first line to read, counting from 1. Default: 1."),
  limit: z.number().int().min(1).optional().describe(`How many lines to read. Default: ${DEFAULT_READ_LIMIT}.`),
});

/** `cat -n` style: the number, right-aligned, then a tab, then the line as it is. */
export function numberLines(lines: string[], first: number): string {
  return lines.map((line, i) => `${String(first + i).padStart(6)}\t${line}`).join("\n");
}

/** Lines offset..offset+limit-1, numbered, and a note saying how many lines remain. */
export function lineWindow(text: string, shown: string, offset: number, limit: number): string {
  const lines = linesOf(text);
  if (lines.length === 0) return `(${shown} is empty)`;
  if (offset > lines.length) throw new ToolError(`${shown} has ${lines.length} lines; offset ${offset} is past the end`);
  const window = lines.slice(offset - 1, offset - 1 + limit);
  const rest = lines.length - (offset - 1) - window.length;
  return numberLines(window, offset) + (rest > 0 ? `\n... (${rest} more lines)` : "");
}

export const readFileTool = defineTool({
  name: "read_file",
  description:
    `Read a text file of the workspace, ${DEFAULT_READ_LIMIT} lines at most from \`offset\` (the first line is 1). ` +
    "Each line comes back numbered like `cat -n` (spaces, the line number, a tab, the line); the number and tab " +
    'are not part of the file, so leave them out of edit_file\'s old_text. "... (N more lines)" means the file ' +
    "goes on: read on with a larger offset. Binary files, and anything but a regular file, are refused.",
  input: ReadFileInput,
  concurrencySafe: true,
  async run({ path, offset = 1, limit = DEFAULT_READ_LIMIT }, ctx) {
    const file = await readTextFile(ctx.cwd, path, ctx.signal);
    // Very long lines can still overflow: the cap keeps the result inside 50,000 characters.
    return capText(lineWindow(file.text, file.shown, offset, limit));
  },
});
