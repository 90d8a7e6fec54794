/**
 * A lesson's spine, declared once in its package.json: read and measured, rendered as the
 * README's "Read first" block, over its 300-line budget a problem, and any mistake in the
 * declaration an error naming package.json — on a small lesson made in a temporary folder.
 */
import { mkdir, mkdtemp, rm, writeFile } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { LABELS } from "../src/labels.ts";
import { renderReadFirst } from "../src/read-first.ts";
import { budgetProblems, readReadingList } from "../src/spine.ts";

let root: string;
let dir: string;
const REL = "packages/s99-demo";

/** A file of `lines` lines whose top comment says `says`. */
const file = (says: string, lines: number) => [`/** ${says} */`, ...Array.from({ length: lines - 1 }, (_, i) => `export const x${i} = ${i};`)].join("\n") + "\n";

async function lesson(learn: unknown, files: Record<string, string>) {
  await writeFile(path.join(dir, "package.json"), JSON.stringify({ name: "@learn/s99", ...(learn === undefined ? {} : { learn }) }));
  for (const [name, text] of Object.entries(files)) {
    await mkdir(path.dirname(path.join(dir, name)), { recursive: true });
    await writeFile(path.join(dir, name), text);
  }
}

const START = { "src/agent.ts": file("The agent: the list.", 10), "src/mechanism.ts": file("What it adds.", 20) };
const read = () => readReadingList(dir, REL);

beforeEach(async () => {
  root = await mkdtemp(path.join(os.tmpdir(), "learn-docs-spine-"));
  dir = path.join(root, REL);
  await mkdir(dir, { recursive: true });
});
afterEach(() => rm(root, { recursive: true, force: true }));

