/**
 * Where the agent works. By default the repo's `practice-workspace/`, so a student's own
 * files are never at risk; `--cwd` or LEARN_WORKDIR point it elsewhere.
 */
import { cp, mkdtemp, rm, stat } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import ignore from "ignore";
import { practiceWorkspace, repoRoot } from "../platform/config.ts";
import type { Lesson } from "../runtime/lesson.ts";
import { runGit } from "../platform/safe-git.ts";
import { readRegularText } from "../platform/state/regular-file.ts";

/** The template's git listing and copy: small, but never waited on forever nor cut short. */
const GIT_COPY_TIMEOUT_MS = 60_000;
const GIT_COPY_MAX_CHARS = 64 * 1024 * 1024;

export class WorkspaceError extends Error {
  override name = "WorkspaceError";
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
 *
 * The template is the files git tracks there, as git has them: an agent that fixed the
 * shop's bug in practice-workspace/ (as the s02 demo prompt asks) must not change what the
 * next test or demo starts from. Without git (a downloaded zip), the files on disk that the
 * folder's .gitignore does not ignore stand in for it.
 */
export async function copyPracticeWorkspace(label = "workspace"): Promise<string> {
  const dir = await mkdtemp(path.join(os.tmpdir(), `learn-${label}-`));
  if (!(await copyTemplateFromGit(dir))) await copyTemplateFromDisk(dir);
  return dir;
}

/**
 * A fresh copy of the practice workspace, made ready the way `lesson` needs it (s12: a git
 * repository of its own). What the demo, the docs' walkthroughs and a lesson's tests start from.
 */
export async function lessonWorkspace(lesson: Pick<Lesson, "id" | "workspace">, label = lesson.id): Promise<string> {
  const dir = await copyPracticeWorkspace(label);
  try {
    await lesson.workspace?.prepare(dir);
  } catch (err) {
    // One clear line at the command line (git missing, a full disk), not a stack trace; the
    // half-made copy is of no use to anyone.
    await rm(dir, { recursive: true, force: true });
    throw new WorkspaceError(`Could not prepare a fresh copy of the practice workspace for ${lesson.id}: ${err instanceof Error ? err.message : String(err)}`);
  }
  return dir;
}

/**
 * Where the REPL and `--print` work: the flag or LEARN_WORKDIR when given; else, for a lesson
 * that prepares its workspace, a fresh prepared copy; else the practice workspace itself.
 */
export async function startingWorkspace(lesson: Pick<Lesson, "id" | "workspace">, flag?: string, env: NodeJS.ProcessEnv = process.env): Promise<string> {
  if (flag === undefined && env.LEARN_WORKDIR === undefined && lesson.workspace) return lessonWorkspace(lesson, `${lesson.id}-start`);
  return resolveWorkspace(flag, env);
}

/** The template as git's index has it, written into `dest`; false when git cannot say. */
async function copyTemplateFromGit(dest: string): Promise<boolean> {
  const root = repoRoot();
  const folder = path.relative(root, practiceWorkspace());
  const staging = await mkdtemp(path.join(os.tmpdir(), "learn-template-"));
  try {
    const listed = await gitOk(root, ["ls-files", "-z", "--", folder]);
    const files = listed?.split("\0").filter(Boolean) ?? [];
    if (files.length === 0) return false;
    // checkout-index writes the index's version of each file under the prefix, untouched by
    // whatever the working tree holds; an argument array, never a shell string.
    if ((await gitOk(root, ["checkout-index", `--prefix=${staging}${path.sep}`, "--", ...files])) === undefined) return false;
    await cp(path.join(staging, folder), dest, { recursive: true });
    return true;
  } catch {
    return false;
  } finally {
    await rm(staging, { recursive: true, force: true });
  }
}

/**
 * Git's stdout, or undefined when it failed. Through runGit, so the course's own repository
 * config runs nothing here either (a filter driver would run on checkout-index): a config it
 * refuses throws, and the copy is made from the disk instead.
 */
async function gitOk(root: string, args: readonly string[]): Promise<string | undefined> {
  const result = await runGit(root, args, { timeoutMs: GIT_COPY_TIMEOUT_MS, maxChars: GIT_COPY_MAX_CHARS, maxStdoutChars: GIT_COPY_MAX_CHARS });
  return result.exitCode === 0 && result.droppedChars === 0 ? result.stdout : undefined;
}

/** The files on disk that practice-workspace/.gitignore does not ignore. */
async function copyTemplateFromDisk(dest: string): Promise<void> {
  const source = practiceWorkspace();
  const rules = ignore().add(await readRegularText(path.join(source, ".gitignore")).catch(() => ""));
  await cp(source, dest, {
    recursive: true,
    filter: async (src) => {
      const rel = path.relative(source, src).split(path.sep).join("/");
      if (rel === "") return true;
      const isDir = (await stat(src)).isDirectory();
      return !rules.ignores(isDir ? `${rel}/` : rel);
    },
  });
}
