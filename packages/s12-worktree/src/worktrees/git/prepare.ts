/**
 * What this lesson does to a fresh copy of the practice workspace before an agent works there:
 * make it a git repository of its own, with one commit. Three things make that copy a project
 * rather than a template:
 *
 *   .gitignore             the template's ignores every file an agent adds (so none is committed
 *                          to the course by accident); here, the agent's files are the work, and
 *                          only the harness's own bookkeeping is ignored
 *   .claude/settings.json  committing and merging are this lesson's point: `git status`, `git add`, `git commit`,
 *                          `git merge` and `git log` are allowed here (only here: the course's
 *                          own practice workspace never allows them)
 *   git config             an author for commits, and no signing: the copy must commit anywhere
 *
 * The first commit has a fixed date, so it has the same id in every copy of the same files: a
 * worktree's "from 1a2b3c4" reads the same in every run (the docs' walkthrough shows it).
 */
import { lstat, writeFile } from "node:fs/promises";
import path from "node:path";
import { readRegularText } from "@learn/core/harness";
import { git } from "./run-git.ts";

/** The harness's bookkeeping in a workspace: state, not the project's files. */
export const HARNESS_IGNORES = [".worktrees/", ".claude/tool-log.jsonl", ".tasks/", ".team/", ".runtime-tasks/", ".task_outputs/", ".transcripts/", ".claude/scheduled_tasks.json", "node_modules/"];

/** What an agent may do with git in the prepared copy without being asked. */
export const GIT_RULES = ["Bash(git status *)", "Bash(git add *)", "Bash(git commit *)", "Bash(git merge *)", "Bash(git log *)"];

/** When the prepared copy's first commit was made, as far as git is told. */
export const FIRST_COMMIT_DATE = "2026-01-01T00:00:00Z";

export async function prepareRepository(dir: string): Promise<void> {
  await writeFile(path.join(dir, ".gitignore"), `# The harness's own bookkeeping; everything else here is the project.\n${HARNESS_IGNORES.join("\n")}\n`);
  await allowGit(path.join(dir, ".claude", "settings.json"));
  await git(dir, ["init", "--quiet", "--initial-branch=main"]);
  for (const [key, value] of [["user.name", "Practice Agent"], ["user.email", "agent@practice.invalid"], ["commit.gpgsign", "false"]] as const) {
    await git(dir, ["config", key, value]);
  }
  await git(dir, ["add", "--all"]);
  await git(dir, ["commit", "--quiet", "--message", "The practice workspace"], undefined, { GIT_AUTHOR_DATE: FIRST_COMMIT_DATE, GIT_COMMITTER_DATE: FIRST_COMMIT_DATE });
}

/**
 * Whether `dir` is such a copy: a repository of its own (`.git` right here). The practice
 * workspace itself is not — git would find the course's repository above it.
 */
export async function isPreparedRepository(dir: string): Promise<boolean> {
  return (await lstat(path.join(dir, ".git")).catch(() => undefined)) !== undefined;
}

/** Add GIT_RULES to the settings' allow list (the file is the template's: valid JSON). */
async function allowGit(file: string): Promise<void> {
  const settings = JSON.parse(await readRegularText(file)) as { permissions?: { allow?: string[] } };
  const permissions = (settings.permissions ??= {});
  permissions.allow = [...new Set([...(permissions.allow ?? []), ...GIT_RULES])];
  await writeFile(file, `${JSON.stringify(settings, null, 2)}\n`);
}