describe("a lesson's reading list", () => {
  it("is its files in order, measured and described by their own top comments, rendered in both languages", async () => {
    await lesson(
      { readFirst: ["src/agent.ts", "src/mechanism.ts", "src/pipe.ts"], optional: [{ name: { en: "memory", zh: "记忆" }, files: ["src/memory.ts"] }] },
      { ...START, "src/pipe.ts": file("THE PIPE — a | b, for <workspace> and `<tag>`:", 30), "src/memory.ts": file("Memory.", 5) },
    );
    const list = await read();
    expect(list.spine).toEqual({
      lines: 60,
      files: [
        { path: "src/agent.ts", lines: 10, says: "The agent: the list." },
        { path: "src/mechanism.ts", lines: 20, says: "What it adds." },
        { path: "src/pipe.ts", lines: 30, says: "THE PIPE — a | b, for <workspace> and `<tag>`" },
      ],
    });
    expect(budgetProblems(list, REL)).toEqual([]);
    expect(renderReadFirst(list, LABELS.en)).toBe(
      [
        "The spine, in order: 3 files, 60 lines (the budget is 300).",
        "",
        "|  | file | lines | what it is (its top comment) |",
        "| --- | --- | --- | --- |",
        "| 1 | [src/agent.ts](src/agent.ts) | 10 | The agent: the list. |",
        "| 2 | [src/mechanism.ts](src/mechanism.ts) | 20 | What it adds. |",
        // A `|` would end the cell, and a <tag> outside code would be read as HTML.
        "| 3 | [src/pipe.ts](src/pipe.ts) | 30 | THE PIPE — a \\| b, for &lt;workspace&gt; and `<tag>` |",
        "",
        "**Optional: memory** — 1 file, 5 lines.",
        "",
        "|  | file | lines | what it is (its top comment) |",
        "| --- | --- | --- | --- |",
        "| 1 | [src/memory.ts](src/memory.ts) | 5 | Memory. |",
      ].join("\n"),
    );
    const zh = renderReadFirst(list, LABELS.zh);
    expect(zh).toContain("主线，按顺序读：3 个文件，共 60 行（预算 300 行）。");
    expect(zh).toContain("**可选：记忆** — 1 个文件，共 5 行。");
    expect(zh).toContain("| 1 | [src/agent.ts](src/agent.ts) | 10 | The agent: the list. |");
  });

  it("may start with the mechanism's folder (src/<mechanism>/index.ts) in place of src/mechanism.ts", async () => {
    await lesson({ readFirst: ["src/agent.ts", "src/workflows/index.ts"] }, { "src/agent.ts": START["src/agent.ts"]!, "src/workflows/index.ts": file("What it adds, in its folder.", 20) });
    expect((await read()).spine.files.map((f) => f.path)).toEqual(["src/agent.ts", "src/workflows/index.ts"]);
    await lesson({ readFirst: ["src/agent.ts", "src/workflows/run.ts"] }, { "src/agent.ts": START["src/agent.ts"]!, "src/workflows/run.ts": file("Not the mechanism.", 20) });
    await expect(read()).rejects.toThrow("learn.readFirst must start with src/agent.ts, src/mechanism.ts (or the mechanism's folder, src/<mechanism>/index.ts)");
  });

  it("may name a file outside the package, inside the repository", async () => {
    await mkdir(path.join(root, "packages", "core"), { recursive: true });
    await writeFile(path.join(root, "packages", "core", "kernel.ts"), file("THE KERNEL.", 4));
    await lesson({ readFirst: ["src/agent.ts", "src/mechanism.ts", "../core/kernel.ts"] }, START);
    expect((await read()).spine.files[2]).toEqual({ path: "../core/kernel.ts", lines: 4, says: "THE KERNEL." });
  });

  it("is over its budget past 300 lines, the spine and each optional path on its own", async () => {
    await lesson(
      { readFirst: ["src/agent.ts", "src/mechanism.ts", "src/big.ts"], optional: [{ name: { en: "cron", zh: "定时作业" }, files: ["src/a.ts", "src/b.ts"] }] },
      { ...START, "src/big.ts": file("Big.", 270), "src/a.ts": file("A.", 150), "src/b.ts": file("B.", 150) },
    );
    expect(budgetProblems(await read(), REL)).toEqual([]); // 300 and 300: within

    await writeFile(path.join(dir, "src/big.ts"), file("Big.", 271));
    await writeFile(path.join(dir, "src/b.ts"), file("B.", 151));
    expect(budgetProblems(await read(), REL)).toEqual([
      "packages/s99-demo/package.json: the spine (learn.readFirst) is 301 lines, over the budget of 300: choose the files that hold the idea, or give the rest an optional path",
      'packages/s99-demo/package.json: the optional path "cron" is 301 lines, over the budget of 300: split it',
    ]);
  });

  it("is an error naming package.json when a file is gone, says nothing about itself, or is outside the repository", async () => {
    await lesson({ readFirst: ["src/agent.ts", "src/mechanism.ts", "src/gone.ts"] }, START);
    await expect(read()).rejects.toThrow("packages/s99-demo/package.json: learn names src/gone.ts, which does not exist");
    await lesson({ readFirst: ["src/agent.ts", "src/mechanism.ts", "src/index.ts"] }, { "src/index.ts": 'export * from "./agent.ts";\n' });
    await expect(read()).rejects.toThrow("packages/s99-demo/package.json: learn names src/index.ts, which has no top comment to say what it is");
    await lesson({ readFirst: ["src/agent.ts", "src/mechanism.ts", "../../../outside.ts"] }, START);
    await expect(read()).rejects.toThrow("learn names ../../../outside.ts, outside the repository");
  });

  it("is an error naming package.json when the declaration is missing or wrong", async () => {
    const cases: [unknown, string][] = [
      [undefined, "no learn field declaring the lesson's spine"],
      [{ readFirst: [] }, "learn.readFirst must be a list of files"],
      [{ readFirst: ["src/mechanism.ts", "src/agent.ts"] }, "learn.readFirst must start with src/agent.ts, src/mechanism.ts"],
      [{ readFirst: ["src/agent.ts", "src/mechanism.ts", "src/agent.ts"] }, "learn names src/agent.ts twice"],
      [{ readFirst: ["src/agent.ts", "src/mechanism.ts"], optional: [{ name: { en: "memory" }, files: ["src/m.ts"] }] }, "learn.optional[0] needs a name in en and zh"],
      [{ readFirst: ["src/agent.ts", "src/mechanism.ts"], optional: [{ name: { en: "m", zh: "m" }, files: ["src/mechanism.ts"] }] }, "learn names src/mechanism.ts twice"],
      [{ readFirst: ["src/agent.ts", "src/mechanism.ts", "/etc/hosts"] }, "learn.readFirst: /etc/hosts must be relative to the package"],
    ];
    for (const [learn, message] of cases) {
      await lesson(learn, START);
      await expect(read()).rejects.toThrow(`packages/s99-demo/package.json: ${message}`);
    }
  });
});
