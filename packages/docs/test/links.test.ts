/** Every relative link in the course's Markdown leads to a file that exists. */
import { mkdtemp, mkdir, rm, writeFile } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { repoRoot } from "@learn/core/harness";
import { runDocsCommand } from "../src/docs-command.ts";
import { brokenLinks, headingIds, linksIn } from "../src/links.ts";

describe("links", () => {
  it("in the repo's docs, READMEs and package docs all resolve", async () => {
    expect(await brokenLinks(repoRoot())).toEqual([]);
  });

  it("are found outside code, without web links, with their line numbers", () => {
    const md = [
      "See [the loop](src/loop.ts) and ![a diagram](img/x.png \"title\").",
      "[site](https://example.com) [mail](mailto:a@b.c) [here](#top)",
      "`[not](a-link.md)`",
      "```ts",
      "const f = a[0](b);",
      "```",
      "[ref]: ../docs/index.md#intro",
    ].join("\n");
    expect(linksIn(md)).toEqual([
      { line: 1, target: "src/loop.ts" },
      { line: 1, target: "img/x.png" },
      { line: 2, target: "https://example.com" },
      { line: 2, target: "mailto:a@b.c" },
      { line: 2, target: "#top" },
      { line: 7, target: "../docs/index.md#intro" },
    ]);
  });

  it("name headings by GitHub's ids, a repeated one with -1, -2", () => {
    const md = "# s03 · Hooks — reference\n## Permission modes\n## `bash`: the rules\n```\n## not a heading\n```\n## Notes\n## Notes\n## 参考：权限规则\n";
    expect([...headingIds(md)]).toEqual(["s03--hooks--reference", "permission-modes", "bash-the-rules", "notes", "notes-1", "参考权限规则"]);
  });

  it("that lead nowhere are reported with file and line", async () => {
    const root = await mkdtemp(path.join(os.tmpdir(), "learn-links-"));
    try {
      await mkdir(path.join(root, "docs"));
      await writeFile(path.join(root, "docs", "ok.md"), "# ok\n");
      await writeFile(path.join(root, "README.md"), "[ok](docs/ok.md#ok) [web](https://x.y)\n\n[gone](docs/gone.md)\n");
      expect(await brokenLinks(root)).toEqual([{ file: "README.md", line: 3, target: "docs/gone.md" }]);
    } finally {
      await rm(root, { recursive: true, force: true });
    }
  });

  it("to a heading that moved away are reported, in another file or on the same page", async () => {
    const root = await mkdtemp(path.join(os.tmpdir(), "learn-links-"));
    try {
      await mkdir(path.join(root, "packages", "s01-x", "src"), { recursive: true });
      await writeFile(path.join(root, "packages", "s01-x", "src", "loop.ts"), "// the loop\n");
      await writeFile(path.join(root, "packages", "s01-x", "REFERENCE.md"), "# Reference\n\n## Permission modes\n\n[back](README.md#try-it)\n");
      const readme = [
        "## Try it",
        "[modes](REFERENCE.md#permission-modes) [lines](src/loop.ts#L1-L2) [here](#try-it)",
        "[moved](REFERENCE.md#reference-permission-rules)",
        "[gone](#the-code-diff)",
      ].join("\n");
      await writeFile(path.join(root, "packages", "s01-x", "README.md"), `${readme}\n`);
      const broken = [
        { file: "packages/s01-x/README.md", line: 3, target: "REFERENCE.md#reference-permission-rules" },
        { file: "packages/s01-x/README.md", line: 4, target: "#the-code-diff" },
      ];
      expect(await brokenLinks(root)).toEqual(broken);

      // `pnpm docs:check` runs this check too (`docs-cli links`): one line each, exit 1.
      let err = "";
      const code = await runDocsCommand(["links", "--root", root], { out: () => {}, err: (t) => (err += t) });
      expect(code).toBe(1);
      expect(err).toBe(`Links that lead nowhere:\n${broken.map((b) => `  ${b.file}:${b.line}: ${b.target}\n`).join("")}`);
    } finally {
      await rm(root, { recursive: true, force: true });
    }
  });
});
