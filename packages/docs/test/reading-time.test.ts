/** The ten-minute budget's measure: prose words, Chinese characters and code lines, at fixed rates. */
import { describe, expect, it } from "vitest";
import { endMarker, startMarker } from "../src/markers.ts";
import { handWritten, readingTime } from "../src/reading-time.ts";

describe("readingTime", () => {
  it("counts prose words at 200 a minute and a code or diagram line as 10 words", () => {
    const words = Array.from({ length: 200 }, (_, i) => `w${i}`).join(" ");
    expect(readingTime(words)).toEqual({ words: 200, han: 0, codeLines: 0, minutes: 1 });
    const code = ["```", ...Array.from({ length: 20 }, () => "a ─► b"), "", "```"].join("\n");
    expect(readingTime(code)).toEqual({ words: 0, han: 0, codeLines: 20, minutes: 1 });
  });

  it("counts Chinese characters at 300 a minute, and the Latin words among them", () => {
    expect(readingTime(`${"字".repeat(300)} \`tool_use\``)).toEqual({ words: 1, han: 300, codeLines: 0, minutes: 1 });
  });

  it("does not count what is not read: link targets, table rules, comments, punctuation", () => {
    const md = "[the loop](src/very/long/path/loop.ts) —\n\n| a | b |\n|---|---|\n<!-- a note\nover lines -->";
    expect(readingTime(md)).toMatchObject({ words: 4 }); // the, loop], a, b
  });
});

describe("handWritten", () => {
  it("leaves out the generated blocks, keeping their lines empty", () => {
    const md = `# T\n\nprose\n${startMarker("walkthrough")}\nlots of words here\n${endMarker("walkthrough")}\nmore\n`;
    const hand = handWritten(md);
    expect(hand.split("\n")).toHaveLength(md.split("\n").length);
    expect(readingTime(hand).words).toBe(3); // T, prose, more: the heading's `#` is not a word
  });
});
