/**
 * Docs cannot drift from code: on a copy of the lessons, change one line of an agent.ts
 * without regenerating, and the check fails naming the file and the block; regenerate, and
 * it passes again. The same for a generated excerpt whose code changed, and for a "Read first"
 * list whose file changed its top comment; a README that lost one of its sections fails the
 * same check, naming the heading, and so does a spine over its budget or naming a missing file.
 */
import { cp, mkdtemp, readFile, rm, symlink, writeFile } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { repoRoot } from "@learn/core/harness";
import { runDocsCommand } from "../src/docs-command.ts";

let root: string;

/**
 * A copy of core and the first two lessons, their node_modules pointing at the real ones so
 * the copy runs for real.
 */
async function copyPackages(): Promise<string> {
  const dir = await mkdtemp(path.join(os.tmpdir(), "learn-docs-stale-"));
  const real = path.join(repoRoot(), "packages");
  // The packages' tsconfig.json extend the root's; the TypeScript transform reads it.
  await cp(path.join(repoRoot(), "tsconfig.base.json"), path.join(dir, "tsconfig.base.json"));
  for (const name of ["core", "s01-loop", "s02-tools"]) {
    const from = path.join(real, name);
    const to = path.join(dir, "packages", name);
    await cp(from, to, { recursive: true, filter: (src) => !src.split(path.sep).some((p) => p === "node_modules" || p === ".turbo") });
    await symlink(path.join(from, "node_modules"), path.join(to, "node_modules"), "dir");
  }
  return dir;
}

async function docs(command: "generate" | "check") {
  let out = "";
  let err = "";
  const code = await runDocsCommand([command, "--root", root], { out: (t) => (out += t), err: (t) => (err += t) });
  return { code, out, err };
}

beforeAll(async () => {
  root = await copyPackages();
});
afterAll(() => rm(root, { recursive: true, force: true }));

