/**
 * s17-run-logs: the lesson's agent with the student's run.ts; a workflow logs, and the checks read
 * run.json's `logs` once the run has ended.
 */
import { expect } from "vitest";
import { defineChecks } from "@learn/exercises";
import { workflowSession } from "../check-helpers/workflow-session.ts";

const logging = (lines: number) => `export const meta = { name: 'narrate', description: 'log and end' }\nfor (let i = 1; i <= ${lines}; i++) log('line ' + i)\nreturn 'done'`;

export default defineChecks([
  {
    name: "25 log() lines: run.json keeps the last 20, in order",
    async run(t) {
      const s = await workflowSession(t, logging(25), []);
      expect(s.record?.status, "run.json's status").toBe("completed");
      const logs = s.record?.logs as string[] | undefined;
      expect(logs, "run.json's logs").toEqual(Array.from({ length: 20 }, (_, i) => `line ${i + 6}`));
    },
  },
  {
    name: "a run that logs nothing has logs: []",
    async run(t) {
      const s = await workflowSession(t, logging(0), []);
      expect(s.record?.logs, "run.json's logs").toEqual([]);
    },
  },
]);
