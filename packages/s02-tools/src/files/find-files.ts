/**
 * Finding files for glob and grep, without ever leaving the workspace. A pattern is matched
 * under a folder of the workspace; patterns that climb out (`../*`, `/etc/*`) are refused,
 * and every result is checked again after symlinks are resolved, because a pattern that
 * names a link (`link/*`) walks through it. A Ctrl-C stops the walk.
 */
import path from "node:path";
import { ToolError, type AgentContext } from "@learn/core";
import { kindOf, resolveInWorkspace } from "@learn/core/harness";
import { glob } from "tinyglobby";
import { stopIfCancelled } from "./cancel.ts";
import { statIfExists } from "./text-file.ts";

declare module "@learn/core" {
  interface AgentContext {
    /**
     * Files the agent may read, when something restricts it: s03's read guard sets it from the
     * permission rules. Searches read files they were not named, so they skip the ones it
     * refuses. Unset (as in this lesson): every file.
     */
    readable?: (absolutePath: string) => boolean;
  }
}

/** Never searched: dependencies and git's own database are huge, and never what the model means. */
export const IGNORED = ["**/node_modules/**", "**/.git/**"];

/** A `..` segment anywhere: at the start, after a slash, or inside braces (`{../x,y}`). */
const PARENT_SEGMENT = /(^|[\\/{,])\.\.([\\/},]|$)/;

export function checkPattern(pattern: string): void {
  if (path.isAbsolute(pattern) || PARENT_SEGMENT.test(pattern)) {
    throw new ToolError(`pattern escapes the workspace: ${pattern} (write it relative to the workspace, or to \`path\`)`);
  }
}

/** A name that starts with `..` (`..*`, `..foo`): at the start, after a slash, or inside braces. */
const DOTDOT_NAME = /(^|[\\/{,])\.\.(?=[^\\/},])/g;

/**
 * The same pattern, with every name that starts with `..` written `.[.]…`. Both match the same
 * files, but the glob library reads a leading `..` as a step up: for "every file under a name
 * that starts with .." it crawls the folder above the workspace (all of /tmp, for a workspace
 * in /tmp) — slow, and none of its business. The results were filtered anyway; now the crawl is.
 */
export function insidePattern(pattern: string): string {
  return pattern.replace(DOTDOT_NAME, "$1.[.]");
}

/** The folder (or file) to search, resolved inside the workspace. */
export async function resolveSearchRoot(ctx: AgentContext, userPath: string): Promise<{ absolute: string; isFile: boolean }> {
  const absolute = await resolveInWorkspace(ctx.cwd, userPath);
  const info = await statIfExists(absolute);
  if (!info) throw new ToolError(`Path not found: ${userPath}`);
  if (ctx.readable && !ctx.readable(absolute)) throw new ToolError(`${userPath} is off limits: the permission rules keep it from being read`);
  if (!info.isDirectory() && !info.isFile()) {
    throw new ToolError(`${userPath} is ${kindOf(info)}: search a folder or a regular file`);
  }
  return { absolute, isFile: info.isFile() };
}

/**
 * Absolute paths of the files under `folder` that match `pattern`, sorted, all inside the
 * workspace, none that the context says may not be read.
 */
export async function findFiles(ctx: AgentContext, folder: string, pattern: string): Promise<string[]> {
  const { cwd } = ctx;
  checkPattern(pattern);
  const found = await glob(insidePattern(pattern), {
    cwd: folder,
    ignore: IGNORED,
    absolute: true,
    dot: true,
    onlyFiles: true,
    followSymbolicLinks: false, // the crawl does not wander through links...
    expandDirectories: false, // ...and "src" means the name src, not everything in it
    signal: ctx.signal, // a cancelled crawl ends early, with what it found so far...
  });
  stopIfCancelled(ctx.signal, "the search was stopped before it finished listing files"); // ...so say so
  // ...but a link the pattern names outright is followed: keep what really is inside.
  const inside = await Promise.all(found.map((file) => resolveInWorkspace(cwd, file).then(() => true, () => false)));
  return found.filter((file, i) => inside[i] && (ctx.readable?.(file) ?? true)).sort();
}
