/**
 * Workspace path safety. Every file tool resolves the model's path through here.
 *
 * Two checks, because one is not enough: the *lexical* path must stay inside the workspace
 * (catches `..` and absolute paths), and so must the path the kernel opens, symlinks followed
 * one name at a time (physical-path.ts: catches a link that points outside, and `link/..`).
 */
import path from "node:path";
import { physicalPath } from "./physical-path.ts";

export class PathError extends Error {
  override name = "PathError";
}

/**
 * True when `target` is `root` or inside it. `/work/app-old` is not inside `/work/app`, and
 * `/work/app/..notes` is: only a whole `..` segment climbs out, not a name that starts with
 * two dots.
 */
export function isInside(root: string, target: string): boolean {
  const rel = path.relative(root, target);
  const climbsOut = rel === ".." || rel.startsWith(`..${path.sep}`);
  return rel === "" || (!climbsOut && !path.isAbsolute(rel));
}

/**
 * Resolve `userPath` (relative to the workspace, or absolute inside it) to an absolute
 * path, or throw a PathError the model can act on.
 */
export async function resolveInWorkspace(workspace: string, userPath: string): Promise<string> {
  if (typeof userPath !== "string" || userPath.trim() === "") throw new PathError("path is empty");
  if (userPath.includes("\0")) throw new PathError("path contains a null byte");

  const root = path.resolve(workspace);
  const lexical = path.resolve(root, userPath);
  if (!isInside(root, lexical)) {
    throw new PathError(`path escapes the workspace: ${userPath} (the workspace is ${root})`);
  }
  const realRoot = physical(root, ".", userPath);
  const real = physical(root, userPath, userPath);
  if (!isInside(realRoot, real)) {
    throw new PathError(`path resolves outside the workspace through a symlink: ${userPath} -> ${real}`);
  }
  return opened(root, realRoot, userPath, lexical);
}

/** physicalPath (physical-path.ts), its failure worded for the model. */
function physical(root: string, target: string, userPath: string): string {
  try {
    return physicalPath(root, target);
  } catch (err) {
    const code = (err as NodeJS.ErrnoException).code;
    throw new PathError(`cannot resolve ${userPath}: ${code === "ELOOP" ? "a loop of symlinks" : (err as Error).message}`);
  }
}

/**
 * The path the tool should open: the one just judged. Without a `..` the text is the kernel's
 * path. With one, `docs/up/..` is where the kernel's walk goes (`up` followed first), not
 * `docs`: so the folder comes from the walk, and only the last name is kept as written (a
 * link there stays a link, as it does for every other path).
 */
function opened(root: string, realRoot: string, userPath: string, lexical: string): string {
  if (!userPath.split(/[\\/]/).includes("..")) return lexical;
  const folder = physical(root, path.dirname(userPath), userPath);
  return path.join(root, path.relative(realRoot, folder), path.basename(userPath));
}

/** The path as the model should see it: relative to the workspace, with forward slashes. */
export function displayPath(workspace: string, absolute: string): string {
  const rel = path.relative(workspace, absolute);
  return (rel === "" ? "." : rel).split(path.sep).join("/");
}
