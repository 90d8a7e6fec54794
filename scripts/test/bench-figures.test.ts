/**
 * The README figure check behind `pnpm bench` (bench/figures.ts, bench/figures-check.ts): a
 * figure a benchmark prints is recorded; the check finds the same figure in the docs by its
 * marker, reports a difference, and with `write` replaces it and nothing else.
 */
import { mkdir, mkdtemp, readFile, rm, writeFile } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { afterEach, describe, expect, it } from "vitest";
import { figure } from "../bench/figures.ts";
import { checkFigures, documents, markedFigures, report } from "../bench/figures-check.ts";

const repo = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../..");
const mark = (id: string, text: string) => `<!-- figure:${id} -->${text}<!-- /figure -->`;
const folders: string[] = [];
afterEach(async () => {
  delete process.env.BENCH_FIGURES;
  for (const f of folders.splice(0)) await rm(f, { recursive: true, force: true });
});

async function tempRepo(): Promise<string> {
  const root = await mkdtemp(path.join(os.tmpdir(), "bench-figures-"));
  folders.push(root);
  await mkdir(path.join(root, "packages", "s07-compact"), { recursive: true });
  await writeFile(path.join(root, "README.md"), `| cost | ${mark("compaction.lesson.cost", "50.4 %")} |\nrun on ${mark("bench.date", "2 Dec 2026")}\n`);
  await writeFile(path.join(root, "packages", "s07-compact", "README.zh.md"), `成本中位数 ${mark("compaction.lesson.cost", "50.4 %")}。\n`);
  await writeFile(path.join(root, "packages", "s07-compact", "README.md"), "No figures here.\n");
  return root;
}

describe("the README's figures against a benchmark run", () => {
  it("figure() returns its text and records it where pnpm bench asks", async () => {
    const dir = await mkdtemp(path.join(os.tmpdir(), "bench-figures-"));
    folders.push(dir);
    process.env.BENCH_FIGURES = path.join(dir, "figures.jsonl");
    expect(figure("startup.s01.http", "0.30 / 0.31 / 0.40 s")).toBe("0.30 / 0.31 / 0.40 s");
    expect(figure("startup.pnpm-overhead", "+0.58 s to +0.68 s")).toBe("+0.58 s to +0.68 s");
    const lines = (await readFile(process.env.BENCH_FIGURES, "utf8")).trim().split("\n").map((l) => JSON.parse(l));
    expect(lines).toEqual([{ id: "startup.s01.http", text: "0.30 / 0.31 / 0.40 s" }, { id: "startup.pnpm-overhead", text: "+0.58 s to +0.68 s" }]);
  });

  it("reports each difference, in every document that holds the figure, and changes nothing without write", async () => {
    const root = await tempRepo();
    const before = await readFile(path.join(root, "README.md"), "utf8");
    expect((await documents(root)).map((f) => path.relative(root, f))).toEqual(["README.md", "packages/s07-compact/README.zh.md"]);
    const result = await checkFigures(root, [{ id: "compaction.lesson.cost", text: "64.2 %" }, { id: "compaction.new", text: "1" }], false);
    expect(result.same).toBe(0);
    expect(result.differ.map((d) => [d.file, d.documented, d.measured])).toEqual([
      ["README.md", "50.4 %", "64.2 %"],
      ["packages/s07-compact/README.zh.md", "50.4 %", "64.2 %"],
    ]);
    expect(result.undocumented).toEqual(["compaction.new"]);
    expect(result.unmeasured).toEqual(["bench.date"]);
    expect(report(result, false, false).join("\n")).toContain('compaction.lesson.cost (README.md): the README says "50.4 %", this run "64.2 %"');
    expect(report(result, false, false).join("\n")).not.toContain("not measured"); // one script's run: the others' figures are not its business
    expect(report(result, false, true).join("\n")).toContain("in a README, not measured by this run: bench.date");
    expect(await readFile(path.join(root, "README.md"), "utf8")).toBe(before);
  });

  it("with write, puts the new figure between the markers and leaves every other byte", async () => {
    const root = await tempRepo();
    await checkFigures(root, [{ id: "compaction.lesson.cost", text: "64.2 %" }, { id: "bench.date", text: "6 Dec 2026" }], true);
    expect(await readFile(path.join(root, "README.md"), "utf8")).toBe(`| cost | ${mark("compaction.lesson.cost", "64.2 %")} |\nrun on ${mark("bench.date", "6 Dec 2026")}\n`);
    expect(await readFile(path.join(root, "packages", "s07-compact", "README.zh.md"), "utf8")).toBe(`成本中位数 ${mark("compaction.lesson.cost", "64.2 %")}。\n`);
    const again = await checkFigures(root, [{ id: "compaction.lesson.cost", text: "64.2 %" }, { id: "bench.date", text: "6 Dec 2026" }], false);
    expect([again.same, again.differ.length]).toEqual([3, 0]);
  });

  it("every figure marked in this repository's docs names a benchmark that prints it", async () => {
    const benches = new Set((await import("node:fs/promises").then((fs) => fs.readdir(path.join(repo, "scripts", "bench")))).map((f) => f.replace(/\.(ts|sh)$/, "")));
    const ids = (await Promise.all((await documents(repo)).map(async (f) => markedFigures(await readFile(f, "utf8")).map((m) => m.id)))).flat();
    expect(ids.length).toBeGreaterThan(0);
    const orphans = ids.filter((id) => id !== "bench.date" && !benches.has(id.split(".")[0]!));
    expect(orphans).toEqual([]);
  });
});
