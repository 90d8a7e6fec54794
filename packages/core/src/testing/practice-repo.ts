/**
 * A temporary folder laid out like the course's repository — `practice-workspace/` holding a
 * fresh copy of the template, and room beside it for the ledger — watched by the workspace
 * ledger instead of the real practice workspace, with the ledger's tool wrapper installed as the
 * command line installs it (app/reset-ledger.ts). What the ledger's and reset's tests use: the
 * real practice workspace and its ledger are never touched.
 */
import { cp, mkdtemp, rm } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { ledgerFileFor } from "../platform/workspace-ledger/ledger-file.ts";
import { watchWorkspaceForTests } from "../platform/workspace-ledger/write-window.ts";
import { copyPracticeWorkspace } from "../app/workspace.ts";
import { resetLedger } from "../app/reset-ledger.ts";
import { installToolWrapper } from "../runtime/tool-wrappers.ts";

export interface PracticeRepo {
  /** The stand-in for the repository's root. */
  root: string;
  /** root/practice-workspace: watched while the copy lives. */
  workspace: string;
  /** Where its ledger is written. */
  ledger: string;
  /** Stop watching it (the real one is watched again, by the command line only) and delete it all. */
  cleanup(): Promise<void>;
}

export async function practiceRepoCopy(): Promise<PracticeRepo> {
  const root = await mkdtemp(path.join(os.tmpdir(), "learn-repo-"));
  const workspace = path.join(root, "practice-workspace");
  const template = await copyPracticeWorkspace("repo-template");
  await cp(template, workspace, { recursive: true });
  await rm(template, { recursive: true, force: true });
  const unwatch = watchWorkspaceForTests(workspace);
  const unwrap = installToolWrapper(resetLedger);
  return {
    root,
    workspace,
    ledger: ledgerFileFor(workspace),
    cleanup: async () => {
      unwrap();
      unwatch();
      await rm(root, { recursive: true, force: true });
    },
  };
}
