/**
 * `Read(...)`, `Write(...)`, `Edit(...)` specifiers: gitignore-style path patterns relative
 * to the workspace, matched with the `ignore` package (the same rules as a .gitignore file):
 *
 *   Read(*.md)        any .md file at any depth (no slash: any folder)
 *   Read(src/**)      everything under src/
 *   Read(./.env)      only the workspace's own .env (`./` anchors it at the workspace root)
 *   Edit(docs/)       the docs folder and everything in it
 *   Read(//etc/**)    an absolute path (Claude Code's `//`: the root of the file system)
 *   Read(~/.ssh/**)   a path in the home folder
 *
 * A workspace pattern matches no path outside the workspace; an absolute or home pattern
 * matches a file wherever it is (inside the workspace too, by its absolute path).
 *
 * A rule is about the file, not the name: `notes.md` may be a symlink to `.env`. So a path is
 * matched twice — as written, and where it really leads once symlinks are resolved (a
 * dangling link leads to the file writing through it would create). Either one hitting a
 * deny rule denies; an allow rule must approve both.
 */
import { readlinkSync, realpathSync } from "node:fs";
import { homedir } from "node:os";
import path from "node:path";
import ignore from "ignore";
import { isInside } from "@learn/core/harness";

/** A file as a path rule sees it: relative to the workspace (undefined outside it), and absolute. */
export interface PathPlace {
  relative: string | undefined;
  absolute: string | undefined;
}

export type PathMatcher = (place: PathPlace) => boolean;

/** Compile a path pattern; throws with a message when it cannot be one. `home`: where `~/` leads. */
export function pathPattern(specifier: string, home: string = homedir()): PathMatcher {
  const pattern = specifier.trim();
  if (pattern.startsWith("!")) throw new Error('"!" (negation) is not supported in a rule: use a deny or allow rule instead');
  const rooted = rootedPattern(pattern, home);
  if (rooted !== undefined) {
    // Matched on the absolute path, without its leading slash: gitignore patterns are relative.
    const matcher = ignore().add(rooted);
    return ({ absolute }) => absolute !== undefined && absolute !== "/" && matcher.ignores(absolute.slice(1));
  }
  // `./x` means the workspace's x, which gitignore spells `/x`.
  const anchored = pattern.startsWith("./") ? pattern.slice(1) : pattern;
  const matcher = ignore().add(anchored);
  return ({ relative }) => relative !== undefined && relative !== "" && matcher.ignores(relative);
}

/** `//etc/x` and `~/x` as a gitignore pattern anchored at the root (`/etc/x`, `/root/x`); else undefined. */
function rootedPattern(pattern: string, home: string): string | undefined {
  if (pattern.startsWith("//")) return pattern.slice(1);
  if (pattern.startsWith("~/")) return path.posix.join(home.split(path.sep).join("/"), pattern.slice(2)) + (pattern.endsWith("/") ? "/" : "");
  return undefined;
}

/**
 * A tool's path as rules see it: relative to the workspace with forward slashes, or
 * undefined when it is outside the workspace (or is the workspace itself).
 */
export function workspacePath(cwd: string, userPath: string): string | undefined {
  const root = path.resolve(cwd);
  const absolute = path.resolve(root, userPath);
  if (!isInside(root, absolute) || absolute === root) return undefined;
  return path.relative(root, absolute).split(path.sep).join("/");
}

/** Links followed before giving up: a loop of links must not hang the check. */
const MAX_LINK_HOPS = 40;

/**
 * Where a tool's path really leads, relative to the workspace's real path: "" for the
 * workspace itself, undefined when it leads outside (or through a loop of links).
 */
export function realWorkspacePath(cwd: string, userPath: string): string | undefined {
  return realPlaces(cwd, userPath).inWorkspace;
}

/**
 * Where a tool's path really leads, both ways at once (one realpath for the workspace, one
 * for the path): relative to the workspace as realWorkspacePath says it, and absolute
 * (undefined through a loop of links), for files matched wherever they are (the key's .env).
 */
export function realPlaces(cwd: string, userPath: string): { inWorkspace: string | undefined; absolute: string | undefined } {
  const root = realpathOfExisting(path.resolve(cwd));
  const real = realpathOfExisting(path.resolve(cwd, userPath));
  if (root === undefined || real === undefined || !isInside(root, real)) return { inWorkspace: undefined, absolute: real };
  return { inWorkspace: path.relative(root, real).split(path.sep).join("/"), absolute: real };
}

/**
 * realpath of the deepest part of `p` that exists, with the missing tail re-attached; a
 * dangling symlink is followed to its target. (Synchronous: the permission pipeline is a
 * plain function of the call, and this is a handful of system calls.)
 */
function realpathOfExisting(p: string, hops = 0): string | undefined {
  const tail: string[] = [];
  let current = p;
  for (;;) {
    try {
      return path.join(realpathSync(current), ...tail.reverse());
    } catch (err) {
      const code = (err as NodeJS.ErrnoException).code;
      if (code !== "ENOENT" && code !== "ENOTDIR") return undefined;
      const target = readLink(current);
      if (target !== undefined) {
        if (hops >= MAX_LINK_HOPS) return undefined;
        return realpathOfExisting(path.join(path.resolve(path.dirname(current), target), ...tail.reverse()), hops + 1);
      }
      const parent = path.dirname(current);
      if (parent === current) return p;
      tail.push(path.basename(current));
      current = parent;
    }
  }
}

function readLink(p: string): string | undefined {
  try {
    return readlinkSync(p);
  } catch {
    return undefined;
  }
}
