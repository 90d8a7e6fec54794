/**
 * Deletions no mode and no rule may let through unasked: `rm -rf ~`, `rm -rf "$HOME"`, `rm -rf
 * ..`, `rm -rf .`, `rm -rf *`, `rmdir /etc` — the home folder, the root or a folder right under
 * it, the workspace, a folder that holds the workspace, or everything in one of those. Claude
 * Code asks for these even in bypassPermissions ("Dangerous rm operation detected"), and so does
 * the course (pipeline.ts, step 5): a person can still say yes; without a terminal it is a no.
 *
 * The refuse-list already refuses `rm -rf /` outright; a deny rule (`Bash(rm -rf *)`) comes first
 * too. This list is for what remains: no rule, an allow rule, or a mode that allows everything.
 * It reads the words as written (`~`, `$HOME`, `*` before bash expands them); after a `cd` in
 * the same line a relative `.`, `..` or `*` may be anywhere, so it counts as dangerous too.
 */
import os from "node:os";
import { dirname, resolve } from "node:path";
import type { ShellCommand } from "@learn/bash-analysis";
import { isInside } from "@learn/core/harness";

const DELETERS = new Set(["rm", "rmdir"]);
const CHANGES_DIRECTORY = new Set(["cd", "pushd", "popd"]);
/** `~`, `~/x`, `$HOME`, `${HOME}/x`: the home folder as written, before bash expands it. */
const HOME_PREFIX = /^(?:~|\$HOME|\$\{HOME\})(?=\/|$)/;
/** `$PWD`, `${PWD}/x`: the folder the command runs in. */
const PWD_PREFIX = /^(?:\$PWD|\$\{PWD\})(?=\/|$)/;
/** `~alice`, `~alice/`, `~alice/*`: another user's home folder (or everything in it). */
const OTHER_HOME = /^~[^/]+\/?(?:\.?\*)?$/;
/** The last part is `*` or `.*`: everything in the folder before it. */
const EVERYTHING_IN = /(?:^|\/)\.?\*$/;

/** CC's words and what the target is, for the first deletion of a place that must not go unasked. */
export function dangerousDeletion(commands: readonly ShellCommand[], cwd: string, home = os.homedir()): string | undefined {
  let afterCd = false;
  for (const command of commands) {
    const [program = "", ...args] = command.words;
    if (CHANGES_DIRECTORY.has(program)) afterCd = true;
    if (!DELETERS.has(program)) continue;
    for (const target of operands(args)) {
      const what = placeDeleted(target, cwd, home, afterCd);
      if (what) return `Dangerous ${program} operation detected: '${target}' would remove ${what}. It is asked in every mode, bypassPermissions included, and no rule can approve it.`;
    }
  }
  return undefined;
}

/** The words after the options (`--` ends them). */
function operands(args: readonly string[]): string[] {
  const end = args.indexOf("--");
  const options = end === -1 ? args : args.slice(0, end);
  return [...options.filter((a) => !a.startsWith("-") || a === "-"), ...(end === -1 ? [] : args.slice(end + 1))];
}

/** What this target removes, when it is one of the places above; undefined otherwise. */
function placeDeleted(target: string, cwd: string, home: string, afterCd: boolean): string | undefined {
  if (OTHER_HOME.test(target)) return `${target}, a user's home folder or all in it`;
  const expanded = target.replace(HOME_PREFIX, home).replace(PWD_PREFIX, cwd);
  if (expanded.includes("$")) return undefined; // another variable: unplaced, which other steps ask about
  const everything = EVERYTHING_IN.test(expanded);
  const folder = everything ? expanded.replace(EVERYTHING_IN, "") || (expanded.startsWith("/") ? "/" : ".") : expanded.replace(/\/+$/, "") || "/";
  if (afterCd && !folder.startsWith("/") && (everything || /^\.\.?(\/|$)/.test(folder))) return "a folder that depends on the cd before it";
  const place = resolve(cwd, folder);
  const named = nameOf(place, resolve(cwd), resolve(home));
  return named && (everything ? `everything in ${named}` : named);
}

function nameOf(place: string, workspace: string, home: string): string | undefined {
  if (place === "/" || dirname(place) === "/") return place === "/" ? "the root folder" : `${place}, a system folder`;
  if (place === workspace) return "the workspace";
  if (isInside(place, workspace)) return `${place}, which holds the workspace`;
  if (place === home) return "the home folder";
  if (isInside(place, home)) return `${place}, which holds the home folder`;
  return undefined;
}
