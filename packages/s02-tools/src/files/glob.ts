/** glob: find files by name pattern. The model's `find`, without leaving the workspace. */
import { defineTool, ToolError } from "@learn/core";
import { displayPath } from "@learn/core/harness";
import { z } from "zod";
import { findFiles, resolveSearchRoot } from "./find-files.ts";

export const MAX_GLOB_PATHS = 200;

const GlobInput = z.object({
  pattern: z.string().min(1).describe('A glob pattern such as "**/*.js" or "src/*.{js,ts}".'),
  path: z.string().optional().describe("The folder to match the pattern in, relative to the workspace. Default: the workspace."),
});

export const globTool = defineTool({
  name: "glob",
  description:
    `Find files whose path matches a glob pattern. Returns at most ${MAX_GLOB_PATHS} paths, relative to the ` +
    "workspace and sorted; node_modules and .git are skipped.",
  input: GlobInput,
  concurrencySafe: true,
  async run({ pattern, path = "." }, ctx) {
    const root = await resolveSearchRoot(ctx, path);
    if (root.isFile) throw new ToolError(`${path} is a file, not a folder`);
    const files = await findFiles(ctx, root.absolute, pattern);
    if (files.length === 0) return `No files match ${pattern}`;
    const shown = files.slice(0, MAX_GLOB_PATHS).map((file) => displayPath(ctx.cwd, file));
    const more = files.length - shown.length;
    return shown.join("\n") + (more > 0 ? `\n... (${more} more paths: narrow the pattern)` : "");
  },
});
