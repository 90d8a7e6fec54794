/**
 * Scripts are checked when loaded: every problem names the file, the line and the field.
 */
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";
import { loadScript, parseScript, ScriptError } from "../src/simulator/load.ts";
import { withPauses } from "../src/simulator/pauses.ts";

const fixture = (name: string) => fileURLToPath(new URL(`./fixtures/scripts/${name}`, import.meta.url));

/** The ScriptError a text raises, as its message. */
function problemIn(text: string): string {
  try {
    parseScript(text, "demo/bad.yaml");
  } catch (error) {
    expect(error).toBeInstanceOf(ScriptError);
    return (error as ScriptError).message;
  }
  throw new Error("expected a ScriptError");
}

describe("script loading", () => {
  it("loads a script with every kind of turn", async () => {
    const script = await loadScript(fixture("hello.yaml"));
    expect(script.limits).toEqual({ contextTokens: 200000 });
    expect(script.turns).toHaveLength(5);
    expect(script.turns[0]?.content?.[1]).toEqual({ type: "tool_use", name: "bash", input: { command: "node hello.js" } });
    expect(script.turns[1]?.expect).toEqual({ lastUserIncludes: "Hello Agent" });
    expect(script.turns[2]?.agent).toBe("alice");
    expect(script.turns[3]?.error).toEqual({ status: 529, type: "overloaded_error", message: "Overloaded" });
    expect(script.turns[4]?.stop_reason).toBe("max_tokens");
  });

  it("names file, line and field for a bad block type", async () => {
    const file = fixture("bad-block.yaml");
    await expect(loadScript(file)).rejects.toThrow(`${file}:7: turns[1].content[0].type: expected one of text | tool_use`);
  });

  it.each([
    [
      "a field of the wrong type",
      "turns:\n  - content: [ { type: text, text: hi } ]\n    delayMs: soon\n",
      "demo/bad.yaml:3: turns[0].delayMs: expected number, received string",
    ],
    [
      "an unknown key",
      "turns:\n  - content: [ { type: text, text: hi } ]\n  - contnet: [ { type: text, text: hi } ]\n",
      "demo/bad.yaml:3: turns[1].contnet: unknown key (allowed: agent, after, repeat, expect, content, stop_reason, error, disconnect, delayMs, pauseMs, oneOf)",
    ],
    [
      "an unknown expect matcher",
      "turns:\n  - expect:\n      lastUserContains: x\n    content: [ { type: text, text: hi } ]\n",
      "demo/bad.yaml:3: turns[0].expect.lastUserContains: unknown key",
    ],
    [
      "two unknown keys",
      "turns:\n  - content: [ { type: text, text: hi } ]\n    delay: 5\n    agnet: bob\n",
      "demo/bad.yaml:3: turns[0].delay: unknown key (allowed: agent, after, repeat, expect, content, stop_reason, error, disconnect, delayMs, pauseMs, oneOf)\ndemo/bad.yaml:4: turns[0].agnet: unknown key",
    ],
    ["a missing field", "turns:\n  - content:\n    - type: text\n", "demo/bad.yaml:3: turns[0].content[0].text: missing (expected string)"],
    ["an empty text", 'turns:\n  - content: [ { type: text, text: "" } ]\n', "demo/bad.yaml:2: turns[0].content[0].text: text must not be empty"],
    ["a turn that answers nothing", "turns:\n  - agent: alice\n", "demo/bad.yaml:2: turns[0]: a turn needs exactly one of content, error, disconnect: true"],
    ["no turns", "prompt: hi\nturns: []\n", "demo/bad.yaml:2: turns: a script needs at least one turn"],
    ["an empty file", "", "demo/bad.yaml:1: script: expected a mapping with a `turns:` list"],
    ["a YAML syntax error", "turns:\n  - content: [ { type: text, text: hi }\n", "demo/bad.yaml:3: YAML syntax error:"],
    ["a duplicate key", "turns: []\nturns: []\n", "demo/bad.yaml:2: YAML syntax error: Map keys must be unique"],
  ])("names file, line and field for %s", (_name, text, expected) => {
    expect(problemIn(text)).toContain(expected);
  });

  it("loads the fields that order, repeat and choose turns", () => {
    const parsed = parseScript(`
turns:
  - agent: alice
    repeat: 2
    content: [ { type: text, text: hi } ]
  - after: { agent: alice, served: 2 }
    expect: { model: claude-sim, maxTokens: { min: 100 }, noTools: true }
    content: [ { type: text, text: done } ]
  - oneOf:
      - expect: { lastToolResultIsError: true }
        content: [ { type: text, text: denied } ]
      - content: [ { type: text, text: ran } ]
`);
    expect(parsed.turns[0]?.repeat).toBe(2);
    expect(parsed.turns[1]?.after).toEqual({ agent: "alice", served: 2 });
    expect(parsed.turns[1]?.expect).toEqual({ model: "claude-sim", maxTokens: { min: 100 }, noTools: true });
    expect(parsed.turns[2]?.oneOf).toHaveLength(2);
  });

  it.each([
    ["a repeat of zero", "turns:\n  - repeat: 0\n    content: [ { type: text, text: hi } ]\n", "demo/bad.yaml:2: turns[0].repeat: "],
    [
      "after naming an agent without turns",
      "turns:\n  - content: [ { type: text, text: hi } ]\n  - after: { agent: bob, served: 1 }\n    content: [ { type: text, text: hi } ]\n",
      'demo/bad.yaml:3: turns[1].after.agent: no turns for agent "bob" (agents in the script: lead)',
    ],
    [
      "after waiting for more turns than the agent has",
      "turns:\n  - agent: alice\n    repeat: 2\n    content: [ { type: text, text: hi } ]\n  - after:\n      agent: alice\n      served: 3\n    content: [ { type: text, text: hi } ]\n",
      'demo/bad.yaml:7: turns[1].after.served: agent "alice" has only 2 turns',
    ],
    ["after with neither served nor asked", "turns:\n  - after: { agent: lead }\n    content: [ { type: text, text: hi } ]\n", "demo/bad.yaml:2: turns[0].after: after needs exactly one of served and asked"],
    ["a maxTokens of the wrong kind", "turns:\n  - expect: { maxTokens: lots }\n    content: [ { type: text, text: hi } ]\n", "demo/bad.yaml:2: turns[0].expect.maxTokens: expected a number or { min, max }"],
    ["noTools that is not a boolean", "turns:\n  - expect:\n      noTools: yes please\n    content: [ { type: text, text: hi } ]\n", "demo/bad.yaml:3: turns[0].expect.noTools: expected boolean, received string"],
    [
      "content beside oneOf",
      "turns:\n  - oneOf:\n      - content: [ { type: text, text: a } ]\n    content: [ { type: text, text: b } ]\n",
      "demo/bad.yaml:4: turns[0].content: content belongs inside each oneOf alternative",
    ],
    [
      "an alternative that answers nothing",
      "turns:\n  - oneOf:\n      - expect: { noTools: true }\n",
      "demo/bad.yaml:3: turns[0].oneOf[0]: an alternative needs exactly one of content, error, disconnect: true",
    ],
    ["an empty oneOf", "turns:\n  - oneOf: []\n", "demo/bad.yaml:2: turns[0].oneOf: oneOf needs at least one alternative"],
    [
      "an unknown key in an alternative",
      "turns:\n  - oneOf:\n      - agent: bob\n        content: [ { type: text, text: a } ]\n",
      "demo/bad.yaml:3: turns[0].oneOf[0].agent: unknown key (allowed: expect, content, stop_reason, error, disconnect, delayMs, pauseMs)",
    ],
  ])("names file, line and field for %s", (_name, text, expected) => {
    expect(problemIn(text)).toContain(expected);
  });

  it("reports every problem, in line order", () => {
    const message = problemIn("prompt: 5\nturns:\n  - delayMs: -1\n    content: [ { type: text, text: hi } ]\n");
    expect(message.split("\n")).toEqual([
      "demo/bad.yaml:1: prompt: expected a string or a list of strings",
      expect.stringMatching(/^demo\/bad\.yaml:3: turns\[0\]\.delayMs: /),
    ]);
  });
});

describe("pauses for a person (pauseMs)", () => {
  const text = [
    "turns:",
    "  - { pauseMs: 3000, content: [ { type: text, text: one } ] }",
    "  - oneOf:",
    "      - { pauseMs: 500, delayMs: 20, content: [ { type: text, text: two } ] }",
  ].join("\n");

  it("are served as a delay only where a person watches: withPauses turns them into delayMs", () => {
    const script = parseScript(text, "demo/pause.yaml");
    expect(script.turns[0]?.delayMs).toBeUndefined(); // as loaded: tests, --print and --demo answer at once
    const paused = withPauses(script);
    expect(paused.turns[0]?.delayMs).toBe(3000);
    expect(paused.turns[1]?.oneOf?.[0]?.delayMs).toBe(520);
    expect(script.turns[1]?.oneOf?.[0]?.delayMs).toBe(20); // the loaded script is left as it was
  });

  it("must be a whole number of milliseconds", () => {
    expect(problemIn("turns:\n  - { pauseMs: -1, content: [ { type: text, text: x } ] }\n")).toContain("pauseMs");
  });
});
