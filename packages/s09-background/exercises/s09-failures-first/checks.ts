/**
 * s09-failures-first: the lesson's agent with the student's describe.ts; a scripted model runs
 * a "test run" in the background whose failure lines are far above the last 2,000 characters,
 * and the checks read the note the model was sent when it ended.
 */
import { expect } from "vitest";
import { defineChecks } from "@learn/exercises";
import { backgroundNote } from "../check-helpers/background-note.ts";

export default defineChecks([
  {
    name: "a long output: the not ok and FAIL lines of the part cut off are in the note, above the tail",
    async run(t) {
      const note = await backgroundNote(t, "printf 'ok 1 - parses\\nnot ok 2 - adds\\nFAIL test/cart.test.js\\n%03000d\\nok 3 - prints\\n' 0");
      // The first line repeats the command: look below it.
      const [above, output] = note.slice(note.indexOf("\n") + 1).split(/\nOutput \(last 2,000 characters\):\n/);
      expect(output, "step 1: a job prints two failure lines, then 3,000 characters, then `ok 3 - prints`: the note still shows the end of the output").toMatch(/ok 3 - prints$/m);
      expect(above, "the note, above its output section, should keep the line `not ok 2 - adds` (quoted: two spaces in front)").toContain("  not ok 2 - adds");
      expect(above, "…and the line `FAIL test/cart.test.js`").toContain("  FAIL test/cart.test.js");
      expect(above, "…but not a line that passed (`ok 1 - parses`)").not.toContain("ok 1 - parses");
    },
  },
  {
    name: "a short output is shown as it was: nothing cut, so no failure line twice",
    async run(t) {
      const note = await backgroundNote(t, "printf 'not ok 1 - adds\\n'");
      expect(note.slice(note.indexOf("\n") + 1).split("not ok 1 - adds").length - 1, "step 1: a job prints only `not ok 1 - adds`: the note shows it once").toBe(1);
      expect(note, "its output section is the usual one").toContain("Output:\n  not ok 1 - adds");
    },
  },
]);
