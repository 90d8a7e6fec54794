/**
 * Every agent a lesson's list builds — the lead, a subagent, a teammate — and what each
 * mechanism gives each of them, asked of the real build: each mechanism's `add` is watched,
 * and what it returns is compared with what it was given. "What changed" is written from this,
 * so it shows a teammate's tools as surely as the lead's, and a tool changed in place (its
 * description or input schema) as changed.
 *
 *   partsFrom(list, role) ─► m1.add(parts) ─► m2.add(parts) ─► …      one build per role
 *                             └ before/after ┘ └ before/after ┘        = what each mechanism did
 */
import path from "node:path";
import { partsFrom, type AgentParts, type Mechanism, type Replaces, type Role } from "@learn/core";
import { scriptedModel, tempWorkspace, testContext } from "@learn/core/testing";

export const ROLES: readonly Role[] = ["lead", "subagent", "teammate"];

/** What an agent is given, each part with the text that tells a change in place from the same part. */
export interface RoleParts {
  tools: Named[];
  hooks: Named[];
  promptSections: Named[];
  commands: Named[];
}

/** A part by name, and what it is: a tool's spec (name, description, input schema), a section's text. */
export interface Named {
  name: string;
  is: string;
}

export type PartKind = keyof RoleParts;
export const PART_KINDS: readonly PartKind[] = ["tools", "hooks", "promptSections", "commands"];

/** One kind of part, before and after: what is new, what is there under the same name but is not the same, what is gone. */
export interface PartsChange {
  kind: PartKind;
  added: string[];
  changed: string[];
  removed: string[];
  now: string[];
}

/**
 * The parts without a name, known by what they are: a wrapper around each model call, a note
 * kept through compaction (live state), where the agent works, and work between turns.
 */
export type UnnamedPart = "wrappers" | "liveState" | "cwd" | "start";
export const UNNAMED_PARTS: readonly UnnamedPart[] = ["wrappers", "liveState", "cwd", "start"];

export interface MechanismFacts {
  name: string;
  /** The roles it is built into (its `for`; every role when it has none). */
  for: readonly Role[] | undefined;
  starts: readonly Role[];
  replaces: Replaces;
  /** What it did to each agent it was built into. */
  gives: Partial<Record<Role, PartsChange[]>>;
  /** The unnamed parts it added to each agent (or, for `cwd`, set). */
  also: Partial<Record<Role, UnnamedPart[]>>;
}

export interface LessonRoles {
  /** The agents the lesson has: the lead, and the roles its mechanisms start. */
  roles: Role[];
  parts: Partial<Record<Role, RoleParts>>;
  mechanisms: MechanismFacts[];
}

/** The agents a list builds: the lead, then those its mechanisms start, in ROLES order. */
export function rolesOf(mechanisms: readonly Mechanism[]): Role[] {
  const started = new Set(mechanisms.flatMap((m) => m.starts ?? []));
  return ROLES.filter((role) => role === "lead" || started.has(role));
}

export async function rolesFacts(mechanisms: readonly Mechanism[]): Promise<LessonRoles> {
  const roles = rolesOf(mechanisms);
  const gives = new Map<Mechanism, Partial<Record<Role, PartsChange[]>>>(mechanisms.map((m) => [m, {}]));
  const also = new Map<Mechanism, Partial<Record<Role, UnnamedPart[]>>>(mechanisms.map((m) => [m, {}]));
  // The parts each role was last given: once its build is over, the agent's own.
  const built: Partial<Record<Role, RoleParts>> = {};
  // Each add is watched: what it was given and what it returned, for the role it built.
  const watched = mechanisms.map(
    (m): Mechanism => ({
      ...m,
      async add(before, ctx) {
        const after = await m.add(before, ctx);
        const here = inWorkspace(ctx.options.cwd);
        const now = (built[ctx.role] = partsOf(after, here));
        gives.get(m)![ctx.role] = compareParts(partsOf(before, here), now);
        also.get(m)![ctx.role] = unnamedAdded(before, after);
        return after;
      },
    }),
  );
  const parts: Partial<Record<Role, RoleParts>> = {};
  for (const role of roles) {
    delete built[role];
    await buildOnce(watched, role);
    const agent = built[role];
    if (!agent) throw new Error(`no ${role} was built`);
    parts[role] = agent;
  }
  return {
    roles,
    parts,
    mechanisms: mechanisms.map((m) => ({ name: m.name, for: m.for, starts: m.starts ?? [], replaces: m.replaces ?? {}, gives: gives.get(m)!, also: also.get(m)! })),
  };
}

