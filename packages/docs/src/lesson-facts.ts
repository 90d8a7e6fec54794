/**
 * Everything the generated blocks say about one lesson, gathered once and rendered twice
 * (English and Chinese): its reading list, its agent's anatomy, its modules, and the normalised
 * trace of a real run of its demo.
 */
import { anatomyOf, type LessonAnatomy } from "./anatomy.ts";
import { runDemos, type DemoRun } from "./demo-run.ts";
import type { LessonPackage } from "./discover.ts";
import { Normalizer, restateUsage } from "./normalize.ts";
import { lessonModules, type SourceModule } from "./sources.ts";
import { rolesFacts, type LessonRoles } from "./roles.ts";
import { readFolders } from "./folders.ts";
import type { ReadingList } from "./spine.ts";

export interface LessonFacts {
  pkg: LessonPackage;
  /** Its spine and its mechanism folders, read off agent.ts (folders.ts) and measured. */
  readFirst: ReadingList;
  anatomy: LessonAnatomy;
  /** Every agent it builds (lead, subagent, teammate), and what each mechanism gives each. */
  roles: LessonRoles;
  modules: SourceModule[];
  /** The demo runs, already normalised: ready to print, the same bytes every time. */
  demos: DemoRun[];
  /** Why the demo was not run here (the lesson's `demoNeeds`): its walkthrough is kept as recorded. */
  demoNotRun?: string;
}

export async function gatherFacts(pkg: LessonPackage): Promise<LessonFacts> {
  const demoNotRun = await pkg.lesson.demoNeeds?.();
  const [readFirst, anatomy, roles, modules, demos] = await Promise.all([
    readFolders(pkg.dir, `packages/${pkg.dirName}`),
    anatomyOf(pkg.lesson),
    rolesFacts(pkg.mechanisms),
    lessonModules(pkg.dir),
    demoNotRun === undefined ? runDemos(pkg.lesson) : Promise.resolve([]),
  ]);
  return { pkg, readFirst, anatomy, roles, modules, demos: normalizeDemos(demos), ...(demoNotRun === undefined ? {} : { demoNotRun }) };
}

/**
 * One normaliser for the lesson's whole walkthrough, so an id keeps its number throughout; and
 * one prompt cache for each demo, as in the run: a later prompt of the session reads what the
 * earlier ones wrote.
 */
function normalizeDemos(demos: DemoRun[]): DemoRun[] {
  const normalizer = new Normalizer();
  return demos.map((demo) => {
    const runs = demo.prompts.map((run) => ({
      prompt: normalizer.text(run.prompt, demo.workspaces),
      ...(run.source ? { source: run.source } : {}),
      answer: normalizer.text(run.answer, demo.workspaces),
      entries: normalizer.entries(run.entries, demo.workspaces),
    }));
    const restated = restateUsage(runs.flatMap((run) => run.entries));
    let at = 0;
    return { ...demo, prompts: runs.map((run) => ({ ...run, entries: restated.slice(at, (at += run.entries.length)) })) };
  });
}
