/**
 * Named pipes (FIFOs) for tests that say "this never waits on a pipe". Node cannot make one;
 * `mkfifo` (Linux, macOS) does.
 *
 * A regression would leave a reader blocked inside open(), in one of libuv's threads, and a
 * blocked thread keeps the test process from ever exiting. `useFifos` opens each pipe's other
 * end once after every test: a reader or writer stuck on it wakes (with nothing to read), so a
 * regression fails its test instead of hanging the whole run.
 */
import { execFile } from "node:child_process";
import { closeSync, constants, openSync } from "node:fs";
import { promisify } from "node:util";
import { afterEach } from "vitest";

const made = new Set<string>();

const run = promisify(execFile);

/** Make a named pipe at `file` (its folder must exist); resolves to `file`. */
export async function makeFifo(file: string): Promise<string> {
  await run("mkfifo", [file]);
  made.add(file);
  return file;
}

/** Wake anyone blocked on a pipe made here: open each end once, without blocking, and close it. */
export function releaseFifos(): void {
  for (const file of made) {
    for (const flags of [constants.O_WRONLY, constants.O_RDONLY]) {
      try {
        closeSync(openSync(file, flags | constants.O_NONBLOCK));
      } catch {
        // no one waits on this end (ENXIO), or the pipe is gone with its workspace
      }
    }
  }
  made.clear();
}

/** Release the pipes after every test of the file that calls this. */
export function useFifos(): void {
  afterEach(releaseFifos);
}
