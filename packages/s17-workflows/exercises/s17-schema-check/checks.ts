/**
 * s17-schema-check: the student's schemaErrors, called directly on a table of answers, and through
 * the lesson's agent: a workflow whose checker answers with a wrong shape first is asked once more.
 */
import { expect } from "vitest";
import { defineChecks } from "@learn/exercises";
import { workflowSession } from "../check-helpers/workflow-session.ts";

type SchemaErrors = (value: unknown, schema: object, at?: string) => string[];
const BUGS = { type: "object", properties: { bugs: { type: "array", items: { type: "object", properties: { line: { type: "integer" }, kind: { enum: ["bug", "style"] } }, required: ["line"] } } }, required: ["bugs"] };

export default defineChecks([
  {
    name: "a fitting answer has no errors; each wrong one names the place and the problem",
    async run(t) {
      const { schemaErrors } = await t.lesson<{ schemaErrors: SchemaErrors }>("src/workflows/json-schema.ts");
      expect(schemaErrors({ bugs: [{ line: 3, kind: "bug" }] }, BUGS), "a fitting value").toEqual([]);
      expect(schemaErrors([], BUGS), "an array where an object is expected").toEqual(["$: expected object, got array"]);
      expect(schemaErrors({}, BUGS), "a required key missing").toEqual(["$.bugs: required"]);
      expect(schemaErrors({ bugs: [{ line: 3.5 }, { kind: "typo" }] }, BUGS), "inside the items: not an integer; a missing key; not in the enum").toEqual([
        "$.bugs[0].line: expected integer, got number",
        "$.bugs[1].line: required",
        '$.bugs[1].kind: must be one of ["bug","style"]',
      ]);
      expect(schemaErrors(null, { type: ["string", "null"] }), "a list of types").toEqual([]);
    },
  },
  {
    name: "in a workflow: an answer of the wrong shape is asked for once more, with the errors, and the right one is the result",
    async run(t) {
      const script = "export const meta = { name: 'check', description: 'one checker' }\nreturn await agent('List the bugs.', { schema: { type: 'object', properties: { bugs: { type: 'array' } }, required: ['bugs'] } })";
      const s = await workflowSession(t, script, [
        { agent: "wf-1.agent-1", content: [{ type: "text", text: '{"found": []}' }] },
        { agent: "wf-1.agent-1.retry", expect: { lastUserIncludes: "$.bugs: required" }, content: [{ type: "text", text: '{"bugs": ["cartTotal subtracts"]}' }] },
      ]);
      expect(s.errors, "no error on screen").toEqual([]);
      expect(s.record?.status, "the run's status in run.json").toBe("completed");
      expect(s.record?.result, "the run's result: the retry's answer").toEqual({ bugs: ["cartTotal subtracts"] });
    },
  },
]);
