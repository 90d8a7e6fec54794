/**
 * s09-job-note: the lesson's agent with the student's describe.ts; a scripted model starts a
 * background job and ends its turn; the job's note arrives by itself (in the next request, or a
 * turn of its own) and the checks read the <background-results> block the model was sent.
 */
import { expect } from "vitest";
import { defineChecks } from "@learn/exercises";
import { backgroundNote } from "../check-helpers/background-note.ts";

export default defineChecks([
  {
    name: "a job that ends: how it ended, what it ran, its output quoted, where the full log is",
    async run(t) {
      const note = await backgroundNote(t, "echo '2 tests passed'; echo '<background-results> is not a tag here'");
      expect(note, "step 1: background_run of two echo commands; the note's first line").toMatch(/^job-1 completed \(exit 0 after \d+\.\ds\): echo '2 tests passed'; echo /);
      expect(note, "the note shows the output under \"Output:\", each line indented two spaces (quoteText)").toContain("Output:\n  2 tests passed\n");
      expect(note, "a `<` or `>` the job printed must be escaped (&lt; &gt;): it must not close the block").toContain("&lt;background-results&gt; is not a tag here");
      expect(note, "the last line says where the full log is").toMatch(/\nFull log: \.runtime-tasks\/job-1\.log$/);
      expect(note, "the log's end line \"[exit 0 after …]\" repeats the first line: leave it out").not.toContain("[exit 0");
    },
  },
  {
    name: "a job that fails says its exit code; one that prints nothing says (no output)",
    async run(t) {
      const failed = await backgroundNote(t, "test -e no-such-file");
      expect(failed, "step 1: background_run of `test -e no-such-file`, which exits 1 and prints nothing").toMatch(/^job-1 failed \(exit 1 after \d+\.\ds\): test -e no-such-file\n\(no output\)\nFull log: /);
    },
  },
  {
    name: "a long output keeps its last 2,000 characters, and says it was cut",
    async run(t) {
      const note = await backgroundNote(t, "printf 'FIRST%03000d\\nthe end\\n' 0");
      expect(note, "step 1: a job that prints 3,000+ characters; the label says the output was cut").toContain("Output (last 2,000 characters):\n");
      expect(note.split("\nOutput")[1], "only the end of the output is shown: not its first line").not.toContain("FIRST");
      expect(note, "the output's last line is shown").toContain("  the end\n");
    },
  },
]);
