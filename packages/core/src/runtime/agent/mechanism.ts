/**
 * MECHANISMS — a lesson is one value, and every agent is built from a flat list of them.
 *
 *   export const todo: Mechanism = { name: "todo", add: (parts) => ({ ...parts, tools: [...parts.tools, todoWrite] }) };
 *   export const mechanisms = [...previousLesson.mechanisms, todo];
 *   export const createAgent = (options) => agentFromMechanisms(mechanisms, options);
 *
 * One list builds every agent of a session: the lead, and each child the lead starts — a
 * subagent (s05), a teammate (s10). A mechanism says which of them it is for; by default, all.
 * The rule for the order, the one a reader needs to predict any agent's parts:
 *
 *   every agent:   the mechanisms for all agents, in list order
 *                  ─► then the mechanisms for this agent's role only, in list order
 *
 *   s09's lead:     bash files settings permissions command-hooks todo skills memory CLAUDE.md
 *                   prompt-cache compaction recovery tasks │ subagents, custom commands, notifications,
 *                   background jobs, background subagents, cron
 *   its subagent:   the same, up to the │
 *
 * A mechanism never calls another lesson's code to build a child: it asks `ctx.partsFor`, which
 * builds that child from the same list. Nothing is threaded through the lessons in between.
 *
 * What one mechanism lets the agent do without a question (a tool that writes only the agent's
 * own notes) is declared as data, `grants`, and gathered here for whichever mechanism enforces
 * permissions (s03): no add() reaches into another mechanism's state. The command-line flags a
 * mechanism reads are data too (`flags`, `offlineFlags`): a lesson gathers them over its list
 * with `lessonFrom` (lesson-from.ts), so a later lesson never forwards an earlier one's by hand.
 */
import type { ConfigCheck } from "../config-check.ts";
import { withProcessWrapper, type ProcessWrapper } from "../../platform/process-wrapper.ts";
import type { Agent, AgentOptions, LessonFlag } from "../lesson.ts";
import { agentFrom } from "./agent-from.ts";
import { partsWith, type AgentParts } from "./parts.ts";

/** Who an agent is in its session: what decides which mechanisms it gets. */
export type Role = "lead" | "subagent" | "teammate";

/**
 * What a mechanism changes of what earlier ones gave, by name: s09's `task` gains
 * `run_in_background`. The docs show it, and `docs:check` fails on a tool or section changed in
 * place (another description or input schema, another text) or taken away without it being
 * declared here, and on a declaration that changes nothing: a silent change is one no reader sees.
 */
export interface Replaces {
  tools?: readonly string[];
  sections?: readonly string[];
}

/** Allow rules (settings.json syntax) a mechanism's own tools need, and why: "lesson 8: the task tools write only .tasks/". */
export interface StandingGrant {
  rules: readonly string[];
  source: string;
}

/**
 * What a later mechanism honours in Claude Code's settings files, so the mechanism that reads them
 * (s03) does not report it as ignored: top-level keys (`enabledMcpjsonServers`), and rules whose
 * tool names start with a prefix (`mcp__`: s13 has MCP tools, so `mcp__github` is a live rule).
 */
export interface SettingsHonoured {
  keys: readonly string[];
  rulePrefixes: readonly string[];
}

/** Every mechanism's `honours`, gathered: what `--check-config` and s03's start-up notice leave out. */
export function honouredBy(mechanisms: readonly Mechanism[]): SettingsHonoured {
  return { keys: mechanisms.flatMap((m) => m.honours?.keys ?? []), rulePrefixes: mechanisms.flatMap((m) => m.honours?.rulePrefixes ?? []) };
}

/** How one role's parts are built: `ctx.partsFor` with the role filled in (a task tool's children, a team's teammates). */
export type PartsOf = (options: AgentOptions) => Promise<AgentParts>;

/** What a mechanism builds with. */
export interface BuildContext {
  /** This agent's options: its model (and name), its screen, its workspace. */
  options: AgentOptions;
  role: Role;
  /** The grants of every mechanism this agent gets, for the mechanism that enforces them. */
  grants: readonly StandingGrant[];
  /** What the lesson's mechanisms honour in the settings files (SettingsHonoured). */
  honoured: SettingsHonoured;
  /** Another agent of this session, built from the same list: a subagent's or a teammate's parts. */
  partsFor(role: Role, options: AgentOptions): Promise<AgentParts>;
  /**
   * State the agents of one session share (the lead's team, its worktrees): made by the first
   * agent that asks, under a key the mechanism owns, and handed to every later one.
   */
  shared<T>(key: SessionKey<T>, make: () => T): T;
}

/**
 * A key for state the agents of one session share: the mechanism that owns the state makes it
 * once (`sessionKey<Team>("team")`) and every reader uses that same value, so what is stored and
 * what is read are one type — no cast at the call site, and no two mechanisms on one string.
 */
export interface SessionKey<T> {
  /** For messages and debugging; the key is the object itself, not its name. */
  readonly name: string;
  /** Never set: it carries the type of what the key holds. */
  readonly holds?: T;
}

