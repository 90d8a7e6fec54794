/**
 * Workspace path safety. Every file tool resolves the model's path through here.
 *
 * Two checks, because one is not enough: the *lexical* path must stay inside the workspace
 * (catches `..` and absolute paths), and so must the *real* path after symlinks are
 * resolved (catches a link inside the workspace that points outside it).
 */
import { readlink, realpath } from "node:fs/promises";
import path from "node:path";

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

/** Links followed before giving up: a loop of links must not hang the check. */
const MAX_LINK_HOPS = 40;

/** realpath of the deepest part of `p` that exists, with the missing tail re-attached. */
async function realpathOfExisting(p: string, hops = 0): Promise<string> {
  const tail: string[] = [];
  let current = p;
  for (;;) {
    try {
      return path.join(await realpath(current), ...tail.reverse());
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code !== "ENOENT") throw err;
      // A dangling symlink: writing through it would create its target, wherever that is.
      const target = await readlink(current).catch(() => undefined);
      if (target !== undefined) {
        if (hops >= MAX_LINK_HOPS) throw Object.assign(new Error("too many symlinks"), { code: "ELOOP" });
        return realpathOfExisting(path.join(path.resolve(path.dirname(current), target), ...tail.reverse()), hops + 1);
      }
      const parent = path.dirname(current);
      if (parent === current) return p;
      tail.push(path.basename(current));
      current = parent;
    }
  }
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
  const realRoot = await realpathOfExisting(root);
  const real = await realpathOfExisting(lexical).catch((err: NodeJS.ErrnoException) => {
    throw new PathError(`cannot resolve ${userPath}: ${err.code === "ELOOP" ? "a loop of symlinks" : err.message}`);
  });
  if (!isInside(realRoot, real)) {
    throw new PathError(`path resolves outside the workspace through a symlink: ${userPath} -> ${real}`);
  }
  return lexical;
}

/** The path as the model should see it: relative to the workspace, with forward slashes. */
export function displayPath(workspace: string, absolute: string): string {
  const rel = path.relative(workspace, absolute);
  return (rel === "" ? "." : rel).split(path.sep).join("/");
}
