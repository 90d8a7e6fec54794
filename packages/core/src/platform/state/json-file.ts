/**
 * JSON state files: read with a verdict, write atomically.
 *
 * A state file can be missing (nothing saved yet: the normal first run) or corrupt (edited
 * by hand, written by an older version, damaged). Those need different answers, so reading
 * never throws for either: it returns which one it was, and a corrupt file comes with a
 * message that names the file and the line and column, or the field that is wrong. The
 * caller can then say "skipping .tasks/3.json: line 4, column 2: ..." and go on with the
 * other files, instead of one bad file stopping the session.
 */
import type { z } from "zod";
import { scrubDeep } from "../secrets.ts";
import { replaceFile } from "./atomic-file.ts";
import { describeJsonError } from "./json-error.ts";
import { readRegularText, RefusedFileError } from "./regular-file.ts";

export type JsonFileResult<T> =
  /** The file parsed (and matched the schema, when one was given). */
  | { status: "ok"; value: T }
  /** No such file. Usually "nothing saved yet". */
  | { status: "missing"; file: string }
  /**
   * The file exists but is not valid JSON or not the expected shape, or is not a regular
   * file (a named pipe, a folder) or is too large to read; `error` says why.
   */
  | { status: "corrupt"; file: string; error: string };

/**
 * The text of `file`, or undefined when it does not exist. Read with core's safe reader: a
 * named pipe or device there is a RefusedFileError, never a hang. Other I/O errors are real
 * and thrown.
 */
export async function readTextIfExists(file: string): Promise<string | undefined> {
  try {
    return await readRegularText(file);
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === "ENOENT") return undefined;
    throw err;
  }
}

/** "tasks.0.status: Invalid option: ..." — where in the value, then what is wrong, one line. */
function describeIssues(issues: z.core.$ZodIssue[]): string {
  return issues.map((issue) => `${issue.path.length ? issue.path.join(".") : "(top level)"}: ${issue.message}`).join("; ");
}

/**
 * Parse one JSON text, validating it with `schema` when one is given. `where` names the
 * source in the error ("tasks/3.json", "inbox.jsonl line 7").
 */
export function parseJsonText<T = unknown>(
  text: string,
  where: string,
  schema?: z.ZodType<T>,
): { ok: true; value: T } | { ok: false; error: string } {
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch (err) {
    return { ok: false, error: `${where}: ${describeJsonError(text, err)}` };
  }
  if (!schema) return { ok: true, value: parsed as T };
  const checked = schema.safeParse(parsed);
  if (checked.success) return { ok: true, value: checked.data };
  return { ok: false, error: `${where}: not the expected shape: ${describeIssues(checked.error.issues)}` };
}

/** Read and parse `file`; see `JsonFileResult` for the three outcomes. */
export async function readJsonFile(file: string): Promise<JsonFileResult<unknown>>;
export async function readJsonFile<T>(file: string, schema: z.ZodType<T>): Promise<JsonFileResult<T>>;
export async function readJsonFile<T>(file: string, schema?: z.ZodType<T>): Promise<JsonFileResult<T>> {
  let text: string | undefined;
  try {
    text = await readTextIfExists(file);
  } catch (err) {
    // A FIFO or a huge file where state belongs is reported like a corrupt file: skipped, named.
    if (err instanceof RefusedFileError) return { status: "corrupt", file, error: `${file}: ${err.reason}` };
    throw err;
  }
  if (text === undefined) return { status: "missing", file };
  const parsed = parseJsonText(text, file, schema);
  return parsed.ok ? { status: "ok", value: parsed.value } : { status: "corrupt", file, error: parsed.error };
}

/**
 * Write `value` as pretty JSON, atomically: a reader sees the old file or the new one. Known
 * secrets are scrubbed from its strings, not from the JSON text: a secret that happens to be
 * all digits could otherwise be replaced inside a number and break the file.
 */
export async function writeJsonFile(file: string, value: unknown): Promise<void> {
  await replaceFile(file, `${JSON.stringify(scrubDeep(value), null, 2)}\n`);
}
