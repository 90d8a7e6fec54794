/**
 * write_file: create or overwrite a whole file. Parent folders are created as needed. Only
 * a regular file is written: a folder, a named pipe or a device is refused (see
 * regular-file.ts), and so is a path that names a folder by its form, like `notes/`.
 */
import { mkdir } from "node:fs/promises";
import path from "node:path";
import { defineTool, ToolError } from "@learn/core";
import { displayPath, resolveInWorkspace } from "@learn/core/harness";
import { z } from "zod";
import { writeRegularFile } from "./regular-file.ts";

const WriteFileInput = z.object({
  path: z.string().describe("The file to write, relative to the workspace."),
  content: z.string().describe("The whole new content of the file."),
});

/**
 * `notes/`, `notes/.` and `notes/..` name folders. Resolving the path would drop that tail
 * and quietly write a file called `notes`, which is not what the model asked for. (A
 * trailing backslash counts too: models sometimes write Windows-style paths.)
 */
function namesAFolder(userPath: string): boolean {
  const last = userPath.split(/[/\\]/).at(-1);
  return last === "" || last === "." || last === "..";
}

export const writeFileTool = defineTool({
  name: "write_file",
  description:
    "Create a file, or replace a file's whole content, in the workspace; parent folders are created. " +
    "To change part of an existing file, use edit_file instead.",
  input: WriteFileInput,
  concurrencySafe: false,
  async run({ path: userPath, content }, ctx) {
    if (userPath !== "" && namesAFolder(userPath)) {
      throw new ToolError(`${userPath} names a directory, not a file; give the path of a file (no trailing "/")`);
    }
    const absolute = await resolveInWorkspace(ctx.cwd, userPath);
    const shown = displayPath(ctx.cwd, absolute);
    await mkdir(path.dirname(absolute), { recursive: true });
    await writeRegularFile(absolute, shown, content, ctx.signal);
    return `Wrote ${Buffer.byteLength(content)} bytes to ${shown}`;
  },
});
