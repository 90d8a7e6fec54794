/**
 * Reading a trace file (`--trace run.jsonl`): one JSON object a line,
 * `{"type":"request"|"response"|"error","agent":"lead","body":{...}}`. A bad line is
 * reported with the file and line number, because a person will open it in an editor.
 */
import { readFile } from "node:fs/promises";
import type { TraceEntry } from "@learn/core/harness";

export class TraceFileError extends Error {
  override name = "TraceFileError";
}

const TYPES: ReadonlySet<string> = new Set(["request", "response", "error"]);

export async function readTraceFile(file: string): Promise<TraceEntry[]> {
  let text: string;
  try {
    text = await readFile(file, "utf8");
  } catch (err) {
    const code = (err as NodeJS.ErrnoException).code;
    const why = code === "ENOENT" ? "no such file" : code === "EISDIR" ? "it is a folder" : (err as Error).message;
    throw new TraceFileError(`${file}: cannot read the trace (${why})`);
  }
  return parseTrace(text, file);
}

export function parseTrace(text: string, file = "<trace>"): TraceEntry[] {
  const entries: TraceEntry[] = [];
  for (const [i, line] of text.split("\n").entries()) {
    if (line.trim() === "") continue; // the file ends with a newline; blank lines carry nothing
    entries.push(parseLine(line, `${file}:${i + 1}`));
  }
  return entries;
}

function parseLine(line: string, where: string): TraceEntry {
  let value: unknown;
  try {
    value = JSON.parse(line);
  } catch (err) {
    throw new TraceFileError(`${where}: not valid JSON (${(err as Error).message})`);
  }
  const entry = value as Partial<TraceEntry> | null;
  if (
    entry === null ||
    typeof entry !== "object" ||
    !TYPES.has(String(entry.type)) ||
    typeof entry.agent !== "string" ||
    !("body" in entry)
  ) {
    throw new TraceFileError(`${where}: not a trace entry (expected {"type":"request"|"response"|"error","agent":"...","body":{...}})`);
  }
  return { type: entry.type!, agent: entry.agent, body: entry.body };
}
