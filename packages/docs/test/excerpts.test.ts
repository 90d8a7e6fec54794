/**
 * Generated excerpts: a README shows a declaration of the code as it is, found by name, and
 * says so when the code changed under it or the name is gone.
 */
import { mkdtemp, rm, writeFile } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { EXCERPT_END, excerptStart, withoutExcerpts, writeExcerpts } from "../src/excerpts.ts";
import { EN, ZH } from "../src/labels.ts";
import { symbolLines } from "../src/symbol-lines.ts";

const SOURCE = [
  'import { x } from "y";', // 1
  "", // 2
  "/** How many. */", // 3
  "export const LIMIT = 30;", // 4
  "", // 5
  "/**", // 6
  " * Run it.", // 7
  " */", // 8
  "export async function run(", // 9
  "  a: string,", // 10
  "): Promise<void> {", // 11
  "  if (a) {", // 12
  "    return;", // 13
  "  }", // 14
  "}", // 15
  "", // 16
  "export class Box {", // 17
  "  private n = 0;", // 18
  "", // 19
  "  // Adds one.", // 20
  "  add(): number {", // 21
  "    return ++this.n;", // 22
  "  }", // 23
  "}", // 24
  "", // 25
  "export const TABLE = {", // 26
  "  a: 1,", // 27
  "} as const;", // 28
  "",
].join("\n");

describe("symbolLines", () => {
  it("finds a declaration with the comment above it, past a signature that spans lines", () => {
    expect(symbolLines(SOURCE, "run", "x.ts")).toEqual({
      from: 6,
      to: 15,
      text: ["/**", " * Run it.", " */", "export async function run(", "  a: string,", "): Promise<void> {", "  if (a) {", "    return;", "  }", "}"].join("\n"),
    });
    expect(symbolLines(SOURCE, "LIMIT", "x.ts")).toEqual({ from: 3, to: 4, text: "/** How many. */\nexport const LIMIT = 30;" });
    expect(symbolLines(SOURCE, "TABLE", "x.ts")).toMatchObject({ from: 26, to: 28 });
  });

  it("finds a class member, shown without the class's indentation", () => {
    expect(symbolLines(SOURCE, "Box.add", "x.ts")).toEqual({ from: 20, to: 23, text: "// Adds one.\nadd(): number {\n  return ++this.n;\n}" });
  });

  it("names the file and the symbol when it cannot place it", () => {
    expect(() => symbolLines(SOURCE, "gone", "x.ts")).toThrow("x.ts: no declaration of `gone` to excerpt");
    expect(() => symbolLines(SOURCE, "Box.gone", "x.ts")).toThrow("x.ts: no declaration of `Box.gone` to excerpt");
    expect(() => symbolLines(`${SOURCE}\nexport function run() {}\n`, "run", "x.ts")).toThrow("`run` is declared 2 times");
    expect(() => symbolLines("export type T =\n  | 1\n  | 2;\nconst y = 1;\n", "T", "x.ts")).toThrow("cannot tell where `T` ends");
  });
});

describe("writeExcerpts", () => {
  let dir: string;
  const readme = () => path.join(dir, "README.md");
  beforeAll(async () => {
    dir = await mkdtemp(path.join(os.tmpdir(), "learn-excerpts-"));
    await writeFile(path.join(dir, "code.ts"), SOURCE);
    await writeFile(path.join(dir, "agent.md"), "---\nname: x\n---\nRun ```ls``` first.\n");
  });
  afterAll(() => rm(dir, { recursive: true, force: true }));

  it("fills each excerpt with the code and a link to its lines, and says which were stale", async () => {
    const text = `# T\n\nThe loop:\n\n${excerptStart("code.ts#Box.add")}\nold\n${EXCERPT_END}\n\nAfter.\n`;
    const { text: after, stale } = await writeExcerpts(text, readme(), EN, "README.md");
    expect(after).toBe(
      `# T\n\nThe loop:\n\n${excerptStart("code.ts#Box.add")}\n[code.ts](code.ts#L20-L23), lines 20–23:\n\n\`\`\`ts\n// Adds one.\nadd(): number {\n  return ++this.n;\n}\n\`\`\`\n${EXCERPT_END}\n\nAfter.\n`,
    );
    expect(stale).toEqual(["excerpt code.ts#Box.add"]);
    expect(await writeExcerpts(after, readme(), EN, "README.md")).toEqual({ text: after, stale: [] });
    const zh = await writeExcerpts(text, readme(), ZH, "README.zh.md");
    expect(zh.text).toContain("[code.ts](code.ts#L20-L23)，第 20–23 行：");
  });

  it("shows a whole file when no symbol is named, fenced past the backticks inside it", async () => {
    const { text } = await writeExcerpts(`${excerptStart("agent.md")}\n${EXCERPT_END}\n`, readme(), EN, "README.md");
    expect(text).toContain("[agent.md](agent.md):\n\n````markdown\n---\nname: x\n---\nRun ```ls``` first.\n````\n");
  });

  it("names a file outside the package from the repository's root", async () => {
    const nested = path.join(dir, "packages", "s01-x", "README.md");
    const { text } = await writeExcerpts(`${excerptStart("../../agent.md")}\n${EXCERPT_END}\n`, nested, EN, "packages/s01-x/README.md");
    expect(text).toContain("[agent.md](../../agent.md):\n\n````markdown\n");
  });

  it("refuses a missing file or symbol, a symbol outside TypeScript, and markers that do not pair", async () => {
    const one = (target: string) => writeExcerpts(`${excerptStart(target)}\n${EXCERPT_END}\n`, readme(), EN, "README.md");
    await expect(one("gone.ts#x")).rejects.toThrow("README.md: the excerpt's file gone.ts does not exist");
    await expect(one("code.ts#gone")).rejects.toThrow("README.md: code.ts: no declaration of `gone` to excerpt");
    await expect(one("agent.md#name")).rejects.toThrow("a symbol can be excerpted from a .ts file only");
    await expect(writeExcerpts(`${excerptStart("code.ts#run")}\n`, readme(), EN, "R.md")).rejects.toThrow("has no <!-- generated:excerpt:end -->");
    await expect(writeExcerpts(`x\n${EXCERPT_END}\n`, readme(), EN, "R.md")).rejects.toThrow("1 <!-- generated:excerpt:end --> markers for 0 excerpts");
  });

  it("can be left out, line for line, to see what the writer wrote", () => {
    const text = `a\n${excerptStart("code.ts#run")}\n\`\`\`ts\nx\n\`\`\`\n${EXCERPT_END}\nb`;
    const without = withoutExcerpts(text, "R.md");
    expect(without.split("\n")).toHaveLength(text.split("\n").length);
    expect(without).not.toContain("```");
  });
});
