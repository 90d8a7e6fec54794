/**
 * s17-args-limit: the lesson's agent with the student's workflow tool; the lead launches a
 * workflow with large or small args. The checks read the tool result, the workspace, and run.json.
 */
import { existsSync } from "node:fs";
import path from "node:path";
import { expect } from "vitest";
import { defineChecks } from "@learn/exercises";
import { workflowSession } from "../check-helpers/workflow-session.ts";

const SCRIPT = "export const meta = { name: 'size', description: 'say how many args' }\nreturn args.length";

export default defineChecks([
  {
    name: "args over 16,000 characters as JSON: refused, with the size and the limit, and no run folder left behind",
    async run(t) {
      const big = Array.from({ length: 2_000 }, (_, i) => `file-${i}.ts`);
      const s = await workflowSession(t, SCRIPT, [], { args: big });
      expect(s.launched, "the tool result the lead read").toMatch(/over the limit of 16000/);
      expect(s.launched, "it says how big args was").toContain(String(JSON.stringify(big).length));
      expect(s.record, "no run.json: the run never started").toBeUndefined();
      expect(existsSync(path.join(s.cwd, ".workflows", "wf-1")), "no .workflows/wf-1 folder").toBe(false);
    },
  },
  {
    name: "args within the limit: the run starts, and the script sees them",
    async run(t) {
      const s = await workflowSession(t, SCRIPT, [], { args: ["a.ts", "b.ts", "c.ts"] });
      expect(s.errors, "no error on screen").toEqual([]);
      expect(s.record?.status, "run.json's status").toBe("completed");
      expect(s.record?.result, "the script's result: args.length").toBe(3);
    },
  },
]);
