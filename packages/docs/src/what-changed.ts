/**
 * The "what changed" block, since the previous lesson: the mechanisms the lesson adds (whom
 * each is for, what it gives, what it replaces), the lead's parts added, changed in place and
 * removed, each other agent's (role-changes.ts), then the lesson's modules with their sizes.
 * Everything is asked of the real build (roles.ts, anatomy.ts), so it cannot disagree with the code.
 */
import type { Labels } from "./labels.ts";
import { compareAnatomy, type AnatomyKind } from "./anatomy.ts";
import type { LessonFacts } from "./lesson-facts.ts";
import { code, link, table } from "./markdown.ts";
import { changesTable, renderMechanisms, renderOtherAgents, replacedBy } from "./role-changes.ts";
import { compareParts } from "./roles.ts";
import type { SourceModule } from "./sources.ts";

export type ModuleStatus = "new" | "changed" | "same";

/** A module is new unless the previous lesson has a file at the same path. */
export function moduleStatus(module: SourceModule, previous: Pick<LessonFacts, "modules"> | undefined): ModuleStatus {
  const before = previous?.modules.find((m) => m.path === module.path);
  if (!before) return "new";
  return before.text === module.text ? "same" : "changed";
}

export function renderWhatChanged(current: LessonFacts, previous: LessonFacts | undefined, labels: Labels, readme: string): string {
  const intro = previous
    ? labels.comparedWith(link(previous.pkg.lesson.id, `../${previous.pkg.dirName}/${readme}`))
    : labels.firstLesson;
  return [
    intro,
    labels.mechanismsIntro,
    renderMechanisms(current, previous, labels),
    labels.leadIntro,
    leadTable(current, previous, labels),
    ...renderOtherAgents(current, previous, labels),
    modulesTable(current, previous, labels),
  ].join("\n\n");
}

/** The lead's parts by spec (roles.ts), with its mechanisms, grants and flags by name (anatomy.ts). */
function leadTable(current: LessonFacts, previous: LessonFacts | undefined, labels: Labels): string {
  const byName = compareAnatomy(previous?.anatomy, current.anatomy);
  const named = (kind: AnatomyKind, row: string) => {
    const c = byName.find((x) => x.kind === kind)!;
    const list = (l: string[]) => (l.length ? l.map((n) => code(n)).join(", ") : labels.none);
    return [row, list(c.added), labels.none, list(c.removed), String(c.now.length)];
  };
  const parts = compareParts(previous?.roles.parts.lead, current.roles.parts.lead!);
  const rows = [named("mechanisms", labels.mechanismsRow), named("grants", labels.grantsRow), named("flags", labels.flagsRow)];
  return changesTable(parts, labels, labels.now, replacedBy(current, previous), rows);
}

function modulesTable(current: LessonFacts, previous: LessonFacts | undefined, labels: Labels): string {
  if (current.modules.length === 0) return labels.noModules;
  const statusLabel: Record<ModuleStatus, string> = {
    new: labels.statusNew,
    changed: labels.statusChanged,
    same: labels.statusSame,
  };
  const rows = current.modules.map((m) => [link(m.path, m.path), String(m.lines), statusLabel[moduleStatus(m, previous)]]);
  return table([labels.module, labels.lines, labels.status], rows);
}
