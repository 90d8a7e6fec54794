/**
 * edit_file: replace an exact piece of text. Literal, on purpose: the model copies text it
 * has read, and that text is full of characters a regex or a replacement string would
 * interpret — `.`, `(`, `$&`, `$'`. An edit lands exactly as written, or not at all.
 *
 * And it touches nothing else. The file is decoded strictly as UTF-8, so decoding and
 * encoding again gives back the very same bytes: every byte outside the replaced text, a
 * byte-order mark and CRLF line endings included, is written back as it was. A file that is
 * not UTF-8 (Latin-1, say) is refused: a lenient decode would turn its other bytes into
 * U+FFFD and the write would silently corrupt them.
 */
import { defineTool, ToolError } from "@learn/core";
import { z } from "zod";
import { writeRegularFile } from "./regular-file.ts";
import { readTextFile, type TextFile } from "./text-file.ts";

const EditFileInput = z.object({
  path: z.string().describe("The file to edit, relative to the workspace."),
  old_text: z.string().describe("The exact text to replace, whitespace included; it must occur once unless replace_all."),
  new_text: z.string().describe("The text to put in its place, exactly as written."),
  replace_all: z.boolean().optional().describe("Replace every occurrence of old_text. Default: false."),
});

/** Non-overlapping occurrences, counted the way split/join will replace them. */
export function countOccurrences(text: string, part: string): number {
  return text.split(part).length - 1;
}

/**
 * Every occurrence of `oldText` replaced by `newText`, character for character. Never
 * `String.replace`: its replacement string treats `$&`, `$$`, `$'` as patterns.
 */
export function replaceLiteral(text: string, oldText: string, newText: string): string {
  return text.split(oldText).join(newText);
}

/** Fails on any byte that is not UTF-8; keeps a leading byte-order mark as U+FEFF in the text. */
const strictUtf8 = new TextDecoder("utf-8", { fatal: true, ignoreBOM: true });

function decodeStrictly(file: TextFile): string {
  try {
    return strictUtf8.decode(file.bytes);
  } catch {
    throw new ToolError(`${file.shown} is not valid UTF-8 text, and edit_file only edits UTF-8 files: use bash (sed, perl) for this file`);
  }
}

/**
 * A lone half of a surrogate pair can match half of an emoji in the file, and the half left
 * behind could not be written back: it would become U+FFFD, a change outside the edit.
 */
const LONE_SURROGATE = /\p{Surrogate}/u;

export const editFileTool = defineTool({
  name: "edit_file",
  description:
    "Replace exact text in a file of the workspace. old_text is matched literally (not a regex) and must " +
    "occur exactly once, or set replace_all to replace every occurrence. Read the file first, and copy " +
    "old_text without read_file's line numbers.",
  input: EditFileInput,
  concurrencySafe: false,
  async run({ path, old_text, new_text, replace_all = false }, ctx) {
    if (old_text === "") throw new ToolError("old_text is empty: give the exact text to replace (to create a file, use write_file)");
    if (LONE_SURROGATE.test(old_text) || LONE_SURROGATE.test(new_text)) {
      throw new ToolError("old_text or new_text contains a lone surrogate: it is not valid Unicode text");
    }
    const file = await readTextFile(ctx.cwd, path, ctx.signal);
    const text = decodeStrictly(file);
    const count = countOccurrences(text, old_text);
    if (count === 0) {
      throw new ToolError(`old_text was not found in ${file.shown}: it must match exactly, whitespace included (read the file again)`);
    }
    if (count > 1 && !replace_all) {
      throw new ToolError(
        `old_text occurs ${count} times in ${file.shown}: include more surrounding text to pick one, or set replace_all to true`,
      );
    }
    await writeRegularFile(file.absolute, file.shown, replaceLiteral(text, old_text, new_text), ctx.signal);
    return `Replaced ${count} occurrence${count === 1 ? "" : "s"} in ${file.shown}`;
  },
});
