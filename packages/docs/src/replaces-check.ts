/**
 * A mechanism that changes what an earlier one gave — a tool under the same name with another
 * spec, a prompt section with another text, or either taken away — says so in `replaces`, and
 * the docs show it. Checked by `pnpm docs:check` both ways, so the declaration cannot drift:
 * a change it does not declare, and a declaration nothing changes, are each a problem.
 */
import type { MechanismFacts } from "./roles.ts";
import type { LessonFacts } from "./lesson-facts.ts";
import { newMechanisms } from "./role-changes.ts";

const CHECKED = [
  { kind: "tools", key: "tools", what: "tool" },
  { kind: "promptSections", key: "sections", what: "prompt section" },
] as const;

export function replacesProblems(current: LessonFacts, previous: LessonFacts | undefined): string[] {
  const where = `packages/${current.pkg.dirName}`;
  return newMechanisms(current, previous).flatMap((m) => mechanismProblems(m, where));
}

export function mechanismProblems(m: MechanismFacts, where: string): string[] {
  return CHECKED.flatMap(({ kind, key, what }) => {
    const touched = new Set(Object.values(m.gives).flatMap((changes) => changes.filter((c) => c.kind === kind).flatMap((c) => [...c.changed, ...c.removed])));
    const declared = new Set(m.replaces[key] ?? []);
    const undeclared = [...touched].filter((name) => !declared.has(name));
    const idle = [...declared].filter((name) => !touched.has(name));
    return [
      ...undeclared.map(
        (name) => `${where}: the mechanism "${m.name}" changes the ${what} "${name}" in place or takes it away without saying so: add replaces: { ${key}: ["${name}"] } to it, and the docs show it`,
      ),
      ...idle.map((name) => `${where}: the mechanism "${m.name}" declares it replaces the ${what} "${name}", but no agent's ${what} of that name changes: drop it from replaces`),
    ];
  });
}
