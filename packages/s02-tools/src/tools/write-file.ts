/** write_file: create or overwrite a whole file. Parent folders are created as needed. */
import { mkdir, writeFile } from "node:fs/promises";
import path from "node:path";
import { defineTool, displayPath, resolveInWorkspace, ToolError } from "@learn/core";
import { z } from "zod";
import { statIfExists } from "./text-file.ts";

const WriteFileInput = z.object({
  path: z.string().describe("The file to write, relative to the workspace."),
  content: z.string().describe("The whole new content of the file."),
});

export const writeFileTool = defineTool({
  name: "write_file",
  description:
    "Create a file, or replace a file's whole content, in the workspace; parent folders are created. " +
    "To change part of an existing file, use edit_file instead.",
  input: WriteFileInput,
  concurrencySafe: false,
  mutating: true,
  policySubject: ({ path }) => ({ writes: [path] }),
  claudeCode: { name: "Write", fields: { path: "file_path" } },
  async run({ path: userPath, content }, ctx) {
    const absolute = await resolveInWorkspace(ctx.cwd, userPath);
    const shown = displayPath(ctx.cwd, absolute);
    if ((await statIfExists(absolute))?.isDirectory()) throw new ToolError(`${shown} is a directory; give the path of a file`);
    await mkdir(path.dirname(absolute), { recursive: true });
    await writeFile(absolute, content);
    return `Wrote ${Buffer.byteLength(content)} bytes to ${shown}`;
  },
});
