/**
 * A lesson from its list of mechanisms: its flags are the flags of every mechanism on the list,
 * gathered by one rule, so lesson 12 offers lesson 3's `--permission-mode` without naming it.
 *
 *   flags         every mechanism's `flags`, in list order           (then the lesson's own, if any)
 *   offline runs  every mechanism's `offlineFlags`, later ones win   (then the lesson's own `demoFlags`)
 *
 *   --check-config  every mechanism's `checkConfig`, in list order    (config-check.ts)
 *
 * A lesson's own `demoFlags` belong to its demo and are not passed on: s07's demo compacts at
 * 5,000 tokens so a short script shows it, but s08's demo is not about compaction and keeps the
 * default. A mechanism's `offlineFlags` are passed on, because the scripted model of every later
 * lesson depends on them too (s09: a finished job reaches the model when the agent is idle).
 */
import { checkConfig } from "../config-check.ts";
import type { Lesson, LessonFlag } from "../lesson.ts";
import { honouredBy, type Mechanism } from "./mechanism.ts";

/** A lesson as it is written: everything but the flags its mechanisms bring. */
export type LessonAbout = Omit<Lesson, "flags"> & { flags?: LessonFlag[] };

export function lessonFrom(mechanisms: readonly Mechanism[], about: LessonAbout): Lesson {
  const checks = mechanisms.flatMap((m) => (m.checkConfig ? [m.checkConfig] : []));
  const offline = Object.assign({}, ...mechanisms.map((m) => m.offlineFlags ?? {}), about.demoFlags) as Record<string, string>;
  return {
    ...about,
    flags: flagsOf([...mechanisms.flatMap((m) => m.flags ?? []), ...(about.flags ?? [])]),
    ...(Object.keys(offline).length ? { demoFlags: offline } : {}),
    ...(checks.length ? { checkConfig: (place) => checkConfig(about.id, checks, { honoured: honouredBy(mechanisms), ...place }) } : {}),
  };
}

/** Each flag once, at its first place: two mechanisms reading one flag (s11's lead and teammates) offer it once. */
function flagsOf(flags: readonly LessonFlag[]): LessonFlag[] {
  const byName = new Map<string, LessonFlag>();
  for (const flag of flags) if (!byName.has(flag.name)) byName.set(flag.name, flag);
  return [...byName.values()];
}
