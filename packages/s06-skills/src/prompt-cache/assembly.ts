/**
 * THE SYSTEM PROMPT, ASSEMBLED FOR THE CACHE. The API caches a request's prefix — tools, then
 * system, then messages — up to a `cache_control` breakpoint, and a later request that starts
 * with the same bytes reads it back at a tenth of the price. A change anywhere invalidates
 * everything after it, so the prompt is laid out by how often each part changes, slowest first,
 * with a breakpoint after each layer:
 *
 *   tools │ identity · tool guidance · … · skills ◆ │ memory · CLAUDE.md ◆ │ date · cwd │ messages … last ◆
 *         └──── fixed for the session ─────────┘  └─ a save changes it ┘   dynamic     ◆ = breakpoint
 *
 * (A saved memory rebuilds its layer and the messages after it; tools and the first layer are
 * still read from the cache.) Each section is there only when its state says so: no skills, no
 * "skills" section. Before every model call the assembler reads the state and compares one key
 * — the state as JSON with sorted keys — with the last one: the same key returns the very same
 * blocks (nothing is rebuilt, nothing the cache depends on moves); a new key rebuilds them.
 */
import type { AgentContext, PromptAssembly, PromptSection, SystemPrompt, TextBlockParam, Tool } from "@learn/core";
import { EPHEMERAL } from "./breakpoints.ts";
import type { LiveSection } from "./live-sections.ts";

export interface CachedPromptOptions {
  /** After the agent's own sections, in order: the first layer, fixed for the session. */
  stable: readonly LiveSection[];
  /** The second layer: what may change during a session (the memory index), with its own breakpoint. */
  session: readonly LiveSection[];
  /** Last, after the breakpoints: what may change without costing the cache (date, cwd). */
  dynamic: readonly LiveSection[];
  /** The agent's sections as this lesson wants them (e.g. tool guidance for exactly its tools). */
  adapt?: (sections: readonly PromptSection[], tools: readonly Tool[]) => PromptSection[];
}

/** The assembly that lesson 6 puts in the agent's parts. */
export function cachedPrompt(options: CachedPromptOptions): PromptAssembly {
  return {
    sections: [...options.stable, ...options.session, ...options.dynamic].map((s) => s.name),
    build({ sections, tools }): SystemPrompt {
      const own = options.adapt ? options.adapt(sections, tools) : [...sections];
      const layers = [options.stable, options.session, options.dynamic].map((layer) => forTools(layer, tools));
      const assembler = new PromptAssembler(own, layers[0]!, layers[1]!, layers[2]!);
      return (ctx) => assembler.blocks(ctx);
    },
  };
}

/** One agent's prompt: its fixed sections, its live layers, and the last blocks it built. */
export class PromptAssembler {
  private key: string | undefined;
  private built: TextBlockParam[] = [];
  /** How many times the blocks were rebuilt (the benchmark and the tests read it). */
  rebuilds = 0;

  constructor(
    private readonly fixed: readonly PromptSection[],
    private readonly stable: readonly LiveSection[],
    private readonly session: readonly LiveSection[],
    private readonly dynamic: readonly LiveSection[],
  ) {}

  blocks(ctx: AgentContext): TextBlockParam[] {
    // The fixed sections never change for this agent: only the live state goes into the key.
    const state = { stable: statesOf(this.stable, ctx), session: statesOf(this.session, ctx), dynamic: statesOf(this.dynamic, ctx) };
    const key = stableKey(state);
    if (key === this.key) return this.built;
    this.key = key;
    this.rebuilds++;
    this.built = this.render(state);
    return this.built;
  }

  private render(state: { stable: unknown[]; session: unknown[]; dynamic: unknown[] }): TextBlockParam[] {
    const layers = [
      [...this.fixed.map((s) => s.text), ...renderAll(this.stable, state.stable)].join("\n\n"),
      renderAll(this.session, state.session).join("\n\n"),
    ];
    // A breakpoint ends each layer that has text: everything before it is a cacheable prefix.
    const blocks: TextBlockParam[] = layers.filter((text) => text !== "").map((text) => ({ type: "text", text, cache_control: EPHEMERAL }));
    const dynamic = renderAll(this.dynamic, state.dynamic).join("\n");
    if (dynamic !== "") blocks.push({ type: "text", text: dynamic });
    return blocks;
  }
}

/** JSON with every object's keys sorted: equal state, equal key, whatever order it was built in. */
export function stableKey(value: unknown): string {
  return JSON.stringify(value, (_key, v: unknown) =>
    v !== null && typeof v === "object" && !Array.isArray(v) ? Object.fromEntries(Object.entries(v).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))) : v,
  );
}

function forTools(sections: readonly LiveSection[], tools: readonly Tool[]): LiveSection[] {
  const has = new Set(tools.map((t) => t.name));
  return sections.filter((s) => s.tools === undefined || s.tools.some((name) => has.has(name)));
}

function statesOf(sections: readonly LiveSection[], ctx: AgentContext): unknown[] {
  return sections.map((s) => s.state(ctx));
}

function renderAll(sections: readonly LiveSection[], states: unknown[]): string[] {
  return sections.flatMap((s, i) => s.render(states[i]) ?? []);
}
