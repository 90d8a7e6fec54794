/**
 * Tool calls started in order run in that order, whatever the workspace ledger's snapshot costs:
 * a call in the watched workspace (a snapshot to take first) started before a call outside it
 * (nothing to take) still begins first. The s05 demo numbers its explorers by this order.
 */
import { afterEach, beforeEach, expect, it } from "vitest";
import { recordingWrites } from "../src/platform/workspace-ledger/index.ts";
import { practiceRepoCopy, tempWorkspace, type PracticeRepo, type TempWorkspace } from "../src/testing/index.ts";

let repo: PracticeRepo;
let elsewhere: TempWorkspace;
beforeEach(async () => {
  repo = await practiceRepoCopy();
  elsewhere = await tempWorkspace();
});
afterEach(async () => {
  await repo.cleanup();
  await elsewhere.cleanup();
});

it("windows open first in, first out: the watched call started first begins first", async () => {
  const began: string[] = [];
  const calls = [
    recordingWrites(repo.workspace, () => {}, () => void began.push("in the workspace")),
    recordingWrites(elsewhere.dir, () => {}, () => void began.push("elsewhere")),
    recordingWrites(repo.workspace, () => {}, () => void began.push("in the workspace again")),
  ];
  await Promise.all(calls);
  expect(began).toEqual(["in the workspace", "elsewhere", "in the workspace again"]);
});

it("a window that fails to open does not hold up the next", async () => {
  const began: string[] = [];
  await Promise.all([
    recordingWrites(42 as unknown as string, () => {}, () => void began.push("bad cwd")),
    recordingWrites(repo.workspace, () => {}, () => void began.push("good")),
  ]);
  expect(began).toEqual(["bad cwd", "good"]);
});