export const sessionKey = <T>(name: string): SessionKey<T> => ({ name });

export interface Mechanism {
  /** "permissions": its name in the docs. */
  name: string;
  /** The agents that get it: by default every one. */
  for?: readonly Role[];
  /** Allow rules its tools need (see StandingGrant); core gathers them, s03 enforces them. */
  grants?: readonly StandingGrant[];
  /** The command-line flags it reads (`--permission-mode`): every lesson that has it offers them. */
  flags?: readonly LessonFlag[];
  /**
   * Values its flags take in any offline run, unless the command line sets them: what the
   * scripted model needs to see one order of events (s09 hands a finished job over when idle).
   */
  offlineFlags?: Readonly<Record<string, string>>;
  /**
   * The Claude Code files it reads (settings, agent files, skills…), loaded by its own loaders
   * and reported file by file: what `--check-config` prints (config-check.ts).
   */
  checkConfig?: ConfigCheck;
  /** Settings keys and rules it honours, which s03 would otherwise report as ignored (SettingsHonoured). */
  honours?: Partial<SettingsHonoured>;
  /**
   * The other agents it starts (s05: subagents; s10: teammates). Data for the docs, which show
   * what each of them is given; the build never reads it.
   */
  starts?: readonly Role[];
  /** Earlier tools or prompt sections it puts its own version in place of (Replaces). */
  replaces?: Replaces;
  /**
   * How every process the mechanisms start while they build is started: asked before any
   * `add()`, so a process an earlier mechanism starts in its setup is wrapped too (s14's sandbox
   * around the MCP servers s13 launches). `partsSoFar` reads the parts as they are when a
   * process starts (by then, the mechanisms before it in the list have added theirs).
   */
  wrapsSetup?(ctx: BuildContext, partsSoFar: () => AgentParts): Promise<ProcessWrapper | undefined> | ProcessWrapper | undefined;
  /** The agent's parts so far, with this mechanism's added. */
  add(parts: AgentParts, ctx: BuildContext): AgentParts | Promise<AgentParts>;
}


/** The mechanisms an agent of `role` gets, in the order they are added (see the rule above). */
export function mechanismsFor(mechanisms: readonly Mechanism[], role: Role): Mechanism[] {
  const everyone = mechanisms.filter((m) => m.for === undefined);
  const own = mechanisms.filter((m) => m.for?.includes(role));
  return [...everyone, ...own];
}

/** One session: what its agents share, and how any of them is built. */
class Session {
  private readonly values = new Map<SessionKey<unknown>, unknown>();

  constructor(private readonly mechanisms: readonly Mechanism[]) {}

  shared<T>(key: SessionKey<T>, make: () => T): T {
    if (!this.values.has(key)) this.values.set(key, make());
    return this.values.get(key) as T; // stored under this key by `make`, whose type the key names
  }

  async partsFor(role: Role, options: AgentOptions): Promise<AgentParts> {
    const chosen = mechanismsFor(this.mechanisms, role);
    const ctx: BuildContext = {
      options,
      role,
      grants: chosen.flatMap((m) => m.grants ?? []),
      honoured: honouredBy(this.mechanisms),
      partsFor: (r, o) => this.partsFor(r, o),
      shared: (key, make) => this.shared(key, make),
    };
    let parts = partsWith({});
    const setup = await setupWrapperOf(chosen, ctx, () => parts);
    for (const mechanism of chosen) parts = await (setup ? withProcessWrapper(setup, () => mechanism.add(parts, ctx)) : mechanism.add(parts, ctx));
    // What the docs' anatomy lists: the mechanisms, in order, and the grants they declared.
    return { ...parts, mechanisms: chosen.map((m) => m.name), grants: ctx.grants };
  }
}

/**
 * The wrapper for the build, from every mechanism that has one (wrapsSetup), outermost last:
 * undefined when none does, and then the build runs in whatever context it was called from.
 */
async function setupWrapperOf(chosen: readonly Mechanism[], ctx: BuildContext, partsSoFar: () => AgentParts): Promise<ProcessWrapper | undefined> {
  const wrappers: ProcessWrapper[] = [];
  for (const mechanism of chosen) {
    const wrapper = await mechanism.wrapsSetup?.(ctx, partsSoFar);
    if (wrapper) wrappers.push(wrapper);
  }
  if (wrappers.length <= 1) return wrappers[0];
  return { name: wrappers.map((w) => w.name).join("+"), wrap: (launch) => wrappers.reduce((l, w) => w.wrap(l), launch) };
}

/** The parts of a new session's lead (or of one agent of `role`), from a list of mechanisms. */
export function partsFrom(mechanisms: readonly Mechanism[], options: AgentOptions, role: Role = "lead"): Promise<AgentParts> {
  return new Session(mechanisms).partsFor(role, options);
}

/** A lesson's `createAgent`: the lead of a new session, built from its list and run by the kernel. */
export async function agentFromMechanisms(mechanisms: readonly Mechanism[], options: AgentOptions): Promise<Agent> {
  return agentFrom(await partsFrom(mechanisms, options), options);
}

