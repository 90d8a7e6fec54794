/**
 * A background job writes after the call that started it has returned: its lifetime is a
 * write window of its own, so what it leaves in the (stand-in for the) real practice
 * workspace is in the ledger `pnpm reset` reads. The job waits for a file outside the
 * workspace before it writes: no sleep decides the order.
 */
import { createHash } from "node:crypto";
import { writeFileSync } from "node:fs";
import path from "node:path";
import { afterEach, beforeEach, expect, it } from "vitest";
import { readLedger } from "@learn/core/harness";
import { practiceRepoCopy, testContext, type PracticeRepo } from "@learn/core/testing";
import { backgroundRunTool, JobManager } from "../src/jobs/index.ts";
import { waitFor } from "./fixtures/jobs/helpers.ts";

let repo: PracticeRepo;
let manager: JobManager;
beforeEach(async () => {
  repo = await practiceRepoCopy();
  manager = new JobManager({ workspace: repo.workspace, onError: () => {} });
});
afterEach(async () => {
  await manager.stopAll();
  await repo.cleanup();
});

it("what a job writes after background_run returned is noted when the job ends", async () => {
  const go = path.join(repo.root, "go");
  const command = `while [ ! -e '${go}' ]; do sleep 0.02; done; printf 'late\\n' > report.txt`;
  const outcome = await backgroundRunTool(manager).execute({ command }, testContext(repo.workspace));
  expect(outcome).toMatchObject({ isError: false, content: expect.stringMatching(/^Started job-1 in the background/) });
  expect(await readLedger(repo.ledger)).toEqual({ status: "missing" }); // the job has written nothing yet
  writeFileSync(go, "");
  await waitFor(() => manager.running().length === 0, "the job to end");
  const ledger = await readLedger(repo.ledger);
  expect(ledger.status === "ok" && ledger.value.files).toEqual({ "report.txt": { sha256: createHash("sha256").update("late\n").digest("hex") } });
});
