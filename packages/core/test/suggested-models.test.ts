/**
 * Every model id the course suggests (README, .env.example, the providers page) must be one
 * the installed SDK does not list as deprecated: a student who copies it should not be greeted
 * by an end-of-life warning.
 */
import { readFile } from "node:fs/promises";
import { createRequire } from "node:module";
import path from "node:path";
import { pathToFileURL } from "node:url";
import { describe, expect, it } from "vitest";
import { repoRoot } from "../src/platform/config.ts";

const SUGGESTING = ["README.md", ".env.example", "docs/providers.md", "docs/providers.zh.md"];

/** The SDK's own list, read from its files (it is not part of the package's exports). */
async function deprecatedModels(): Promise<Record<string, string>> {
  const sdkMain = createRequire(import.meta.url).resolve("@anthropic-ai/sdk");
  const file = path.join(path.dirname(sdkMain), "internal", "data", "deprecated-models.js");
  const mod = (await import(pathToFileURL(file).href)) as { DEPRECATED_MODELS: Record<string, string> };
  return mod.DEPRECATED_MODELS;
}

describe("suggested model ids", () => {
  it("none is on the installed SDK's list of deprecated models", async () => {
    const deprecated = await deprecatedModels();
    expect(Object.keys(deprecated).length).toBeGreaterThan(0);
    const suggested: string[] = [];
    for (const file of SUGGESTING) {
      const text = await readFile(path.join(repoRoot(), file), "utf8");
      for (const match of text.matchAll(/MODEL_ID=([^\s`]+)/g)) suggested.push(match[1]!.replace(/^.*\//, ""));
    }
    expect(suggested.length).toBeGreaterThan(3);
    expect(suggested.filter((id) => id in deprecated)).toEqual([]);
  });
});
