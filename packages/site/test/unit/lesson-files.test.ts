/**
 * What a lesson page lists beside its README, without a browser: source files in the lesson's
 * reading order (package.json's `learn`), then its demo scripts, then its tests; links to a demo
 * script or a test lead to its block; the side-by-side diff is one table, row for row.
 */
import { mkdir, mkdtemp, rm, writeFile } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { demoAndTestFiles, inReadingOrder, readingOrder } from "../../src/lesson-files.ts";
import { pageForRepoFile } from "../../src/routes.ts";
import { sideBySideRows, sideBySideTable } from "../../src/side-by-side.ts";

let root: string;
/** The lesson, one folder down, so that its `../core` is inside the temporary folder too. */
let dir: string;

async function put(file: string, text: string): Promise<void> {
  await mkdir(path.dirname(path.join(dir, file)), { recursive: true });
  await writeFile(path.join(dir, file), text);
}

beforeAll(async () => {
  root = await mkdtemp(path.join(os.tmpdir(), "learn-site-files-"));
  dir = path.join(root, "s99");
  await put("package.json", JSON.stringify({ name: "@learn/s99", learn: { alsoRead: ["../core/src/runtime/kernel.ts"] } }));
  // Each file as a lesson's: a top comment that says what it is (the docs read its first sentence).
  const said = (what: string, code = "") => `/** ${what}. */\n${code}`;
  await put("../core/src/runtime/kernel.ts", said("The kernel"));
  await put("src/agent.ts", said("The agent", 'import { hooks } from "./hooks/index.ts";\nimport { permissions } from "./permissions/index.ts";\nexport const mechanisms = [permissions, hooks];\n'));
  await put("src/permissions/index.ts", said("Permissions", "export const permissions = {};\n"));
  await put("src/permissions/pipeline.ts", said("The pipeline"));
  await put("src/hooks/index.ts", said("Hooks", "export const hooks = {};\n"));
  await put("src/hooks/run.ts", said("Running hooks"));
  await put("demo/guarded.yaml", "prompt: hi\nturns: []\n");
  await put("demo/notes.md", "not a script\n");
  await put("test/agent.test.ts", "// a test\n");
  await put("test/sandbox/deep.test.ts", "// deeper\n");
  await put("test/fixtures/server.mjs", "// not TypeScript\n");
});
afterAll(() => rm(root, { recursive: true, force: true }));

describe("a lesson's files on its page", () => {
  it("reads the reading order as the docs do: the spine, then each mechanism's folder in the list's order; none without an agent.ts", async () => {
    expect(await readingOrder(dir)).toEqual(["src/agent.ts", "../core/src/runtime/kernel.ts", "src/permissions/index.ts", "src/permissions/pipeline.ts", "src/hooks/index.ts", "src/hooks/run.ts"]);
    expect(await readingOrder(path.join(dir, "test"))).toEqual([]);
  });

  it("lists the files named there first, in that order, and the rest after them by name (s03's pipeline.ts was 23rd)", async () => {
    const names = ["src/a-first.ts", "src/agent.ts", "src/hooks/index.ts", "src/hooks/run.ts", "src/permissions/index.ts", "src/permissions/pipeline.ts", "src/z-last.ts"];
    const ordered = inReadingOrder(names.map((p) => ({ path: p })), await readingOrder(dir));
    expect(ordered.map((m) => m.path)).toEqual(["src/agent.ts", "src/permissions/index.ts", "src/permissions/pipeline.ts", "src/hooks/index.ts", "src/hooks/run.ts", "src/a-first.ts", "src/z-last.ts"]);
  });

  it("adds the demo scripts, then the TypeScript tests (in subfolders too), each with its line count", async () => {
    const files = await demoAndTestFiles(dir);
    expect(files.map((f) => [f.group, f.path, f.lines])).toEqual([
      ["demo", "demo/guarded.yaml", 2],
      ["test", "test/agent.test.ts", 1],
      ["test", "test/sandbox/deep.test.ts", 1],
    ]);
    expect(await demoAndTestFiles(path.join(dir, "demo"))).toEqual([]); // no demo/ or test/ folder: nothing
  });

  it("links a demo script or a test to its block on the lesson page; a fixture that is not shown gets no link", () => {
    expect(pageForRepoFile("packages/s03-hooks/demo/guarded.yaml", "en")).toBe("lessons/s03-hooks/index.md#file-demo-guarded-yaml");
    expect(pageForRepoFile("packages/s03-hooks/test/sandbox/deep.test.ts", "zh")).toBe("zh/lessons/s03-hooks/index.md#file-test-sandbox-deep-test-ts");
    expect(pageForRepoFile("packages/s13-mcp/test/fixtures/faulty-server.mjs", "en")).toBeUndefined();
  });
});

describe("the side-by-side diff", () => {
  it("is one table: each row holds the old line and the new line it became, so wrapped lines keep the sides together", () => {
    const html = sideBySideTable(sideBySideRows("--- a\n+++ b\n@@ -1,2 +1,2 @@\n same\n-old <line>\n+new line\n"), "old.ts", "new.ts");
    expect(html.match(/<table>/g)).toHaveLength(1);
    expect(html).toContain(`<tr><td class="ln">2</td><td class="code del">old &lt;line&gt;</td><td class="ln">2</td><td class="code add">new line</td></tr>`);
    expect(html).toContain(`<tr class="hunk"><td colspan="4">@@ -1,2 +1,2 @@</td></tr>`);
  });
});
