/**
 * list_dir: list a folder's entries, one a line, with a `/` after each subfolder.
 * The same shape as glob: a zod input, a path resolved inside the workspace, text back.
 */
import { readdir } from "node:fs/promises";
import { defineTool, ToolError } from "@learn/core";
import { resolveInWorkspace } from "@learn/core/harness";
import { z } from "zod";

const ListDirInput = z.object({
  path: z.string().optional().describe("The folder to list, relative to the workspace. Default: the workspace."),
});

export const listDirTool = defineTool({
  name: "list_dir",
  description: "List a folder's entries, one a line, sorted; a subfolder ends with /.",
  input: ListDirInput,
  concurrencySafe: true, // it only reads: it may run beside other reads
  async run({ path = "." }, ctx) {
    const folder = await resolveInWorkspace(ctx.cwd, path); // throws on ../ and symlinks out
    const entries = await readdir(folder, { withFileTypes: true }).catch((err: NodeJS.ErrnoException) => {
      throw new ToolError(err.code === "ENOTDIR" ? `${path} is a file, not a folder` : `cannot list ${path}: ${err.code ?? err.message}`);
    });
    const names = entries.map((entry) => (entry.isDirectory() ? `${entry.name}/` : entry.name)).sort();
    return names.length === 0 ? `${path} is empty` : names.join("\n");
  },
});
