// `pnpm reset`: put practice-workspace/ back to its template — delete what the agent
// created (untracked and ignored files) and restore template files it changed.
import { spawn } from "node:child_process";
import path from "node:path";
import { fileURLToPath } from "node:url";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const workspace = "practice-workspace";

function git(...args) {
  return new Promise((resolve, reject) => {
    const child = spawn("git", args, { cwd: root, stdio: "inherit" });
    child.on("error", reject);
    child.on("close", (code) => (code === 0 ? resolve() : reject(new Error(`git ${args.join(" ")} exited ${code}`))));
  });
}

await git("clean", "-fdx", "--", workspace);
await git("checkout", "--", workspace);
console.log(`${workspace}/ is back to its template.`);