/**
 * A teammate is built only when the lead spawns one (its mechanisms find themselves on the
 * lead's team), so that is how the docs build one: the lead's `spawn_teammate` (lesson 10's tool)
 * runs once, the new teammate answers its one turn from this script, and the session closes.
 * A lead or a subagent is built directly.
 */
const PROBE_NAME = "probe";
const SPAWN_TOOL = "spawn_teammate";
const PROBE_SCRIPT = `turns:\n  - agent: ${PROBE_NAME}\n    content: [ { type: text, text: done } ]\n`;

async function buildOnce(mechanisms: readonly Mechanism[], role: Role): Promise<void> {
  const ws = await tempWorkspace();
  const { model, renderer } = scriptedModel(PROBE_SCRIPT);
  const options = { model, cwd: ws.dir, renderer, interactive: false, ask: async () => "n", flags: {} };
  try {
    const agent = await partsFrom(mechanisms, options, role === "teammate" ? "lead" : role);
    try {
      if (role === "teammate") await spawnProbe(agent, ws.dir);
    } finally {
      // Whatever the build started stops here (the lead's team ends its teammates).
      for (const close of agent.close) await close();
    }
  } finally {
    await ws.cleanup();
  }
}

async function spawnProbe(lead: AgentParts, cwd: string): Promise<void> {
  const spawn = lead.tools.find((t) => t.name === SPAWN_TOOL);
  if (!spawn) throw new Error(`a lesson whose mechanisms start teammates gives the lead ${SPAWN_TOOL}`);
  const outcome = await spawn.execute({ name: PROBE_NAME, role: "shows its parts", prompt: "Say done." }, testContext(cwd));
  if (outcome.isError) throw new Error(`${SPAWN_TOOL} failed: ${outcome.content}`);
}

/**
 * Each build has a workspace of its own, and texts name it (`You are … working in /tmp/x`,
 * a team named after its folder): written as placeholders, two builds read the same.
 */
function inWorkspace(dir: string): (text: string) => string {
  return (text) => text.split(dir).join("<workspace>").split(path.basename(dir)).join("<workspace-name>");
}

export function partsOf(parts: AgentParts, here: (text: string) => string = (t) => t): RoleParts {
  return {
    tools: parts.tools.map((t) => ({ name: t.name, is: here(JSON.stringify(t.spec)) })),
    hooks: parts.hooks.map((h) => ({ name: h.name, is: h.event })),
    promptSections: [
      ...parts.sections.map((s) => ({ name: s.name, is: here(s.text) })),
      // Sections made from live state are known by name only.
      ...liveSectionNames(parts).map((name) => ({ name, is: "" })),
    ],
    commands: parts.commands.map((c) => ({ name: c.name, is: here(c.description) })),
  };
}

/**
 * The sections made from live state, each once: those a mechanism has handed over for the prompt
 * (s06's `liveSections`, by layer: so the mechanism that adds one is the one shown giving it),
 * then those the assembly lays out.
 */
function liveSectionNames(parts: AgentParts): string[] {
  const handed = (parts as { liveSections?: Record<string, readonly { name: string }[] | undefined> }).liveSections ?? {};
  return unique([...Object.values(handed).flatMap((layer) => (layer ?? []).map((s) => s.name)), ...(parts.assemble?.sections ?? [])]);
}

/** The unnamed parts `after` has more of than `before`, or, for `cwd`, another of. */
export function unnamedAdded(before: AgentParts, after: AgentParts): UnnamedPart[] {
  return UNNAMED_PARTS.filter((part) => (part === "cwd" ? after.cwd !== before.cwd : after[part].length > before[part].length));
}

/** Per kind: what `after` has that `before` had not, has changed, or has lost. */
export function compareParts(before: RoleParts | undefined, after: RoleParts): PartsChange[] {
  return PART_KINDS.map((kind) => {
    const was = new Map((before?.[kind] ?? []).map((p) => [p.name, p.is]));
    const now = after[kind];
    const names = new Set(now.map((p) => p.name));
    return {
      kind,
      added: unique(now.filter((p) => !was.has(p.name)).map((p) => p.name)),
      changed: unique(now.filter((p) => was.has(p.name) && was.get(p.name) !== p.is).map((p) => p.name)),
      removed: unique([...was.keys()].filter((name) => !names.has(name))),
      now: now.map((p) => p.name),
    };
  });
}

function unique(names: string[]): string[] {
  return [...new Set(names)];
}
