/**
 * `Read(...)`, `Write(...)`, `Edit(...)` specifiers: gitignore-style path patterns relative
 * to the workspace, matched with the `ignore` package (the same rules as a .gitignore file):
 *
 *   Read(*.md)        any .md file at any depth (no slash: any folder)
 *   Read(src/**)      everything under src/
 *   Read(./.env)      only the workspace's own .env (`./` anchors it at the workspace root)
 *   Edit(docs/)       the docs folder and everything in it
 *
 * Paths outside the workspace match no rule: the file tools refuse them anyway.
 */
import path from "node:path";
import ignore from "ignore";
import { isInside } from "@learn/core";

export type PathMatcher = (relativePath: string) => boolean;

/** Compile a path pattern; throws with a message when it cannot be one. */
export function pathPattern(specifier: string): PathMatcher {
  const pattern = specifier.trim();
  if (pattern.startsWith("//") || pattern.startsWith("~")) {
    throw new Error("absolute and home paths are not supported here: write the path relative to the workspace");
  }
  if (pattern.startsWith("!")) throw new Error('"!" (negation) is not supported in a rule: use a deny or allow rule instead');
  // `./x` means the workspace's x, which gitignore spells `/x`.
  const anchored = pattern.startsWith("./") ? pattern.slice(1) : pattern;
  const matcher = ignore().add(anchored);
  return (relativePath) => matcher.ignores(relativePath);
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
