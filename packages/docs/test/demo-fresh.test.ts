/**
 * Every lesson's demo replays on a fresh workspace: the check that refuses a replay on a used
 * one (core's workspace-drift.ts) finds nothing in the way on a fresh copy, for every script —
 * a `path` its searches name (glob's `shop`) or a template file it edits is not "in the way".
 */
import { rm } from "node:fs/promises";
import { afterAll, describe, expect, it } from "vitest";
import { driftFromTemplate, lessonWorkspace, repoRoot } from "@learn/core/harness";
import { loadScript } from "@learn/core/simulator";
import { discoverLessons } from "../src/discover.ts";

const { lessons } = await discoverLessons(repoRoot());
const made: string[] = [];
afterAll(async () => {
  for (const dir of made) await rm(dir, { recursive: true, force: true });
});

describe("a fresh workspace stops no demo", () => {
  it.each(lessons.map((p) => [p.lesson.id, p] as const))("%s", async (_id, { lesson }) => {
    const fresh = await lessonWorkspace(lesson, `${lesson.id}-fresh-test`);
    made.push(fresh);
    for (const file of lesson.demoScripts) {
      expect(await driftFromTemplate(lesson, fresh, await loadScript(file)), file).toEqual([]);
    }
  });
});
