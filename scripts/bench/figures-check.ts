/**
 * The check behind `pnpm bench`: every figure a benchmark recorded (figures.ts) against the same
 * figure in the documentation, found by its marker. Prints each difference; `--write` replaces
 * the documented figure with the new one. A full run (`pnpm bench`, every script) also dates
 * the figures (the `bench.date` figure) and lists the documented figures it did not measure.
 */
import { readdir, readFile, writeFile } from "node:fs/promises";
import path from "node:path";

export interface Recorded { id: string; text: string }

const MARKER = /<!-- figure:([\w.-]+) -->([\s\S]*?)<!-- \/figure -->/g;

/** The documents that may hold figures: the root README, BENCHMARKS.md, each package's README and REFERENCE (both languages). */
export async function documents(root: string): Promise<string[]> {
  const files = ["README.md", "BENCHMARKS.md"].map((f) => path.join(root, f));
  for (const dir of await readdir(path.join(root, "packages"))) {
    for (const name of ["README.md", "README.zh.md", "REFERENCE.md", "REFERENCE.zh.md"]) files.push(path.join(root, "packages", dir, name));
  }
  const present = await Promise.all(files.map((f) => readFile(f, "utf8").then((text) => ({ file: f, text }), () => undefined)));
  return present.filter((p) => p?.text.includes("<!-- figure:")).map((p) => p!.file);
}

/** Every marked figure in a text: its id and what it says now. */
export function markedFigures(text: string): Recorded[] {
  return [...text.matchAll(MARKER)].map((m) => ({ id: m[1]!, text: m[2]! }));
}

/** The text with each marked figure that was recorded replaced by the recorded one. */
export function withFigures(text: string, recorded: ReadonlyMap<string, string>): string {
  return text.replace(MARKER, (whole, id: string) => (recorded.has(id) ? `<!-- figure:${id} -->${recorded.get(id)}<!-- /figure -->` : whole));
}

export interface CheckResult { same: number; differ: { id: string; file: string; documented: string; measured: string }[]; undocumented: string[]; unmeasured: string[] }

/** Compare (and with `write`, update) every document against the recorded figures. */
export async function checkFigures(root: string, records: readonly Recorded[], write: boolean): Promise<CheckResult> {
  const recorded = new Map(records.map((r) => [r.id, r.text])); // a figure recorded twice: the last one
  const result: CheckResult = { same: 0, differ: [], undocumented: [], unmeasured: [] };
  const documented = new Set<string>();
  for (const file of await documents(root)) {
    const text = await readFile(file, "utf8");
    for (const { id, text: documentedText } of markedFigures(text)) {
      documented.add(id);
      const measured = recorded.get(id);
      if (measured === undefined) result.unmeasured.push(id);
      else if (measured === documentedText) result.same++;
      else result.differ.push({ id, file: path.relative(root, file), documented: documentedText, measured });
    }
    if (write) {
      const updated = withFigures(text, recorded);
      if (updated !== text) await writeFile(file, updated);
    }
  }
  result.undocumented = [...recorded.keys()].filter((id) => !documented.has(id));
  return result;
}

/** What the check prints. */
export function report(r: CheckResult, write: boolean, full: boolean): string[] {
  const lines = [`Figures against the README: ${r.same} the same, ${r.differ.length} ${write ? "written anew" : "different"}.`];
  for (const d of r.differ) lines.push(`  ${d.id} (${d.file}): the README says ${JSON.stringify(d.documented)}, this run ${JSON.stringify(d.measured)}`);
  if (r.undocumented.length) lines.push(`  printed, not in any README: ${r.undocumented.join(", ")}`);
  if (full && r.unmeasured.length) lines.push(`  in a README, not measured by this run: ${[...new Set(r.unmeasured)].join(", ")}`);
  if (r.differ.length && !write) lines.push("  (pnpm bench [name] --write puts this run's figures in)");
  return lines;
}
