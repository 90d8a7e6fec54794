/** Every relative link in the course's Markdown leads to a file that exists. */
import { mkdtemp, mkdir, rm, writeFile } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { repoRoot } from "@learn/core";
import { brokenLinks, linksIn } from "../src/links.ts";

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

  it("that lead nowhere are reported with file and line", async () => {
    const root = await mkdtemp(path.join(os.tmpdir(), "learn-links-"));
    try {
      await mkdir(path.join(root, "docs"));
      await writeFile(path.join(root, "docs", "ok.md"), "# ok\n");
      await writeFile(path.join(root, "README.md"), "[ok](docs/ok.md#x) [web](https://x.y)\n\n[gone](docs/gone.md)\n");
      expect(await brokenLinks(root)).toEqual([{ file: "README.md", line: 3, target: "docs/gone.md" }]);
    } finally {
      await rm(root, { recursive: true, force: true });
    }
  });
});
