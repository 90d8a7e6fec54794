/**
 * `pnpm docs` (generate) and `pnpm docs:check` (check, then links). Check exits 1 naming each
 * stale file and block, so CI says exactly which doc drifted from which code, and each problem
 * with a lesson's README or REFERENCE shape (shape.ts). Links exits 1 naming each relative link,
 * anchors included, that leads nowhere (links.ts).
 */
import { parseArgs } from "node:util";
import { repoRoot } from "@learn/core/harness";
import { DocsError } from "./errors.ts";
import { planDocs, writeDocs, type DocsPlan } from "./generate.ts";
import { brokenLinks } from "./links.ts";

export interface DocsIo {
  out: (text: string) => void;
  err: (text: string) => void;
}

const USAGE = "Usage: docs-cli <generate|check|links> [--root <repo root>]";

export async function runDocsCommand(argv: string[], io: DocsIo): Promise<number> {
  const { values, positionals } = parseArgs({
    args: argv[0] === "--" ? argv.slice(1) : argv,
    allowPositionals: true,
    options: { root: { type: "string" } },
  });
  const command = positionals[0];
  if (command !== "generate" && command !== "check" && command !== "links") {
    io.err(`${USAGE}\n`);
    return 2;
  }
  const root = values.root ?? repoRoot();
  if (command === "links") return links(root, io);
  try {
    const plan = await planDocs(root);
    for (const note of plan.skipped) io.out(`note: ${note}\n`);
    for (const exception of plan.exceptions) io.out(`over the budget, argued: ${exception}\n`);
    return command === "generate" ? await generate(plan, io) : check(plan, io);
  } catch (err) {
    if (!(err instanceof DocsError)) throw err;
    io.err(`${err.message}\n`);
    return 1;
  }
}

async function generate(plan: DocsPlan, io: DocsIo): Promise<number> {
  const changed = await writeDocs(plan);
  for (const readme of changed) {
    io.out(readme.before === undefined ? `created ${readme.rel}\n` : `updated ${readme.rel}: ${readme.stale.join(", ")}\n`);
  }
  if (changed.length === 0) io.out(`All generated blocks are up to date (${plan.readmes.length} files).\n`);
  return 0;
}

function check(plan: DocsPlan, io: DocsIo): number {
  const stale = plan.readmes.filter((r) => r.after !== r.before);
  if (stale.length === 0 && plan.shape.length === 0) {
    io.out(`Docs are up to date (${plan.readmes.length} files checked).\n`);
    return 0;
  }
  if (stale.length > 0) {
    io.err("Stale docs — the code changed but these generated blocks did not:\n");
    for (const readme of stale) {
      io.err(readme.before === undefined ? `  ${readme.rel}: missing\n` : `  ${readme.rel}: ${readme.stale.join(", ")}\n`);
    }
    // `run` matters: pnpm 10 hands a bare `pnpm docs` to `npm docs`, which opens a web page.
    io.err("Run `pnpm run docs` to regenerate them.\n");
  }
  if (plan.shape.length > 0) {
    io.err("Lesson docs out of shape, or a spine over its budget — fix these by hand:\n");
    for (const problem of plan.shape) io.err(`  ${problem}\n`);
  }
  return 1;
}

async function links(root: string, io: DocsIo): Promise<number> {
  const broken = await brokenLinks(root);
  if (broken.length === 0) {
    io.out("Every relative link in the course's Markdown leads to a file (and heading) that exists.\n");
    return 0;
  }
  io.err("Links that lead nowhere:\n");
  for (const link of broken) io.err(`  ${link.file}:${link.line}: ${link.target}\n`);
  return 1;
}
