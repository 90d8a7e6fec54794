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
 * matched twice — as written, and where the kernel will really open it, symlinks followed one
 * name at a time (so `up/..` is the parent of where `up` leads; a dangling link leads to the
 * file writing through it would create). Either one hitting a
 * deny rule denies; an allow rule must approve both.
 */
import { homedir } from "node:os";
import path from "node:path";
import ignore from "ignore";
import { isInside, physicalPath } from "@learn/core/harness";

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

/**
 * Where a tool's path really leads, relative to the workspace's real path: "" for the
 * workspace itself, undefined when it leads outside (or through a loop of links).
 */
export function realWorkspacePath(cwd: string, userPath: string): string | undefined {
  return realPlaces(cwd, userPath).inWorkspace;
}

/**
 * Where a path leads when the kernel opens it (physicalPath: `link/..` is the link's parent),
 * both ways at once: relative to the workspace's real path as realWorkspacePath says it, and
 * absolute, for files matched wherever they are (the key's .env). Both undefined when it
 * cannot be told (a loop of links): `undecidable` says why.
 */
export function realPlaces(cwd: string, userPath: string, base = cwd): { inWorkspace: string | undefined; absolute: string | undefined; undecidable?: string } {
  const root = physicalOrWhy(cwd, ".");
  const real = physicalOrWhy(base, userPath);
  if (typeof real !== "string") return real.why === undefined ? { inWorkspace: undefined, absolute: undefined } : { inWorkspace: undefined, absolute: undefined, undecidable: real.why };
  if (typeof root !== "string" || !isInside(root, real)) return { inWorkspace: undefined, absolute: real };
  return { inWorkspace: path.relative(root, real).split(path.sep).join("/"), absolute: real };
}

/**
 * physicalPath, or why it cannot be told (a loop of links, `..` after a name not there yet, a folder we may not read). A path no
 * kernel opens (a null byte in it) leads nowhere: `{}`, as for a file outside.
 */
function physicalOrWhy(cwd: string, target: string): string | { why?: string } {
  try {
    return physicalPath(cwd, target);
  } catch (err) {
    const code = (err as NodeJS.ErrnoException).code;
    if (code === "ELOOP") return { why: `${target} goes through more than 40 symlinks (a loop)` };
    if (code === "EUNDECIDED") return { why: `${target} climbs back (..) through a name that does not exist yet: it may be a link by then` };
    return code === "EACCES" || code === "EPERM" ? { why: `where ${target} leads cannot be read (${code})` } : {};
  }
}
