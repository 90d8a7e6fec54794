/**
 * `pnpm exercise` — the course's exercises, checked.
 *
 *   pnpm exercise list               every exercise: id, lesson, kind, what to do, your status
 *   pnpm exercise start <id>         your copy in exercises/<id>/ (never overwritten), what to read
 *   pnpm exercise check <id>         run the checks on your copy; exit 0 when all pass
 *   pnpm exercise hint <id>          the next hint
 *   pnpm exercise watch <id>         check again each time you save
 *   pnpm exercise solution <id>      the reference solution into your copy (asks; --yes skips)
 *
 * Every mistake (an unknown id, a check before start) is one line on stderr and exit 1.
 */
import { watch as watchFiles } from "node:fs";
import path from "node:path";
import { createInterface } from "node:readline/promises";
import { closestName } from "@learn/core/harness";
import { loadCatalog, REPO_ROOT } from "./catalog.ts";
import { checkInProcess } from "./check-process.ts";
import { typeErrors } from "./type-check.ts";
import type { Exercise } from "./exercise.ts";
import { readState, updateState } from "./state.ts";
import { isStarted, startExercise, studentDir, studentFile, writeSolution } from "./student-copy.ts";

const USAGE = "usage: pnpm exercise list | start <id> | check <id> | hint <id> | watch <id> | solution <id> [--yes]";
const root = process.env.LEARN_EXERCISES_ROOT ?? REPO_ROOT; // tests point it at a temporary folder

class UserError extends Error {}

const show = (file: string) => path.relative(process.cwd(), file) || ".";

function find(catalog: Exercise[], id: string | undefined): Exercise {
  if (!id) throw new UserError(`which exercise? ${USAGE} (see pnpm exercise list)`);
  const exercise = catalog.find((e) => e.id === id);
  if (exercise) return exercise;
  const near = closestName(id, catalog.map((e) => e.id));
  throw new UserError(`no exercise "${id}"${near ? `; did you mean ${near}?` : ""} (pnpm exercise list shows them all)`);
}

function mustBeStarted(exercise: Exercise): void {
  if (!isStarted(root, exercise)) throw new UserError(`${exercise.id} is not started: run pnpm exercise start ${exercise.id} first`);
}

async function list(catalog: Exercise[]): Promise<void> {
  const state = await readState(root);
  const statusOf = (e: Exercise) => state[e.id]?.status ?? (isStarted(root, e) ? "started" : "not started");
  const rows = catalog.map((e) => [e.id, e.lesson, e.kind, statusOf(e), e.title]);
  const widths = [0, 1, 2, 3].map((i) => Math.max(...rows.map((r) => r[i]!.length), 6));
  for (const row of [["id", "lesson", "kind", "status", "what to do"], ...rows]) {
    console.log(row.map((cell, i) => (i < 4 ? cell.padEnd(widths[i]!) : cell)).join("  "));
  }
  const passing = catalog.filter((e) => state[e.id]?.status === "passing").length;
  console.log(`\n${passing} of ${catalog.length} passing. Start one: pnpm exercise start <id>`);
}

async function start(exercise: Exercise): Promise<void> {
  const { files } = await startExercise(root, exercise);
  console.log(`${exercise.id} (${exercise.lesson}, ${exercise.kind}): ${exercise.title}\n`);
  console.log(`Read first: ${show(path.join(exercise.lessonDir, exercise.read.split("#")[0]!))}${exercise.read.includes("#") ? `, section "${sectionName(exercise.read)}"` : ""}`);
  console.log(files.length === 1 ? "Edit:" : "Edit these files:");
  for (const file of files) console.log(`  ${show(file.path)}${file.created ? "" : "  (already there: kept as you left it)"}`);
  console.log(`\nThen: pnpm exercise check ${exercise.id}   (stuck? pnpm exercise hint ${exercise.id})`);
}

/** "README.md#the-solution" → "The solution". */
function sectionName(read: string): string {
  const anchor = read.split("#")[1]!.replace(/-/g, " ");
  return anchor.charAt(0).toUpperCase() + anchor.slice(1);
}

