/**
 * Regular files only. A named pipe (FIFO) makes a reader wait for a writer, and a writer wait
 * for a reader, and a device can be endless: a tool that opens one can hang, and no Ctrl-C
 * ends a read that is stuck inside the kernel. So the file tools open with core's
 * `openRegularFile`, the same check every file the harness reads for itself goes through:
 * O_NONBLOCK (a FIFO then opens at once instead of waiting), then `fstat` on the handle — the
 * handle, not the name, because a FIFO swapped in after a `stat` would still pass a check by
 * name. Anything but a regular file is closed again and refused; here the refusal is worded
 * for the model, as a ToolError.
 */
import { constants } from "node:fs";
import type { FileHandle } from "node:fs/promises";
import { ToolError } from "@learn/core";
import { openRegularFile as openChecked, RefusedFileError } from "@learn/core/harness";
import { stopIfCancelled } from "./cancel.ts";

const { O_CREAT, O_RDONLY, O_WRONLY } = constants;

type Access = "read" | "write";

function refusal(shown: string, kind: string, access: Access): ToolError {
  if (kind === "a directory") {
    return new ToolError(
      access === "read" ? `${shown} is a directory, not a file (glob lists what is in it)` : `${shown} is a directory; give the path of a file`,
    );
  }
  return new ToolError(`${shown} is ${kind}, not a regular file: the file tools only ${access} regular files (use bash for anything else)`);
}

function openError(err: unknown, shown: string, access: Access): unknown {
  if (err instanceof RefusedFileError) return refusal(shown, err.kind ?? "not a regular file", access);
  const code = (err as NodeJS.ErrnoException).code;
  return code === "ENOENT" || code === "ENOTDIR" ? new ToolError(`File not found: ${shown}`) : err;
}

/**
 * Open `absolute` for reading, or for writing (created if missing, not yet truncated), and
 * make sure it is a regular file. `shown` is the path as the model wrote it, for errors.
 */
export async function openRegularFile(absolute: string, shown: string, access: Access): Promise<FileHandle> {
  const flags = access === "read" ? O_RDONLY : O_WRONLY | O_CREAT;
  return openChecked(absolute, { flags, mode: 0o666, shown }).catch((err: unknown) => {
    throw openError(err, shown, access);
  });
}

/** All the bytes of a regular file. A Ctrl-C stops a big read between chunks. */
export async function readRegularFile(absolute: string, shown: string, signal: AbortSignal): Promise<Buffer> {
  stopIfCancelled(signal, `${shown} was not read`);
  const handle = await openRegularFile(absolute, shown, "read");
  try {
    return await handle.readFile({ signal });
  } catch (err) {
    stopIfCancelled(signal, `stopped reading ${shown}`);
    throw err;
  } finally {
    await handle.close();
  }
}

/**
 * Replace a regular file's content, or create it. The cancel check comes first and only
 * once: a write stopped halfway would leave half a file.
 */
export async function writeRegularFile(absolute: string, shown: string, data: string | Uint8Array, signal: AbortSignal): Promise<void> {
  stopIfCancelled(signal, `${shown} was not written`);
  const handle = await openRegularFile(absolute, shown, "write");
  try {
    await handle.truncate(0);
    await handle.writeFile(data);
  } finally {
    await handle.close();
  }
}
