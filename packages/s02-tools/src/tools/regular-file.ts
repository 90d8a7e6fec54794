/**
 * Regular files only. A named pipe (FIFO) makes a reader wait for a writer, and a writer wait
 * for a reader, and a device can be endless: a tool that opens one can hang, and no Ctrl-C
 * ends a read that is stuck inside the kernel. So the file tools open with O_NONBLOCK (a FIFO
 * then opens at once instead of waiting), and check what they opened with `fstat` on the
 * handle — the handle, not the name, because a FIFO swapped in after a `stat` would still
 * pass a check by name. Anything but a regular file is closed again and refused.
 */
import { constants, type Stats } from "node:fs";
import { open, type FileHandle } from "node:fs/promises";
import { ToolError } from "@learn/core";
import { stopIfCancelled } from "./cancel.ts";

const { O_CREAT, O_NONBLOCK, O_RDONLY, O_WRONLY } = constants;

type Access = "read" | "write";

/** What a path is, when it is not a regular file, in words the model can act on. */
export function kindOf(info: Stats): string {
  if (info.isDirectory()) return "a directory";
  if (info.isFIFO()) return "a named pipe (FIFO)";
  if (info.isSocket()) return "a socket";
  if (info.isCharacterDevice() || info.isBlockDevice()) return "a device";
  return "not a regular file";
}

function refusal(shown: string, kind: string, access: Access): ToolError {
  if (kind === "a directory") {
    return new ToolError(
      access === "read" ? `${shown} is a directory, not a file (glob lists what is in it)` : `${shown} is a directory; give the path of a file`,
    );
  }
  return new ToolError(`${shown} is ${kind}, not a regular file: the file tools only ${access} regular files (use bash for anything else)`);
}

function openError(err: unknown, shown: string, access: Access): unknown {
  switch ((err as NodeJS.ErrnoException).code) {
    case "ENOENT":
    case "ENOTDIR":
      return new ToolError(`File not found: ${shown}`);
    case "EISDIR":
      return refusal(shown, "a directory", access);
    case "ENXIO": // a socket, or a FIFO opened for writing with no reader
      return refusal(shown, "a socket or a named pipe (FIFO)", access);
    default:
      return err;
  }
}

/**
 * Open `absolute` for reading, or for writing (created if missing, not yet truncated), and
 * make sure it is a regular file. `shown` is the path as the model wrote it, for errors.
 */
export async function openRegularFile(absolute: string, shown: string, access: Access): Promise<FileHandle> {
  const flags = (access === "read" ? O_RDONLY : O_WRONLY | O_CREAT) | O_NONBLOCK;
  const handle = await open(absolute, flags, 0o666).catch((err: unknown) => {
    throw openError(err, shown, access);
  });
  try {
    const info = await handle.stat();
    if (!info.isFile()) throw refusal(shown, kindOf(info), access);
    return handle;
  } catch (err) {
    await handle.close();
    throw err;
  }
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