describe("pnpm docs:check", () => {
  it("fails on a changed agent.ts, naming the file and block, and passes once regenerated", async () => {
    expect(await docs("generate")).toMatchObject({ code: 0, err: "" });
    expect(await docs("check")).toMatchObject({ code: 0 });

    // One line of s02's agent.ts changes, and nobody runs `pnpm run docs`.
    const agent = path.join(root, "packages", "s02-tools", "src", "agent.ts");
    const text = await readFile(agent, "utf8");
    const changed = text.replace("const system = joinSections(own.sections);", "const system = joinSections(own.sections); // the memory");
    expect(changed).not.toBe(text);
    await writeFile(agent, changed);

    const stale = await docs("check");
    expect(stale.code).toBe(1);
    expect(stale.err).toContain("packages/s02-tools/README.md: code-diff");
    expect(stale.err).toContain("packages/s02-tools/README.zh.md: code-diff");
    expect(stale.err).not.toContain("packages/s01-loop/README.md");
    expect(stale.err).toContain("Run `pnpm run docs`");

    const generated = await docs("generate");
    expect(generated.out).toContain("updated packages/s02-tools/README.md: code-diff");
    expect(await docs("check")).toMatchObject({ code: 0, err: "" });
    expect(await readFile(path.join(root, "packages", "s02-tools", "README.md"), "utf8")).toContain("// the memory");
  });

  it("fails on a stale Read first, a mechanism folder over its budget unless argued, and a missing file", async () => {
    // The test before ends with every block up to date.
    const readme = path.join(root, "packages", "s01-loop", "README.md");
    const readmeZh = path.join(root, "packages", "s01-loop", "README.zh.md");
    expect(await readFile(readme, "utf8")).toContain("| [src/bash/guard.ts](src/bash/guard.ts) | 22 | The refuse-list: commands the bash tool will not run, whatever the model says. |");

    // The guard's own comment says something new, and nobody regenerates: the list is stale.
    const guard = path.join(root, "packages", "s01-loop", "src", "bash", "guard.ts");
    const guardText = await readFile(guard, "utf8");
    await writeFile(guard, guardText.replace("The refuse-list: commands", "The refuse-list, short: commands"));
    const stale = await docs("check");
    expect(stale.code).toBe(1);
    expect(stale.err).toContain("packages/s01-loop/README.md: read-first\n");
    expect(stale.err).toContain("packages/s01-loop/README.zh.md: read-first\n");
    expect(await docs("generate")).toMatchObject({ code: 0, out: expect.stringContaining("updated packages/s01-loop/README.md: read-first") });
    expect(await readFile(readme, "utf8")).toContain("| 22 | The refuse-list, short: commands the bash tool will not run");

    // The mechanism folder grows past 300 lines: generating still writes the list (the writer
    // sees the numbers); the check fails, naming the folder and both READMEs.
    const extra = path.join(root, "packages", "s01-loop", "src", "bash", "extra.ts");
    await writeFile(extra, ["/** Padding: a folder that grew. */", ...Array.from({ length: 249 }, (_, i) => `export const x${i} = ${i};`)].join("\n") + "\n");
    expect(await docs("generate")).toMatchObject({ code: 0 });
    const over = await docs("check");
    expect(over.code).toBe(1);
    expect(over.err).toContain("packages/s01-loop/src/bash/ is 348 lines, over the budget of 300: split it, or argue it in packages/s01-loop/README.md and packages/s01-loop/README.zh.md");
    expect(over.err).not.toContain("Stale docs");

    // Argued in both READMEs with its real size: allowed, and listed.
    const [en, zh] = [await readFile(readme, "utf8"), await readFile(readmeZh, "utf8")];
    await writeFile(readme, en.replace("## What changed", "`src/bash/` is 348 lines: padding, for the test.\n\n## What changed"));
    await writeFile(readmeZh, zh.replace("## 变化了什么", "`src/bash/` 共 348 行：测试用的填充。\n\n## 变化了什么"));
    const argued = await docs("check");
    expect(argued).toMatchObject({ code: 0, out: expect.stringContaining("over the budget, argued: packages/s01-loop/src/bash/: 348 lines") });

    // A stale size is no argument: one more line, and the check fails again.
    await writeFile(extra, (await readFile(extra, "utf8")) + "export const more = 1;\n");
    expect(await docs("generate")).toMatchObject({ code: 0 });
    expect((await docs("check")).err).toContain("packages/s01-loop/src/bash/ is 349 lines");

    // A core file the lesson names (learn.alsoRead) is gone: an error naming agent.ts and the file.
    const pkgFile = path.join(root, "packages", "s01-loop", "package.json");
    const pkg = await readFile(pkgFile, "utf8");
    await writeFile(pkgFile, pkg.replace('"type": "module",', '"type": "module",\n  "learn": { "alsoRead": ["../core/src/gone.ts"] },'));
    const missing = await docs("check");
    expect(missing.code).toBe(1);
    expect(missing.err).toContain("packages/s01-loop/src/agent.ts: reads ../core/src/gone.ts, which does not exist");

    // Put back as it was; the next test regenerates before it checks.
    await writeFile(pkgFile, pkg);
    await writeFile(guard, guardText);
    await rm(extra);
    await writeFile(readme, en);
    await writeFile(readmeZh, zh);
  });

  it("fails on an excerpt whose code changed and on a README out of shape, naming each", async () => {
    // The README shows s02's loop as a generated excerpt, up to date; then the loop changes,
    // and someone deletes the README's "Read first" section.
    const readmeFile = path.join(root, "packages", "s02-tools", "README.md");
    const excerpt = "<!-- generated:excerpt:start src/loop.ts#agentLoop -->\n<!-- generated:excerpt:end -->\n\n";
    await writeFile(readmeFile, (await readFile(readmeFile, "utf8")).replace("## What changed", `${excerpt}## What changed`));
    expect(await docs("generate")).toMatchObject({ code: 0, out: expect.stringContaining("updated packages/s02-tools/README.md: excerpt src/loop.ts#agentLoop") });
    const loop = path.join(root, "packages", "s02-tools", "src", "loop.ts");
    await writeFile(loop, (await readFile(loop, "utf8")).replace("export async function agentLoop(", "// changed\nexport async function agentLoop("));
    await writeFile(readmeFile, (await readFile(readmeFile, "utf8")).replace("## Read first\n", ""));

    const result = await docs("check");
    expect(result.code).toBe(1);
    expect(result.err).toMatch(/ {2}packages\/s02-tools\/README\.md: .*, excerpt src\/loop\.ts#agentLoop\n/);
    expect(result.err).toContain('packages/s02-tools/README.md: the heading "## Read first" is missing');
    expect(result.err).not.toContain("README.zh.md: the heading");
  });
});
