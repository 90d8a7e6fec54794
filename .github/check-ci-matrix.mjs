/**
 * Fails when the CI matrix (.github/workflows/ci.yml) and packages/ disagree.
 *
 * Every lesson (packages/sNN-*), core and every library a lesson uses (packages/bash-analysis...)
 * must have a cell in the `lesson` job's matrix, or a new one would never be tested by CI — and
 * nothing would say so. Only the docs generator and the site are left out: each has a job of its own. The other way round
 * matters too: `pnpm --filter s99 test` with no such package prints "No projects matched" and
 * exits 0, so a stale or misspelled entry would be a green cell that tests nothing.
 * And the repository's own test commands that `pnpm test` leaves out (test:sandbox, test:repl,
 * test:browser): each must be a step of some job, or CI would never run it.
 * Run by `pnpm test` (turbo's //#check-workflows task), after action-validator has checked
 * the file against GitHub's workflow schema.
 */
import { readdir, readFile } from "node:fs/promises";
import { createRequire } from "node:module";

const root = new URL("../", import.meta.url);
const WORKFLOW = ".github/workflows/ci.yml";
// The repository root has no YAML parser of its own; core's (the `yaml` package) reads it.
const { parse } = createRequire(new URL("packages/core/package.json", root))("yaml");

/** Packages tested by jobs of their own (the `repository` and `site` jobs), not by the matrix. */
const OWN_JOBS = new Set(["docs", "site"]);

/** Short filter names of every other package, from their package.json (@learn/s01 → s01). */
async function testedPackages() {
  const names = [];
  for (const dir of await readdir(new URL("packages/", root), { withFileTypes: true })) {
    if (!dir.isDirectory()) continue;
    const file = new URL(`packages/${dir.name}/package.json`, root);
    const { name } = JSON.parse(await readFile(file, "utf8").catch(() => "{}"));
    const short = name?.replace(/^@learn\//, "");
    if (short && !OWN_JOBS.has(short)) names.push(short);
  }
  return names.sort();
}

const workflow = parse(await readFile(new URL(WORKFLOW, root), "utf8"));
const matrix = workflow?.jobs?.lesson?.strategy?.matrix?.package;
if (!Array.isArray(matrix)) {
  console.error(`${WORKFLOW}: jobs.lesson.strategy.matrix.package should list the packages to test.`);
  process.exit(1);
}
const expected = await testedPackages();
const missing = expected.filter((name) => !matrix.includes(name));
const unknown = matrix.filter((name) => !expected.includes(name));
for (const name of missing) console.error(`${WORKFLOW}: packages/ has ${name}, but the matrix does not test it: add ${name} to jobs.lesson.strategy.matrix.package.`);
for (const name of unknown) console.error(`${WORKFLOW}: the matrix lists ${name}, but no package under packages/ is named @learn/${name}.`);

// The root package.json's test:* commands (pnpm test runs none of them): each a step of some job.
const { scripts } = JSON.parse(await readFile(new URL("package.json", root), "utf8"));
const commands = Object.keys(scripts).filter((name) => name.startsWith("test:"));
const steps = Object.values(workflow.jobs).flatMap((job) => (job.steps ?? []).map((step) => step.run ?? ""));
const unrun = commands.filter((name) => !steps.some((run) => run.split("\n").some((line) => line.trim() === `pnpm ${name}`)));
for (const name of unrun) console.error(`${WORKFLOW}: no job runs \`pnpm ${name}\` (pnpm test does not): add it as a step.`);
if (missing.length + unknown.length + unrun.length > 0) process.exit(1);
console.log(`${WORKFLOW}: the matrix tests all ${expected.length} packages (${expected.join(", ")}); jobs run ${commands.map((c) => `pnpm ${c}`).join(", ")}.`);
