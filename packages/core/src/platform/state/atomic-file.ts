/**
 * Atomic file replacement: a reader sees the old file or the new one, never half of each.
 *
 * `writeFile(target)` truncates the target and then writes it, so a reader in between, or a
 * crash (kill -9, power loss), leaves an empty or half-written state file. Instead we write
 * the whole content to a temporary file *in the same folder*, flush it to disk, and `rename`
 * it over the target. rename is atomic within one file system, which is why the temp file
 * must not live in /tmp (another file system would make rename fail or copy).
 *
 *     .tasks/.3.json.4711.k2x9.tmp   write → fsync → rename ─┐
 *     .tasks/3.json                  old content ············ └─▶ new content
 *
 * A writer killed mid-write leaves a stray temp file. Its name starts with "." and ends with
 * ".tmp", so a listing of `*.json` state never mistakes it for state (`isAtomicTempFile`).
 *
 * What the harness writes is scrubbed of known secrets on the way (secrets.ts): a saved tool
 * output, a memory, a transcript never holds the API key, whatever a tool printed. (The
 * JSON writers scrub the value's strings instead, json-file.ts; a tool that edits the user's
 * own files — write_file, edit_file — does not come here: those files are the user's.)
 */
import { randomBytes } from "node:crypto";
import { mkdir, open, rename, rm, type FileHandle } from "node:fs/promises";
import path from "node:path";
import { knownSecrets, scrubberFor, scrubSecrets } from "../secrets.ts";

/** The temp file beside `file`: unique per process and per call, so two writers never share one. */
function tempPathFor(file: string): string {
  const unique = `${process.pid}.${randomBytes(6).toString("hex")}`;
  return path.join(path.dirname(file), `.${path.basename(file)}.${unique}.tmp`);
}

/** True for a leftover temp file of `writeFileAtomic` (a writer died before its rename). */
export function isAtomicTempFile(name: string): boolean {
  return /^\..+\.\d+\.[0-9a-f]{12}\.tmp$/.test(path.basename(name));
}

/**
 * Flush a folder's entry list, so the rename itself survives a power loss. Not every
 * platform can open a folder for fsync (Windows cannot); there the rename is as durable as
 * the file system makes it, and we go on.
 */
async function syncFolder(folder: string): Promise<void> {
  let handle: FileHandle | undefined;
  try {
    handle = await open(folder, "r");
    await handle.sync();
  } catch (err) {
    const code = (err as NodeJS.ErrnoException).code;
    if (code !== "EISDIR" && code !== "EPERM" && code !== "EINVAL" && code !== "EBADF") throw err;
  } finally {
    await handle?.close();
  }
}

/** Replace `file` with `data` atomically and durably, creating its parent folders; secrets scrubbed. */
export async function writeFileAtomic(file: string, data: string | Uint8Array): Promise<void> {
  await replaceFile(file, typeof data === "string" ? scrubSecrets(data) : scrubBytes(data));
}

/**
 * Bytes scrubbed as bytes: in a latin1 view every byte is one character, so the secrets'
 * UTF-8 bytes are found and replaced without decoding (binary data stays as it was).
 */
function scrubBytes(data: Uint8Array): Uint8Array {
  const view = Buffer.from(data).toString("latin1");
  const scrubbed = scrubberFor(knownSecrets().map((s) => Buffer.from(s).toString("latin1")))(view);
  return scrubbed === view ? data : Buffer.from(scrubbed, "latin1");
}

/** `writeFileAtomic` without the scrubbing, for a writer that scrubbed already (JSON, by its strings). */
export async function replaceFile(file: string, data: string | Uint8Array): Promise<void> {
  const folder = path.dirname(path.resolve(file));
  await mkdir(folder, { recursive: true });
  const temp = tempPathFor(path.resolve(file));
  try {
    // "wx": fail rather than write into a file that already exists under our unique name.
    const handle = await open(temp, "wx");
    try {
      await handle.writeFile(data);
      await handle.sync(); // the bytes are on disk before the name points at them
    } finally {
      await handle.close();
    }
    await rename(temp, file);
  } catch (err) {
    await rm(temp, { force: true }); // a failed write leaves nothing behind
    throw err;
  }
  await syncFolder(folder);
}
