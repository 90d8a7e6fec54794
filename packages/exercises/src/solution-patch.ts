/**
 * An extension's reference solution, stored as what it changes: a unified diff against the
 * lesson's file (`solution/<name>.patch`), not a copy of the whole file. A copy drifts — the
 * lesson moves on and the copy keeps the old lines, silently undoing the lesson's later work
 * in the student's solution. A patch carries only the exercise's lines and a little context:
 * lines that move are found again (the hunk is looked for nearby), lines the lesson changes
 * around the hunk make it fail loudly, and the proof test with it.
 *
 *   lesson's src/loop.ts ──applyPatch(solution/loop.patch)──► the reference solution
 *
 * To write one: edit a copy of the lesson's file, then
 * `diff -u src/loop.ts edited-loop.ts > exercises/<id>/solution/loop.patch` (paths in the
 * header do not matter; only the hunks are read).
 */
import { applyPatch, parsePatch } from "diff";

/** `lessonText` (the file `lessonFile`) with `patchText` applied; throws a message saying what to do when it no longer applies. */
export function applySolutionPatch(lessonText: string, patchText: string, where: { lessonFile: string; patchFile: string }): string {
  const files = parsePatch(patchText);
  if (files.length !== 1 || files[0]!.hunks.length === 0) {
    throw new Error(`${where.patchFile}: a solution patch holds the changes of one file (a unified diff with at least one hunk)`);
  }
  // No fuzz: a hunk whose context the lesson changed is a solution nobody has checked against it.
  const patched = applyPatch(lessonText, files[0]!);
  if (patched === false) {
    throw new Error(
      `${where.patchFile} no longer applies to ${where.lessonFile}: the lesson changed where the solution edits it. ` +
        `Apply the change to the lesson's file by hand and remake the patch (diff -u).`,
    );
  }
  return patched;
}
