/**
 * Appending text to a file the harness keeps growing — a background job's log. Like every
 * other writer here, it scrubs known secrets first (secrets.ts). A log is fed in pieces, so
 * the pieces must already be whole where a secret could be split: a child's output is, as
 * core reads it (process-output.ts scrubs it as a stream).
 */
import { appendFileSync } from "node:fs";
import { appendFile } from "node:fs/promises";
import { scrubSecrets } from "../secrets.ts";

export async function appendTextFile(file: string, text: string): Promise<void> {
  await appendFile(file, scrubSecrets(text));
}

/** The same, synchronously: for a process that is exiting (its `exit` listeners cannot wait). */
export function appendTextFileSync(file: string, text: string): void {
  appendFileSync(file, scrubSecrets(text));
}
