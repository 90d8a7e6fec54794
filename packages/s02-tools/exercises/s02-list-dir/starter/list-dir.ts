/**
 * list_dir: list a folder's entries, one a line, with a `/` after each subfolder. YOUR tool.
 * Read README.md, "Exercises" (1), and src/files/glob.ts — a tool of the same shape.
 *
 * Then add it to the list in file-tools.ts beside this file (the loop does not change: that is the
 * point of a dispatch table). Check your work: pnpm exercise check s02-list-dir
 */
import { defineTool } from "@learn/core";
import { z } from "zod";

const ListDirInput = z.object({
  path: z.string().optional().describe("The folder to list, relative to the workspace. Default: the workspace."),
});

export const listDirTool = defineTool({
  name: "list_dir",
  description: "List a folder's entries, one a line, sorted; a subfolder ends with /.",
  input: ListDirInput,
  // TODO: may it run beside other calls, as glob does (concurrencySafe)?
  async run({ path = "." }, ctx) {
    // TODO: resolve `path` inside the workspace (resolveInWorkspace from @learn/core/harness
    // refuses `../`), read the folder's entries, and return them one a line.
    void ctx;
    throw new Error(`list_dir is not written yet (path: ${path})`);
  },
});
