/**
 * Which skills this agent has loaded: a skill's text lives in the conversation, and a
 * conversation can be compacted (s07). The names are live state (`AgentParts.liveState`), so the
 * model is told afterwards which skills it had been following and can load them again.
 */
import { defineHook, type Hook } from "@learn/core";
import { LOAD_SKILL_TOOL } from "./load-skill-tool.ts";

export interface LoadedSkills {
  /** Records each skill a load_skill call returned (not a file of it, not a failed call). */
  hook: Hook<"PostToolUse">;
  /** The note to carry over s07's compaction, or undefined when none was loaded. */
  state(): string | undefined;
  clear(): void;
}

export function loadedSkills(): LoadedSkills {
  const names = new Set<string>();
  return {
    hook: defineHook("PostToolUse", "loaded skills", async ({ call, outcome }) => {
      const input = call.input as { name?: unknown; file?: unknown };
      if (call.name === LOAD_SKILL_TOOL && !outcome.isError && input.file === undefined && typeof input.name === "string") names.add(input.name);
    }),
    state: () =>
      names.size === 0 ? undefined : `Skills you loaded and were following (load_skill again for their text): ${[...names].join(", ")}`,
    clear: () => names.clear(),
  };
}
