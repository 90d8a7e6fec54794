/**
 * What lesson 17 adds to the previous lesson's fresh copy of the practice workspace (s13's MCP
 * servers, s12's repository of its own), before its first commit is remade:
 *
 *   .claude/settings.local.json   allow `Workflow`: Claude Code asks before a workflow runs (its
 *                                 dialog shows meta.description), and so does the course — the
 *                                 practice copy says yes for you, as you would once you chose to
 *   .gitignore                    `.workflows/` and `.sessions/`: the runs' scripts and journals, and
 *                                 the transcripts an offline run keeps here (s15), are the
 *                                 harness's bookkeeping, not the project
 */
import { mkdir, readFile, writeFile, appendFile } from "node:fs/promises";
import path from "node:path";
import { LOCAL_SETTINGS_FILE } from "@learn/claude-code-files";
import { FIRST_COMMIT_DATE, git } from "@learn/s12";
import { lesson as previousLesson } from "@learn/s16";
import { WORKFLOWS_DIR } from "./workflows/journal.ts";

export const WORKFLOW_RULE = "Workflow";
/** Where an offline run keeps its transcripts (the demo's --sessions-dir). */
const SESSIONS_DIR = ".sessions";

export async function prepareWorkflowWorkspace(dir: string): Promise<void> {
  await previousLesson.workspace?.prepare(dir);
  const local = path.join(dir, LOCAL_SETTINGS_FILE);
  await mkdir(path.dirname(local), { recursive: true });
  const existing = await readFile(local, "utf8").then((t) => JSON.parse(t) as { permissions?: { allow?: string[] } }, () => ({}) as { permissions?: { allow?: string[] } });
  const allow = [...(existing.permissions?.allow ?? []), WORKFLOW_RULE];
  await writeFile(local, `${JSON.stringify({ ...existing, permissions: { ...existing.permissions, allow } }, null, 2)}\n`);
  await appendFile(path.join(dir, ".gitignore"), `${WORKFLOWS_DIR}/\n${SESSIONS_DIR}/\n`);
  // The first commit holds these too, with the same fixed date: the copy starts clean.
  await git(dir, ["add", "--all"]);
  await git(dir, ["commit", "--quiet", "--amend", "--no-edit"], undefined, { GIT_AUTHOR_DATE: FIRST_COMMIT_DATE, GIT_COMMITTER_DATE: FIRST_COMMIT_DATE });
}
