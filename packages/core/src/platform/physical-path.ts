/**
 * The path the kernel opens. `path.resolve("docs/up/../.env")` says `docs/.env`: it drops
 * `up/..` as text. The kernel walks one name at a time and follows a symlink the moment it meets
 * one, so with `docs/up -> ..` it goes docs → up (the workspace) → .. (the folder above it):
 * `../.env`. A check that reads the text and a program that asks the kernel disagree, and the
 * secret is on the kernel's side. So judge the kernel's answer:
 *
 *   docs/up/../.env     docs  →  up = /ws  →  ..  →  /  →  .env        = /.env (outside)
 *
 * Rules of the walk:
 * - a symlink is replaced by its target where it is met (an absolute target restarts at /);
 * - a name that does not exist (yet) cannot be a link: it and the rest are taken as written —
 *   unless a `..` follows it: by the time the command gets there it may be a link
 *   (`ln -s .. x && cat x/../.env`), so that cannot be told (code EUNDECIDED);
 * - 40 links at most, as Linux's own limit: past it the kernel says ELOOP, and so do we;
 * - links inside /proc (`/proc/self`, `/proc/<pid>/cwd`) lead where the process that opens
 *   them is, not where we are: the walk stops there and keeps the rest as written, for the
 *   caller to recognise (`/proc/self/cwd/../.env` stays that).
 */
import { readlinkSync } from "node:fs";
import path from "node:path";

/** Linux's MAXSYMLINKS: a loop of links fails here as it fails in the kernel. */
const MAX_LINKS = 40;

export function physicalPath(cwd: string, target: string): string {
  // A relative target is walked from the working folder, found first the same way (it may be a link).
  let at = path.isAbsolute(target) ? "/" : physicalPath("/", path.resolve(cwd));
  let todo = target.split("/");
  let links = 0;
  while (todo.length > 0) {
    const name = todo.shift()!;
    if (name === "" || name === ".") continue;
    if (name === "..") {
      at = path.dirname(at); // `at` holds no links, so its parent is the real parent
      continue;
    }
    const next = path.join(at, name);
    const link = readLinkOf(next);
    if (link === undefined) {
      at = next;
      continue;
    }
    if (link === MISSING) return missingTail(next, todo, target);
    if (at === "/proc" || at.startsWith("/proc/")) return [next, ...todo].join("/"); // another process's link
    if (++links > MAX_LINKS) throw Object.assign(new Error(`too many levels of symbolic links: ${target}`), { code: "ELOOP" });
    if (path.isAbsolute(link)) at = "/";
    todo = [...link.split("/"), ...todo];
  }
  return at;
}

const MISSING = Symbol("missing");

/** The rest of a path below a name that does not exist: as written, if no `..` climbs back through it. */
function missingTail(missing: string, rest: string[], target: string): string {
  if (rest.includes("..")) throw Object.assign(new Error(`${missing} does not exist yet, and what \`..\` after it means depends on what it will be: ${target}`), { code: "EUNDECIDED" });
  return path.join(missing, ...rest);
}

/** A link's target; undefined for a file or folder; MISSING when nothing is there. */
function readLinkOf(p: string): string | typeof MISSING | undefined {
  try {
    return readlinkSync(p);
  } catch (err) {
    const code = (err as NodeJS.ErrnoException).code;
    if (code === "EINVAL") return undefined; // exists, not a link
    if (code === "ENOENT" || code === "ENOTDIR") return MISSING; // the kernel would fail here too
    throw err; // EACCES and the like: we cannot tell where it leads
  }
}