async function check(exercise: Exercise): Promise<boolean> {
  mustBeStarted(exercise);
  const started = performance.now();
  const running = checkInProcess(exercise.id, root);
  // While the checks run in their own process: the compiler's verdict (type-check.ts).
  const types = typeErrors(
    exercise.files.filter((f) => f.name.endsWith(".ts")).map((f) => studentFile(root, exercise, f)),
    exercise.lessonDir,
  );
  const run = await running;
  const seconds = ((performance.now() - started) / 1000).toFixed(1);
  if (run.kind === "hung") {
    await updateState(root, exercise.id, { status: "failing" });
    console.log(`✗ ${exercise.id}: the checks did not finish in time — does your code loop forever? (your files are untouched)`);
    return false;
  }
  if (run.kind === "broken") {
    const lines = run.output.trim().split("\n");
    throw new UserError(`the checker itself failed (not your code, most likely):\n${lines.slice(-15).join("\n")}`);
  }
  for (const outcome of run.outcomes) {
    console.log(`${outcome.passed ? "✓" : "✗"} ${outcome.name}`);
    for (const line of outcome.why) console.log(`    ${line}`);
  }
  console.log(`${types.length ? "✗" : "✓"} it type-checks, as the lesson's own code must (pnpm typecheck)`);
  for (const error of types.slice(0, 10)) console.log(`    ${error.where}  ${error.message}`);
  if (types.length > 10) console.log(`    … and ${types.length - 10} more`);
  const passed = run.outcomes.every((o) => o.passed) && types.length === 0;
  await updateState(root, exercise.id, { status: passed ? "passing" : "failing" });
  const failed = run.outcomes.filter((o) => !o.passed).length + (types.length ? 1 : 0);
  const total = run.outcomes.length + 1;
  console.log(
    passed
      ? `\n${exercise.id}: all ${total} checks pass (${seconds} s). Well done.`
      : `\n${exercise.id}: ${failed} of ${total} checks fail (${seconds} s). Stuck? pnpm exercise hint ${exercise.id}`,
  );
  return passed;
}

async function hint(exercise: Exercise): Promise<void> {
  const shown = (await readState(root))[exercise.id]?.hintsShown ?? 0;
  const next = Math.min(shown + 1, exercise.hints.length);
  for (let i = 0; i < next; i++) console.log(`Hint ${i + 1} of ${exercise.hints.length}: ${exercise.hints[i]}\n`);
  if (shown >= exercise.hints.length) console.log(`That was the last hint. The answer: pnpm exercise solution ${exercise.id}`);
  await updateState(root, exercise.id, { hintsShown: next });
}

async function watch(exercise: Exercise): Promise<void> {
  mustBeStarted(exercise);
  const files = exercise.files.map((f) => studentFile(root, exercise, f));
  let timer: NodeJS.Timeout | undefined;
  let running = Promise.resolve();
  const recheck = () => {
    running = running.then(async () => {
      console.log(`\n── checking ${exercise.id} (${new Date().toLocaleTimeString()}) ──`);
      await check(exercise).catch((err: unknown) => console.error(err instanceof Error ? err.message : String(err)));
      console.log(`\nWatching ${files.map(show).join(", ")} — save to check again, Ctrl-C to stop.`);
    });
  };
  recheck();
  // Editors save in bursts (write, rename, chmod): wait until the file has been quiet a moment.
  watchFiles(studentDir(root, exercise), (_event, name) => {
    if (!name || !files.includes(path.join(studentDir(root, exercise), name.toString()))) return;
    clearTimeout(timer);
    timer = setTimeout(recheck, 300);
  });
  await new Promise(() => {}); // until Ctrl-C
}

async function solution(exercise: Exercise, yes: boolean): Promise<void> {
  if (!yes) {
    if (!process.stdin.isTTY) throw new UserError(`solution ${exercise.id} asks before writing; without a terminal add --yes`);
    const rl = createInterface({ input: process.stdin, output: process.stdout });
    const answer = await rl.question(`Write the reference solution of ${exercise.id} into exercises/${exercise.id}/? Your files are kept as .bak. [y/N] `);
    rl.close();
    if (!/^y(es)?$/i.test(answer.trim())) return void console.log("Nothing written.");
  }
  for (const file of await writeSolution(root, exercise)) {
    console.log(`wrote ${show(file.path)}${file.backup ? `  (yours is in ${show(file.backup)})` : ""}`);
  }
}

async function main(argv: string[]): Promise<number> {
  const args = argv.filter((a) => a !== "--");
  const yes = args.includes("--yes") || args.includes("-y");
  const [command, id] = args.filter((a) => !a.startsWith("-"));
  const catalog = loadCatalog();
  switch (command) {
    case undefined:
    case "list":
      await list(catalog);
      return 0;
    case "start":
      await start(find(catalog, id));
      return 0;
    case "check":
      return (await check(find(catalog, id))) ? 0 : 1;
    case "hint":
      await hint(find(catalog, id));
      return 0;
    case "watch":
      await watch(find(catalog, id));
      return 0;
    case "solution":
      await solution(find(catalog, id), yes);
      return 0;
    default: {
      const near = closestName(command, ["list", "start", "check", "hint", "watch", "solution"]);
      throw new UserError(`unknown command "${command}"${near ? ` (did you mean ${near}?)` : ""}; ${USAGE}`);
    }
  }
}

main(process.argv.slice(2)).then(
  (code) => process.exit(code),
  (err: unknown) => {
    console.error(err instanceof UserError ? `pnpm exercise: ${err.message}` : err);
    process.exit(err instanceof UserError ? 1 : 2);
  },
);
