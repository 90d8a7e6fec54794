// `pnpm reset`: put practice-workspace/ back to its template. It deletes what the agent
// created (untracked and ignored files) and restores template files that were deleted, and
// says which. Template files that were *edited* are kept — some exercises have you edit one
// (.claude/settings.json) — unless you ask for everything: `pnpm reset --all`.
import { spawn } from "node:child_process";
import path from "node:path";
import { fileURLToPath } from "node:url";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const workspace = "practice-workspace";
const all = process.argv.includes("--all");

function git(...args) {
  return new Promise((resolve, reject) => {
    const child = spawn("git", args, { cwd: root, stdio: ["ignore", "pipe", "inherit"] });
    let out = "";
    child.stdout.on("data", (chunk) => (out += chunk));
    child.on("error", reject);
    child.on("close", (code) => (code === 0 ? resolve(out) : reject(new Error(`git ${args.join(" ")} exited ${code}`))));
  });
}

const lines = (text) => text.split("\n").filter(Boolean);
const list = (title, names) => names.length > 0 && console.log(`${title}\n${names.map((n) => `  ${n}`).join("\n")}`);

// What the agent made: `git clean -n` says what it would remove, then we remove it.
const created = lines(await git("clean", "-ndx", "--", workspace)).map((l) => l.replace(/^Would remove /, ""));
await git("clean", "-fdx", "--", workspace);
const deleted = lines(await git("diff", "--name-only", "--diff-filter=D", "--", workspace));
const edited = lines(await git("diff", "--name-only", "--diff-filter=d", "--", workspace));
if (deleted.length) await git("checkout", "--", ...deleted);
if (all && edited.length) await git("checkout", "--", ...edited);

list("Deleted (made in the workspace):", created);
list("Restored (template files that were deleted):", deleted);
if (all) list("Reverted (template files that were edited):", edited);
else list("Kept your edits to these template files (`pnpm reset --all` reverts them too):", edited);
console.log(`${workspace}/ is back to its template${!all && edited.length ? ", but for the edits kept above" : ""}.`);
