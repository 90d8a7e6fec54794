// `pnpm reset`: practice-workspace/ as after a fresh clone — for what the harness and its
// agents wrote. Your own work there is listed and kept unless you ask (`--all`).
//
// How it tells the agent's work from yours: every tool call in the real practice workspace
// notes, in a ledger beside it (.practice-workspace-ledger.json, packages/core/src/platform/workspace-ledger/),
// the hash of each file it changed. A file that still holds what the agent left is the
// agent's; one edited since, or never touched by an agent, is yours:
//
//   the lessons' own state (.tasks/, .team/, …)        deleted
//   a template file as the agent left it               reverted
//   a new file as the agent left it                    deleted
//   a template file that was deleted                   restored
//   node_modules/ (installed packages)                 deleted: `npm install` makes them again
//   your edits to template files, your own new files   kept and listed (--all reverts or deletes them)
//
// Plain Node with no imports but Node's own, so it runs before `pnpm install` and from a copy
// (its test runs a copy in a temporary repository laid out like this one).
import { spawnSync } from "node:child_process";
import { createHash } from "node:crypto";
import { closeSync, constants, fstatSync, lstatSync, openSync, readdirSync, readFileSync, rmdirSync, rmSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const WORKSPACE = "practice-workspace";
const workspace = path.join(root, WORKSPACE);
const LEDGER_FILE = ".practice-workspace-ledger.json";
const ledgerFile = path.join(root, LEDGER_FILE);

// The same list as HARNESS_STATE in packages/core/src/platform/workspace-ledger/harness-state.ts (a core test checks).
const HARNESS_STATE = [".tasks/", ".runtime-tasks/", ".memory/", ".team/", ".transcripts/", ".sessions/", ".task_outputs/", ".worktrees/", ".workflows/", ".claude/tool-log.jsonl", ".claude/scheduled_tasks.json"];
// Installed packages: any number of files, and `npm install` makes them again.
const REINSTALLABLE = "node_modules";

const FLAGS = {
  "--dry-run": "print what would be deleted, reverted, restored and kept; change nothing",
  "--all": "also revert your edits to template files and delete your own files: everything as after a fresh clone",
  "--help": "print this help",
};
const USAGE = `Usage: pnpm reset [${Object.keys(FLAGS).join("] [")}]

Puts ${WORKSPACE}/ back as after a fresh clone, for what the harness and its agents wrote:
their state deleted, the agent's edits reverted, the files it made deleted, deleted template
files restored. Your own edits and files are listed and kept.

${Object.entries(FLAGS)
  .map(([flag, what]) => `  ${flag.padEnd(10)} ${what}`)
  .join("\n")}`;

function parseArgs(args) {
  const unknown = args.filter((arg) => !Object.hasOwn(FLAGS, arg));
  if (unknown.length > 0) {
    console.error(`pnpm reset: unknown ${unknown.length === 1 ? "option" : "options"} ${unknown.join(", ")}. Known: ${Object.keys(FLAGS).join(", ")}.`);
    process.exit(2);
  }
  return { all: args.includes("--all"), dryRun: args.includes("--dry-run"), help: args.includes("--help") };
}

/** git's stdout in the repository; a failure ends the reset with git's own words. */
function git(...args) {
  const run = spawnSync("git", args, { cwd: root, encoding: "utf8", maxBuffer: 256 * 1024 * 1024 });
  if (run.error || run.status !== 0) {
    const why = run.error ? run.error.message : run.stderr.trim();
    console.error(`pnpm reset needs git and this repository's history (git ${args[0]} failed: ${why}). Nothing was changed.`);
    process.exit(1);
  }
  return run.stdout;
}

/** Workspace-relative paths ("shop/src/cart.js") from git's NUL-separated list of repo paths. */
const fromGit = (text) => text.split("\0").filter(Boolean).map((p) => path.posix.relative(WORKSPACE, p));

/** The ledger: { files, notes } when it can be read, else why it cannot ({ unusable }). */
function readLedger() {
  let text;
  try {
    text = readFileSync(ledgerFile, "utf8");
  } catch (err) {
    if (err.code === "ENOENT") return { files: {}, notes: [], missing: true };
    return { unusable: `${LEDGER_FILE} cannot be read: ${err.message}` };
  }
  try {
    const ledger = JSON.parse(text);
    if (ledger?.version !== 1 || typeof ledger.files !== "object" || ledger.files === null) throw new Error("not a version 1 ledger");
    return { files: ledger.files, notes: Array.isArray(ledger.notes) ? ledger.notes : [] };
  } catch (err) {
    return { unusable: `${LEDGER_FILE} is damaged: ${err.message}` };
  }
}

/** sha256 of a regular file's bytes; undefined for anything else (a link, a pipe: never opened as a file). */
function hashOf(rel) {
  let fd;
  try {
    fd = openSync(path.join(workspace, rel), constants.O_RDONLY | constants.O_NONBLOCK | (constants.O_NOFOLLOW ?? 0));
    if (!fstatSync(fd).isFile()) return undefined;
    return createHash("sha256").update(readFileSync(fd)).digest("hex");
  } catch {
    return undefined;
  } finally {
    if (fd !== undefined) closeSync(fd);
  }
}

/** A state path itself ("folders/" with or without their slash); what is inside one is never listed. */
const isState = (rel) => HARNESS_STATE.some((s) => rel === s || rel === s.replace(/\/$/, ""));

/**
 * Everything in the workspace that is not a template file: state folders, node_modules and
 * nested .git folders as one entry each ("x/", never walked into), every other file one by one.
 */
function untrackedPaths(templates) {
  const found = [];
  const walk = (rel) => {
    for (const entry of readdirSync(path.join(workspace, rel), { withFileTypes: true })) {
      const child = rel ? `${rel}/${entry.name}` : entry.name;
      const whole = isState(child) || entry.name === REINSTALLABLE || entry.name === ".git";
      if (whole) found.push(entry.isDirectory() ? `${child}/` : child);
      else if (entry.isDirectory()) walk(child);
      else if (!templates.has(child)) found.push(child);
    }
  };
  walk("");
  return found;
}

/** What reset would do: each path in one group. */
function plan(all) {
  const templates = new Set(fromGit(git("ls-files", "-z", "--", WORKSPACE)));
  const deleted = fromGit(git("diff", "--name-only", "-z", "--diff-filter=D", "--", WORKSPACE));
  const edited = fromGit(git("diff", "--name-only", "-z", "--diff-filter=d", "--", WORKSPACE));
  const ledger = readLedger();
  const agentLeft = (rel) => {
    const entry = ledger.files && Object.hasOwn(ledger.files, rel) ? ledger.files[rel] : undefined;
    return typeof entry?.sha256 === "string" && entry.sha256 === hashOf(rel);
  };
  const groups = { state: [], packages: [], reverted: [], made: [], restored: deleted, yourEdits: [], yourFiles: [] };
  for (const rel of edited) (agentLeft(rel) ? groups.reverted : groups.yourEdits).push(rel);
  for (const rel of untrackedPaths(templates)) {
    if (isState(rel)) groups.state.push(rel);
    else if (path.posix.basename(rel) === REINSTALLABLE) groups.packages.push(rel);
    else (agentLeft(rel) ? groups.made : groups.yourFiles).push(rel);
  }
  return { groups, ledger, all, templates: [...templates] };
}

/** Show a folder whose every file is in `names` as one line ("x/ (3 files)"): the list stays short and exact. */
function collapse(names, everything) {
  const inGroup = new Set(names);
  const shown = new Map();
  for (const name of names) {
    let top = name;
    const parts = name.split("/");
    for (let i = 1; i < parts.length; i++) {
      const folder = `${parts.slice(0, i).join("/")}/`;
      if (everything.every((other) => !other.startsWith(folder) || inGroup.has(other))) {
        top = folder;
        break;
      }
    }
    const group = shown.get(top) ?? [];
    shown.set(top, [...group, name]);
  }
  // A folder stands for its files only when there are several: one file is named itself.
  return [...shown].flatMap(([top, files]) => (files.length > 1 ? [`${top} (${files.length} files)`] : files));
}

function report({ groups, ledger, all, templates }, dryRun) {
  const everything = [...Object.values(groups).flat(), ...templates];
  const say = (done, would, names, label = (n) => n) => {
    if (names.length === 0) return;
    console.log(`${dryRun ? would : done}\n${collapse(names, everything).map((n) => `  ${label(n)}`).join("\n")}`);
  };
  // Yours, though an agent wrote it first: you changed it after, so it is kept as yours.
  const wroteFirst = (n) => (ledger.files && Object.hasOwn(ledger.files, n) ? `${n} (an agent wrote it; you changed it since)` : n);
  say("Deleted (the lessons' own state):", "Would delete (the lessons' own state):", groups.state);
  say("Deleted (installed packages; `npm install` makes them again):", "Would delete (installed packages; `npm install` makes them again):", groups.packages);
  say("Reverted (template files as the agent left them):", "Would revert (template files as the agent left them):", groups.reverted);
  say("Deleted (files the agent made):", "Would delete (files the agent made):", groups.made);
  say("Restored (template files that were deleted):", "Would restore (template files that were deleted):", groups.restored);
  const kept = groups.yourEdits.length + groups.yourFiles.length;
  if (all) {
    say("Reverted (your edits to template files, --all):", "Would revert (your edits to template files, --all):", groups.yourEdits);
    say("Deleted (your own files, --all):", "Would delete (your own files, --all):", groups.yourFiles);
  } else {
    say("Kept (your edits to template files; `pnpm reset --all` reverts them):", "Would keep (your edits to template files; `pnpm reset --all` reverts them):", groups.yourEdits, wroteFirst);
    say("Kept (files you made; `pnpm reset --all` deletes them):", "Would keep (files you made; `pnpm reset --all` deletes them):", groups.yourFiles, wroteFirst);
    if (kept > 0) whyKept(ledger);
  }
  if (Object.values(groups).every((names) => names.length === 0)) console.log(`Nothing to do: ${WORKSPACE}/ is as after a fresh clone.`);
  else if (dryRun) console.log("Dry run: nothing was changed.");
  else console.log(`${WORKSPACE}/ is back to its template${!all && kept > 0 ? `, but for the ${kept} kept above` : ""}.`);
}

/** When the ledger cannot vouch for "yours", say so: the kept list may hold the agent's work too. */
function whyKept(ledger) {
  if (ledger.unusable) console.log(`(${ledger.unusable}. So none of the above can be told apart from the agent's work, and all of it is kept.)`);
  else if (ledger.missing) console.log(`(No agent has written here since the last reset — ${LEDGER_FILE}, the list of what agents wrote, is empty — so all of the above counts as yours.)`);
  for (const note of ledger.notes ?? []) console.log(`(${note})`);
}

function apply({ groups, ledger, all }) {
  const removed = [...groups.state, ...groups.packages, ...groups.made, ...(all ? groups.yourFiles : [])];
  for (const rel of removed) rmSync(path.join(workspace, rel), { recursive: true, force: true });
  const checkout = [...groups.reverted, ...groups.restored, ...(all ? groups.yourEdits : [])];
  if (checkout.length > 0) git("checkout", "--", ...checkout.map((rel) => `${WORKSPACE}/${rel}`));
  pruneEmptyFolders(removed);
  // Every file the ledger named is now reverted, deleted, or yours: start it afresh. A damaged one
  // stays (it explains the kept list next time) unless everything was reset.
  if (!ledger.unusable || all) rmSync(ledgerFile, { force: true });
}

/** Folders left empty by what was removed (the agent's `notes/` once its files are gone), up to the workspace. */
function pruneEmptyFolders(removed) {
  const folders = new Set(removed.map((rel) => path.posix.dirname(rel)).filter((dir) => dir !== "."));
  const deepestFirst = [...folders].sort((a, b) => b.split("/").length - a.split("/").length);
  for (let dir of deepestFirst) {
    while (dir !== ".") {
      try {
        rmdirSync(path.join(workspace, dir)); // only ever an empty folder
      } catch {
        break;
      }
      dir = path.posix.dirname(dir);
    }
  }
}

const options = parseArgs(process.argv.slice(2));
if (options.help) {
  console.log(USAGE);
} else {
  if (!lstatSync(workspace, { throwIfNoEntry: false })?.isDirectory()) {
    console.error(`pnpm reset: there is no ${WORKSPACE}/ folder in ${root}. Nothing was changed.`);
    process.exit(1);
  }
  const planned = plan(options.all);
  if (!options.dryRun) apply(planned);
  report(planned, options.dryRun);
}
