/**
 * What a lesson's agent is made of — tools, hooks, prompt sections, slash commands — asked
 * of a real agent, and the difference between two lessons. The "what changed" table is
 * built from this, so it cannot disagree with the code.
 */
import type { AgentAnatomy } from "@learn/core";
import type { Lesson } from "@learn/core/harness";
import { scriptedAgent, tempWorkspace } from "@learn/core/testing";

/** The agent is built but never run, so the script is never read; the simulator needs one. */
const UNUSED_SCRIPT = "turns:\n  - content: [ { type: text, text: unused } ]\n";

/** The agent's parts, and the command-line flags its lesson gathered from its mechanisms. */
export type LessonAnatomy = AgentAnatomy & { flags: string[] };

export async function anatomyOf(lesson: Lesson): Promise<LessonAnatomy> {
  const ws = await tempWorkspace();
  try {
    const { agent } = await scriptedAgent(lesson, UNUSED_SCRIPT, ws.dir);
    try {
      return { ...agent.anatomy(), flags: (lesson.flags ?? []).map((f) => `--${f.name}`) };
    } finally {
      await agent.close?.();
    }
  } finally {
    await ws.cleanup();
  }
}

export type AnatomyKind = keyof LessonAnatomy;
export const ANATOMY_KINDS: readonly AnatomyKind[] = ["mechanisms", "tools", "hooks", "promptSections", "commands", "grants", "flags"];

export interface AnatomyChange {
  kind: AnatomyKind;
  added: string[];
  removed: string[];
  now: string[];
}

/** Per kind: what `current` has that `previous` had not, and the other way round. */
export function compareAnatomy(previous: LessonAnatomy | undefined, current: LessonAnatomy): AnatomyChange[] {
  return ANATOMY_KINDS.map((kind) => {
    const before = previous?.[kind] ?? [];
    const now = current[kind] ?? [];
    return {
      kind,
      added: now.filter((name) => !before.includes(name)),
      removed: before.filter((name) => !now.includes(name)),
      now,
    };
  });
}
