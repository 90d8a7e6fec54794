/**
 * A lesson's reading, read off its code: src/agent.ts and what it imports — files join the
 * spine, folders are its mechanisms, each measured whole — plus the core files package.json
 * names (learn.alsoRead). Rendered as the README's "Read first" block; a folder over its
 * 300-line budget is a problem unless both READMEs argue it with its real size; a file that
 * is gone or says nothing about itself is an error — on a small lesson in a temporary folder.
 */
import { mkdir, mkdtemp, rm, writeFile } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { folderVerdicts, readFolders } from "../src/folders.ts";
import { LABELS } from "../src/labels.ts";
import { renderReadFirst } from "../src/read-first.ts";
import { budgetProblems } from "../src/spine.ts";

let root: string;
let dir: string;
const REL = "packages/s99-demo";

/** A file of `lines` lines whose top comment says `says`. */
const file = (says: string, lines: number) => [`/** ${says} */`, ...Array.from({ length: lines - 1 }, (_, i) => `export const x${i} = ${i};`)].join("\n") + "\n";

const AGENT = [
  "/** The agent: the list. */",
  'import { loop } from "./loop.ts";',
  // Imported in another order than the list's: the reading follows the list.
  'import { memory } from "./memory/index.ts";',
  'import { pipe } from "./pipe/index.ts";',
  "export const mechanisms = [pipe, memory];",
].join("\n") + "\n";

async function lesson(files: Record<string, string>, learn?: unknown) {
  await writeFile(path.join(dir, "package.json"), JSON.stringify({ name: "@learn/s99", ...(learn === undefined ? {} : { learn }) }));
  for (const [name, text] of Object.entries(files)) {
    await mkdir(path.dirname(path.join(dir, name)), { recursive: true });
    await writeFile(path.join(dir, name), text);
  }
}

const SMALL = {
  "src/agent.ts": AGENT,
  "src/loop.ts": file("THE LOOP — a | b, for <workspace> and `<tag>`:", 20),
  "src/pipe/index.ts": file("What it adds: a pipe.", 30),
  "src/pipe/parts/valve.ts": file("A valve.", 10),
  "src/pipe/a-fitting.ts": file("A fitting.", 5),
  "src/memory/index.ts": file("Memory.", 8),
};
const read = () => readFolders(dir, REL);

beforeEach(async () => {
  root = await mkdtemp(path.join(os.tmpdir(), "learn-docs-folders-"));
  dir = path.join(root, REL);
  await mkdir(dir, { recursive: true });
});
afterEach(() => rm(root, { recursive: true, force: true }));

