/**
 * The pieces a run is made of, alone: a script's meta read as data (never run), an answer held
 * to its JSON schema, and the journal's call keys (the same prompt asked twice is two calls).
 */
import { describe, expect, it } from "vitest";
import { callKey } from "../src/workflows/journal.ts";
import { jsonOf, schemaErrors, schemaProblem } from "../src/workflows/json-schema.ts";
import { parseScript } from "../src/workflows/meta.ts";

describe("parseScript", () => {
  it("reads a pure-literal meta (single quotes, comments, trailing commas) and returns the body after it", () => {
    const parsed = parseScript(`// a review\nexport const meta = {\n  name: 'review', // shown in /workflows\n  description: "Find, then verify",\n  phases: [{ title: 'Find' }, { title: 'Verify', detail: 'one agent a finding' },],\n}\nphase('Find')\nreturn 1`);
    expect(parsed).toEqual({ meta: { name: "review", description: "Find, then verify", phases: [{ title: "Find" }, { title: "Verify", detail: "one agent a finding" }] }, body: "phase('Find')\nreturn 1" });
  });

  it.each([
    ["no meta first", "const x = 1\nexport const meta = { name: 'a', description: 'b' }", /must be the FIRST statement/],
    ["a variable", "export const meta = { name: NAME, description: 'b' }", /pure literal/],
    ["a call", "export const meta = { name: 'a', description: describe() }", /pure literal/],
    ["a template", "export const meta = { name: `a${1}`, description: 'b' }", /pure literal/],
    ["a spread", "export const meta = { ...base, name: 'a', description: 'b' }", /pure literal/],
    ["no description", "export const meta = { name: 'a' }", /^meta: /],
    ["never closed", "export const meta = { name: 'a', description: 'b'", /never closed/],
  ])("refuses %s", (_what, script, message) => {
    const parsed = parseScript(script);
    expect("error" in parsed && parsed.error).toMatch(message);
  });
});

describe("the JSON schema check", () => {
  const BUGS = { type: "object", properties: { bugs: { type: "array", items: { type: "object", properties: { line: { type: "integer" }, kind: { enum: ["bug", "style"] } }, required: ["line"] } } }, required: ["bugs"] };

  it("accepts a fitting value and names each place a wrong one breaks it", () => {
    expect(schemaErrors({ bugs: [{ line: 3, kind: "bug" }] }, BUGS)).toEqual([]);
    expect(schemaErrors({ bugs: [{ line: 3.5 }, { kind: "typo" }] }, BUGS)).toEqual(["$.bugs[0].line: expected integer, got number", "$.bugs[1].line: required", '$.bugs[1].kind: must be one of ["bug","style"]']);
    expect(schemaErrors([], BUGS)).toEqual(["$: expected object, got array"]);
  });

  it("refuses a schema no answer could meet, before any agent runs", () => {
    expect(schemaProblem({ type: "array" })).toMatch(/at its root/);
    expect(schemaProblem({ type: "object", properties: {}, required: ["x"] })).toBe("schema requires x, which its properties do not declare");
    expect(schemaProblem(BUGS)).toBeUndefined();
  });

  it("reads the JSON of an answer: the whole text, or its last fenced block", () => {
    expect(jsonOf('{"a": 1}')).toEqual({ value: { a: 1 } });
    expect(jsonOf('Here it is:\n```json\n{"a": 2}\n```')).toEqual({ value: { a: 2 } });
    expect(jsonOf("The bug is in cartTotal.")).toEqual({ error: "the answer is not JSON" });
  });
});

describe("callKey", () => {
  it("is the same for the same prompt and options, and counts repeats apart", () => {
    expect(callKey("p", { schema: 1 }, 1)).toBe(callKey("p", { schema: 1 }, 1));
    expect(callKey("p", {}, 1)).not.toBe(callKey("p", {}, 2));
    expect(callKey("p", {}, 1)).not.toBe(callKey("p", { agentType: "explore" }, 1));
  });
});
