/**
 * `pnpm bench`: run every benchmark script in this folder, one after another, and print
 * their figures. (workspace-times.sh is separate: it clones and installs, which takes minutes.)
 */
import { spawn } from "node:child_process";
import { readdir } from "node:fs/promises";
import path from "node:path";
import { fileURLToPath } from "node:url";

const here = path.dirname(fileURLToPath(import.meta.url));
const skip = new Set(["run-all.ts", "lib.ts"]);
const benches = (await readdir(here)).filter((f) => f.endsWith(".ts") && !skip.has(f)).sort();

for (const file of benches) {
  console.log(`\n# ${file}`);
  const code = await new Promise<number | null>((resolve) => {
    const child = spawn("node", ["--import", "tsx", path.join(here, file)], { stdio: "inherit", cwd: here });
    child.on("close", resolve);
  });
  if (code !== 0) {
    console.error(`${file} failed (exit ${code})`);
    process.exitCode = 1;
  }
}