describe("a lesson's reading", () => {
  it("is agent.ts and its files, then each mechanism folder whole (index.ts first), rendered in both languages", async () => {
    await lesson(SMALL);
    const list = await read();
    expect(list.spine.files.map((f) => [f.path, f.lines])).toEqual([["src/agent.ts", 5], ["src/loop.ts", 20]]);
    expect(list.folders.map((f) => [f.name!.en, f.lines, f.files.map((x) => x.path)])).toEqual([
      ["src/pipe/", 45, ["src/pipe/index.ts", "src/pipe/a-fitting.ts", "src/pipe/parts/valve.ts"]],
      ["src/memory/", 8, ["src/memory/index.ts"]],
    ]);
    expect(budgetProblems(list, REL)).toEqual([]);
    expect(renderReadFirst(list, LABELS.en)).toBe(
      [
        "The spine, in order: 2 files, 25 lines (the budget is 300).",
        "",
        "|  | file | lines | what it is (its top comment) |",
        "| --- | --- | --- | --- |",
        "| 1 | [src/agent.ts](src/agent.ts) | 5 | The agent: the list. |",
        // A `|` would end the cell, and a <tag> outside code would be read as HTML.
        "| 2 | [src/loop.ts](src/loop.ts) | 20 | THE LOOP — a \\| b, for &lt;workspace&gt; and `<tag>` |",
        "",
        "**The mechanism [src/pipe/](src/pipe/)**, read whole: 3 files, 45 lines.",
        "",
        "|  | file | lines | what it is (its top comment) |",
        "| --- | --- | --- | --- |",
        "| 1 | [src/pipe/index.ts](src/pipe/index.ts) | 30 | What it adds: a pipe. |",
        "| 2 | [src/pipe/a-fitting.ts](src/pipe/a-fitting.ts) | 5 | A fitting. |",
        "| 3 | [src/pipe/parts/valve.ts](src/pipe/parts/valve.ts) | 10 | A valve. |",
        "",
        "**The mechanism [src/memory/](src/memory/)**, read whole: 1 file, 8 lines.",
        "",
        "|  | file | lines | what it is (its top comment) |",
        "| --- | --- | --- | --- |",
        "| 1 | [src/memory/index.ts](src/memory/index.ts) | 8 | Memory. |",
      ].join("\n"),
    );
    const zh = renderReadFirst(list, LABELS.zh);
    expect(zh).toContain("主线，按顺序读：2 个文件，共 25 行（预算 300 行）。");
    expect(zh).toContain("**机制 [src/memory/](src/memory/)**，整个读：1 个文件，共 8 行。");
  });

  it("takes the core files package.json names (learn.alsoRead) into the spine", async () => {
    await mkdir(path.join(root, "packages", "core"), { recursive: true });
    await writeFile(path.join(root, "packages", "core", "kernel.ts"), file("The kernel.", 150));
    await lesson(SMALL, { alsoRead: ["../core/kernel.ts"] });
    const list = await read();
    expect(list.spine.files.map((f) => f.path)).toEqual(["src/agent.ts", "src/loop.ts", "../core/kernel.ts"]);
    expect(list.spine.lines).toBe(175);
  });

  it("allows a folder over its budget only when both READMEs argue it with its real size", async () => {
    await lesson({ ...SMALL, "src/pipe/big.ts": file("Big.", 300) });
    const { folders } = await read();
    const over = "packages/s99-demo/src/pipe/ is 345 lines, over the budget of 300: split it, or argue it in";
    expect(folderVerdicts(folders, REL, { en: "", zh: "" }).problems).toEqual([
      `${over} packages/s99-demo/README.md and packages/s99-demo/README.zh.md on a line naming \`src/pipe/\` and its real size ("345 lines" / "345 行")`,
    ]);
    const en = "`src/pipe/` is 345 lines: it holds the whole pipe.";
    const zh = "`src/pipe/` 共 345 行：整根管道都在这里。";
    expect(folderVerdicts(folders, REL, { en, zh: "" }).problems[0]).toContain(`${over} packages/s99-demo/README.zh.md on a line`);
    expect(folderVerdicts(folders, REL, { en, zh })).toEqual({ problems: [], exceptions: ["packages/s99-demo/src/pipe/: 345 lines, argued in its README"] });
    // A stale size, or the size on another line than the folder, is no argument.
    expect(folderVerdicts(folders, REL, { en: en.replace("345", "340"), zh }).problems).toHaveLength(1);
    expect(folderVerdicts(folders, REL, { en: "`src/pipe/` is big:\n345 lines.", zh }).problems).toHaveLength(1);
  });

  it("is an error naming agent.ts when a file is gone, says nothing about itself, or no folder is imported", async () => {
    await lesson({ ...SMALL, "src/memory/index.ts": "export const memory = 1;\n" });
    await expect(read()).rejects.toThrow("packages/s99-demo/src/agent.ts: reads src/memory/index.ts, which has no top comment to say what it is");
    await lesson(SMALL, { alsoRead: ["../core/gone.ts"] });
    await expect(read()).rejects.toThrow("packages/s99-demo/src/agent.ts: reads ../core/gone.ts, which does not exist");
    await lesson(SMALL, { alsoRead: ["../../../outside.ts"] });
    await expect(read()).rejects.toThrow("reads ../../../outside.ts, outside the repository");
    await lesson({ ...SMALL, "src/agent.ts": '/** No mechanisms. */\nimport { loop } from "./loop.ts";\n' });
    await expect(read()).rejects.toThrow("packages/s99-demo/src/agent.ts: imports no mechanism folder (./<mechanism>/index.ts)");
  });
});
