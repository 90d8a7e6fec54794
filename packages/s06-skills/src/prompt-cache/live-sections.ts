/**
 * Live sections: what the mechanisms before this one (skills, memory, CLAUDE.md) put in the
 * system prompt, each in the layer its state changes with. They hand them over in the agent's
 * parts; the prompt cache (index.ts) lays the layers out, slowest-changing first, whatever order
 * the mechanisms came in.
 */
import type { AgentContext, AgentParts } from "@learn/core";

/** A section made from live state: read cheaply every call, rendered only when it changed. */
export interface LiveSection<S = unknown> {
  name: string;
  /** Only for an agent with one of these tools (the skills list needs load_skill). */
  tools?: readonly string[];
  /** The state the text is made from: in memory, cheap to read (it is read before every call). */
  state(ctx: AgentContext): S;
  /** The text for that state; undefined: the section is absent. */
  render(state: S): string | undefined;
}

/** The prompt's layers (assembly.ts): fixed for the session, changed by a save, and the dynamic tail. */
export type Layer = "stable" | "session" | "dynamic";

export type LiveSections = { readonly [L in Layer]?: readonly LiveSection[] };

declare module "@learn/core" {
  interface AgentParts {
    /** s06: live sections by layer, for the prompt cache to assemble (a section added after it is not read). Unset before s06. */
    liveSections?: LiveSections;
  }
}

/** The parts' live sections with one more, last in its layer. */
export function withLiveSection(parts: AgentParts, layer: Layer, section: LiveSection): LiveSections {
  const live = parts.liveSections ?? {};
  return { ...live, [layer]: [...(live[layer] ?? []), section] };
}
