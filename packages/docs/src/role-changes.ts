/**
 * The parts of "What changed" that speak of every agent, not only the lead: the lesson's own
 * mechanisms, each with the agents it is for and what it gives them, and what changed for each
 * other agent (a subagent, a teammate). Tools are compared by their spec, so a tool changed in
 * place (lesson 9's `task` gains `run_in_background`) is "changed", not silently the same.
 *
 *   | mechanism           | for      | gives                              | replaces       |
 *   | autonomy (teammate) | teammate | tools claim_task, idle, …          | —              |
 *   | autonomy (lead)     | lead     | tools shutdown_request, …          | tool spawn_…   |
 */
import type { Role } from "@learn/core";
import type { Labels } from "./labels.ts";
import type { LessonFacts } from "./lesson-facts.ts";
import { code, table } from "./markdown.ts";
import { compareParts, type MechanismFacts, type PartKind, type PartsChange, type UnnamedPart } from "./roles.ts";

/** The mechanisms this lesson adds to the list (every one, in the first lesson). */
export function newMechanisms(current: LessonFacts, previous: LessonFacts | undefined): MechanismFacts[] {
  const before = new Set(previous?.roles.mechanisms.map((m) => m.name) ?? []);
  return current.roles.mechanisms.filter((m) => !before.has(m.name));
}

export function renderMechanisms(current: LessonFacts, previous: LessonFacts | undefined, labels: Labels): string {
  const rows = newMechanisms(current, previous).map((m) => [code(m.name), forWhom(m, labels), gives(m, labels), replaced(m, labels)]);
  return table([labels.mechanismColumn, labels.forColumn, labels.givesColumn, labels.replacesColumn], rows);
}

function forWhom(m: MechanismFacts, labels: Labels): string {
  return m.for === undefined ? labels.everyAgent : m.for.map((r) => labels.role[r]).join(labels.listSep);
}

/** What it adds, kind by kind; per agent where the agents get different things; then whom it starts. */
function gives(m: MechanismFacts, labels: Labels): string {
  const byRole = Object.entries(m.gives) as [Role, PartsChange[]][];
  const texts = byRole.map(([role, changes]) => [role, addedText(changes, m.also[role] ?? [], labels)] as const);
  const same = texts.every(([, text]) => text === texts[0]?.[1]);
  const parts = same ? [texts[0]?.[1] ?? ""] : texts.filter(([, text]) => text).map(([role, text]) => `${labels.role[role]}${labels.colon}${text}`);
  const starts = m.starts.length ? [labels.starts(m.starts.map((r) => labels.roles[r]).join(labels.listSep))] : [];
  return [...parts.filter(Boolean), ...starts].join("; ") || labels.none;
}

function addedText(changes: PartsChange[], also: readonly UnnamedPart[], labels: Labels): string {
  const named = changes.filter((c) => c.added.length > 0).map((c) => `${labels.kind[c.kind]} ${names(c.kind, c.added)}`);
  const unnamed = also.length ? [`${labels.also}${also.map((part) => labels.unnamed[part]).join(labels.listSep)}`] : [];
  return [...named, ...unnamed].join(" · ");
}

function replaced(m: MechanismFacts, labels: Labels): string {
  const tools = (m.replaces.tools ?? []).map((n) => `${labels.kind.tools} ${code(n)}`);
  const sections = (m.replaces.sections ?? []).map((n) => `${labels.kind.promptSections} ${code(n)}`);
  return [...tools, ...sections].join(", ") || labels.none;
}

export function names(kind: PartKind, list: readonly string[]): string {
  return list.map((n) => code(kind === "commands" && !n.startsWith("/") ? `/${n}` : n)).join(", ");
}

/**
 * Each agent besides the lead, as this lesson builds it: compared with the same agent in the
 * previous lesson, or, where this lesson is the first to start it, with this lesson's lead.
 */
export function renderOtherAgents(current: LessonFacts, previous: LessonFacts | undefined, labels: Labels): string[] {
  return current.roles.roles
    .filter((role) => role !== "lead")
    .map((role) => {
      const now = current.roles.parts[role]!;
      const before = previous?.roles.parts[role];
      const lead = current.roles.parts.lead!;
      const changes = compareParts(before ?? lead, now);
      if (before && changes.every((c) => !c.added.length && !c.changed.length && !c.removed.length)) {
        return labels.roleSame(labels.anAgent[role], previous!.pkg.lesson.id, now.tools.length);
      }
      const intro = before ? labels.roleComparedWith(labels.anAgent[role], previous!.pkg.lesson.id) : labels.roleNew(labels.anAgent[role]);
      // Against the lead, a part under the same name but another spec is the role's own version.
      const replaced = before ? replacedBy(current, previous) : new Set(changes.flatMap((c) => c.changed));
      return `${intro}\n\n${changesTable(changes, labels, before ? labels.now : labels.itHas, replaced)}`;
    });
}

/**
 * Rows of added / changed / removed / now, one per kind of part. A part changed in place that
 * none of `replaced` names was changed by no mechanism of this lesson: an earlier one made it
 * from what the agent has now (lesson 5's `task` lists the general-purpose agent's tools), and
 * the cell says so.
 */
export function changesTable(
  changes: readonly PartsChange[],
  labels: Labels,
  nowHeading: string,
  replaced: ReadonlySet<string>,
  extra: string[][] = [],
): string {
  const list = (kind: PartKind, l: string[]) => (l.length ? names(kind, l) : labels.none);
  const changed = (c: PartsChange) =>
    c.changed.length ? c.changed.map((n) => `${names(c.kind, [n])}${replaced.has(n) ? "" : labels.followsLesson}`).join(", ") : labels.none;
  const rows = changes.map((c) => [labels.row[c.kind], list(c.kind, c.added), changed(c), list(c.kind, c.removed), String(c.now.length)]);
  return table(["", labels.added, labels.changed, labels.removed, nowHeading], [...rows, ...extra]);
}

/** What this lesson's mechanisms declare they replace, tools and sections alike. */
export function replacedBy(current: LessonFacts, previous: LessonFacts | undefined): Set<string> {
  return new Set(newMechanisms(current, previous).flatMap((m) => [...(m.replaces.tools ?? []), ...(m.replaces.sections ?? [])]));
}
