/**
 * Secret files: the env file the harness loaded its key from (`.env` at the repository root,
 * one level above the practice workspace). The key is in the harness's memory already; no tool
 * has any business reading the file. So it is treated like a `Read(...)` deny rule that no
 * settings file can lift: read_file, a search, `cat ../.env`, `background_run "cat ../.env"` —
 * denied in every mode, bypassPermissions included. Matched on the real file (a symlink to it
 * is it), wherever it is: inside the workspace or out.
 */
import { realpathSync } from "node:fs";
import type { CallSubject, FileTarget } from "./matching.ts";

/** The real paths of the given files (a missing one is matched as written). */
export function secretFilesOf(files: readonly string[]): string[] {
  return files.map((file) => {
    try {
      return realpathSync(file);
    } catch {
      return file;
    }
  });
}

/** Is this file (as found, or where its links lead) one of the secret files? */
export function isSecretFile(absolutePath: string, secretFiles: readonly string[]): boolean {
  if (secretFiles.length === 0) return false;
  if (secretFiles.includes(absolutePath)) return true;
  try {
    return secretFiles.includes(realpathSync(absolutePath));
  } catch {
    return false;
  }
}

/**
 * A process's start-up environment (`/proc/<pid>/environ`, `/proc/self/environ`): the key is in
 * the harness's for as long as it runs, whatever it deletes from process.env. Covered like the
 * env file while there is one to protect.
 */
export const PROCESS_ENVIRONMENT = /^\/proc\/[^/]+\/environ$/;

/** The first part of the call that reads or writes one of the secret files (or a process's environment). */
export function touchedSecret(subject: CallSubject, secretFiles: readonly string[]): FileTarget | undefined {
  if (secretFiles.length === 0) return undefined;
  const files = [...subject.reads, ...subject.edits, ...subject.writes, ...subject.named];
  return files.find((f) => [f.absolute, f.realAbsolute].some((p) => p !== undefined && (secretFiles.includes(p) || PROCESS_ENVIRONMENT.test(p))));
}
