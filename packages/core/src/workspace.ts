/**
 * Where the agent works. By default the repo's `practice-workspace/`, so a student's own
 * files are never at risk; `--cwd` or LEARN_WORKDIR point it elsewhere.
 */
import { cp, mkdtemp, readFile, stat } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import ignore from "ignore";
import { repoRoot } from "./config.ts";

export class WorkspaceError extends Error {
  override name = "WorkspaceError";
}

export function practiceWorkspace(): string {
  return path.join(repoRoot(), "practice-workspace");
}

/**
 * Where the user typed the command. `pnpm --filter s01 start` runs the lesson inside its
 * package folder, so a relative path like `--trace t.jsonl` must be resolved against the
 * folder pnpm was started from (INIT_CWD), not the package's.
 */
export function userPath(p: string, env: NodeJS.ProcessEnv = process.env): string {
  return path.resolve(env.INIT_CWD ?? process.cwd(), p);
}

/**
 * The workspace to use: the flag, else LEARN_WORKDIR, else the practice workspace. A
 * missing folder is an error, not created: a typo in `--cwd` should not quietly start the
 * agent in a new empty folder.
 */
export async function resolveWorkspace(flag?: string, env: NodeJS.ProcessEnv = process.env): Promise<string> {
  const given = flag ?? env.LEARN_WORKDIR;
  const chosen = given ? userPath(given, env) : practiceWorkspace();
  const info = await stat(chosen).catch(() => undefined);
  if (!info) throw new WorkspaceError(`The workspace folder does not exist: ${chosen} (create it, or pass another --cwd)`);
  if (!info.isDirectory()) throw new WorkspaceError(`The workspace is not a folder: ${chosen}`);
  return chosen;
}

/**
 * A fresh copy of the practice workspace's template in a temporary folder: demos and tests
 * run there, so they start from the same files every time and never touch the real one.
 * Only the template is copied — what the folder's .gitignore does not ignore — so files an
 * agent left in practice-workspace/ never leak into a demo.
 */
export async function copyPracticeWorkspace(label = "workspace"): Promise<string> {
  const source = practiceWorkspace();
  const rules = ignore().add(await readFile(path.join(source, ".gitignore"), "utf8").catch(() => ""));
  const dir = await mkdtemp(path.join(os.tmpdir(), `learn-${label}-`));
  await cp(source, dir, {
    recursive: true,
    filter: async (src) => {
      const rel = path.relative(source, src).split(path.sep).join("/");
      if (rel === "") return true;
      const isDir = (await stat(src)).isDirectory();
      return !rules.ignores(isDir ? `${rel}/` : rel);
    },
  });
  return dir;
}
