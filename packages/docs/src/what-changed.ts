/**
 * The "what changed" block: the agent's tools, hooks, prompt sections and slash commands
 * added and removed since the previous lesson, then the lesson's modules with their sizes.
 */
import type { Labels } from "./labels.ts";
import { compareAnatomy, type AnatomyKind } from "./anatomy.ts";
import type { LessonFacts } from "./lesson-facts.ts";
import { code, link, table } from "./markdown.ts";
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
  return [intro, anatomyTable(current, previous, labels), modulesTable(current, previous, labels)].join("\n\n");
}

function anatomyTable(current: LessonFacts, previous: LessonFacts | undefined, labels: Labels): string {
  const rowName: Record<AnatomyKind, string> = {
    mechanisms: labels.mechanismsRow,
    tools: labels.toolsRow,
    hooks: labels.hooksRow,
    promptSections: labels.promptSectionsRow,
    commands: labels.commandsRow,
    grants: labels.grantsRow,
    flags: labels.flagsRow,
  };
  const names = (kind: AnatomyKind, list: string[]) =>
    list.length ? list.map((n) => code(kind === "commands" && !n.startsWith("/") ? `/${n}` : n)).join(", ") : labels.none;
  const rows = compareAnatomy(previous?.anatomy, current.anatomy).map((c) => [
    rowName[c.kind],
    names(c.kind, c.added),
    names(c.kind, c.removed),
    String(c.now.length),
  ]);
  return table(["", labels.added, labels.removed, labels.now], rows);
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
