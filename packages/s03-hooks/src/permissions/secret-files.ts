/**
 * Secret files: the env file the harness loaded its key from (`.env` at the repository root,
 * one level above the practice workspace). The key is in the harness's memory already; no tool
 * has any business reading the file. So it is treated like a `Read(...)` deny rule that no
 * settings file can lift: read_file, a search, `cat ../.env`, `background_run "cat ../.env"` —
 * denied in every mode, bypassPermissions included. Matched on the file itself, wherever it is:
 * as written, where the kernel opens it (a symlink to it, `docs/up/../.env`), and by its inode
 * (a hard link to it is the same file under another name).
 *
 * Kernel paths are secret the same way, whether or not an env file was loaded: `/proc/self/…`
 * and `/proc/<pid>/environ`, `mem`, `cwd/…`, `root/…`, `fd/…`, and `/dev/fd/N` open another
 * process's environment or memory, or any file at all by a back door (`/proc/self/cwd/../.env`).
 */
import { realpathSync, statSync } from "node:fs";
import { physicalPath } from "@learn/core/harness";
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

/** The kernel's back doors: a process's environment, memory and files, by any route. */
const KERNEL_PATHS: readonly RegExp[] = [
  /^\/proc\/(self|thread-self)(\/|$)/, // whatever opens it: its own environment, memory, files
  /^\/proc\/[^/]+\/(task\/[^/]+\/)?(environ|mem|cwd|root|fd|map_files)(\/|$)/,
  /^\/dev\/fd(\/|$)/,
];

/** Written with a part only the shell fills in (`/proc/$PPID/environ`, a pattern over /proc): it may be any of them. */
const UNKNOWN_KERNEL_PATH = /^\/(proc|dev\/fd)\//;

/** A command's own output and input: they lead (through /proc/self/fd) to its pipes, nothing else. */
const OWN_STREAMS = new Set(["/dev/stdin", "/dev/stdout", "/dev/stderr"]);

/** Is this absolute path one of the kernel's back doors? */
export function isKernelPath(absolutePath: string): boolean {
  return KERNEL_PATHS.some((pattern) => pattern.test(absolutePath));
}

/** Is this file (as found, or where its links lead, or by its inode) one of the secret files? */
export function isSecretFile(absolutePath: string, secretFiles: readonly string[]): boolean {
  if (OWN_STREAMS.has(absolutePath)) return false;
  if (isKernelPath(absolutePath) || secretFiles.includes(absolutePath)) return true;
  let real: string;
  try {
    real = physicalPath("/", absolutePath); // where the kernel opens it (core's physical-path.ts)
  } catch {
    return true; // a loop of links: it cannot be told, so it is not read
  }
  return isKernelPath(real) || secretFiles.includes(real) || isHardLinkToSecret(real, secretFiles);
}

/** The first part of the call that reads or writes one of the secret files (or a kernel path). */
export function touchedSecret(subject: CallSubject, secretFiles: readonly string[]): FileTarget | undefined {
  const files = [...subject.reads, ...subject.edits, ...subject.writes, ...subject.named];
  return files.find((f) => {
    if (isKernelTarget(f)) return true;
    const places = [f.absolute, f.realAbsolute].filter((p) => p !== undefined);
    return places.some((p) => secretFiles.includes(p)) || (f.realAbsolute !== undefined && isHardLinkToSecret(f.realAbsolute, secretFiles));
  });
}

/** Does this file lead into the kernel's back doors, as written or where the walk goes? */
export function isKernelTarget(f: FileTarget): boolean {
  if (f.absolute !== undefined && OWN_STREAMS.has(f.absolute)) return false;
  // `/proc/$PPID/environ`, a pattern over /proc: what the shell fills in may name any process
  if (f.absolute === undefined) return UNKNOWN_KERNEL_PATH.test(f.target);
  return [f.absolute, f.realAbsolute].some((p) => p !== undefined && isKernelPath(p));
}

/** A second name for a secret file: same device and inode, more than one link. */
function isHardLinkToSecret(file: string, secretFiles: readonly string[]): boolean {
  if (secretFiles.length === 0) return false;
  const found = statOf(file);
  if (!found || found.nlink < 2) return false; // one name only: it is not a second name for anything
  return secretFiles.some((secret) => {
    const s = statOf(secret);
    return s !== undefined && s.dev === found.dev && s.ino === found.ino;
  });
}

function statOf(file: string) {
  try {
    return statSync(file);
  } catch {
    return undefined;
  }
}
