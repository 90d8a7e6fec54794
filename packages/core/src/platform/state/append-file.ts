/**
 * Appending text to a file the harness keeps growing — a background job's log, the REPL's
 * history. Like every other writer here, it scrubs known secrets first (secrets.ts). A log is
 * fed in pieces, so the pieces must already be whole where a secret could be split: a child's
 * output is, as core reads it (process-output.ts scrubs it as a stream). And like every reader
 * here, it opens without blocking and only a regular file (regular-file.ts): a named pipe put
 * in the log's place is refused, not waited on.
 */
import { closeSync, constants, writeSync } from "node:fs";
import { scrubSecrets } from "../secrets.ts";
import { openRegularFile, openRegularFileSync } from "./regular-file.ts";

const APPEND = constants.O_WRONLY | constants.O_APPEND | constants.O_CREAT;

export async function appendTextFile(file: string, text: string, mode = 0o666): Promise<void> {
  const handle = await openRegularFile(file, { flags: APPEND, mode });
  try {
    await handle.write(scrubSecrets(text));
  } finally {
    await handle.close();
  }
}

/** The same, synchronously: for a process that is exiting (its `exit` listeners cannot wait). */
export function appendTextFileSync(file: string, text: string): void {
  const fd = openRegularFileSync(file, { flags: APPEND, mode: 0o666 });
  try {
    writeSync(fd, scrubSecrets(text));
  } finally {
    closeSync(fd);
  }
}
