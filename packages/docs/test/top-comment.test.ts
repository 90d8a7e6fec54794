/** What a file says it is: the first sentence of its top comment, whatever the comment's form. */
import { describe, expect, it } from "vitest";
import { whatItIs } from "../src/top-comment.ts";

describe("whatItIs", () => {
  it("is the first sentence of a block comment, joined across its lines", () => {
    const text = ["/**", " * The last step of the pipeline: a decision that says", ' * "ask" goes to the person. Only when', " * there is someone.", " */", "export {};"].join("\n");
    expect(whatItIs(text)).toBe('The last step of the pipeline: a decision that says "ask" goes to the person.');
  });

  it("stops where a diagram starts, and drops the colon that introduced it", () => {
    const text = ["/**", " * THE PIPELINE — one call in, one decision out:", " *   1. the refuse-list   deny", " */"].join("\n");
    expect(whatItIs(text)).toBe("THE PIPELINE — one call in, one decision out");
    const paragraph = ["/**", " * What lesson 6 adds, as two mechanisms:", " *", " *   knowledge   every agent", " */"].join("\n");
    expect(whatItIs(paragraph)).toBe("What lesson 6 adds, as two mechanisms");
  });

  it("does not end a sentence at a dot inside a name", () => {
    expect(whatItIs("/** Loading .claude/settings.json — and what happens when it is wrong. More. */")).toBe("Loading .claude/settings.json — and what happens when it is wrong.");
  });

  it("reads a run of // or # lines, after a shebang or blank lines", () => {
    expect(whatItIs("#!/usr/bin/env node\n\n// The start script: one lesson, one command.\n// More.\nrun();")).toBe("The start script: one lesson, one command.");
    expect(whatItIs("# The demo's script: a prompt and the model's answers\n# in order.\ntitle: x")).toBe("The demo's script: a prompt and the model's answers in order.");
  });

  it("is undefined when the file opens with code, or with an empty comment", () => {
    expect(whatItIs('export * from "./describe.ts";\n/** Not at the top. */')).toBeUndefined();
    expect(whatItIs("/**\n *\n */\nexport {};")).toBeUndefined();
    expect(whatItIs("")).toBeUndefined();
  });
});
