/** @learn/s06 — knowledge when asked: skills, memory, CLAUDE.md, custom commands, a cached prompt. Later lessons import from here. */
import { demoScripts, lessonFrom } from "@learn/core/harness";
import { lesson as previousLesson } from "@learn/s05";
import { createAgent, mechanisms } from "./agent.ts";

export { previousLesson };
export { createAgent, mechanisms } from "./agent.ts";
export { customCommands, knowledge } from "./mechanism.ts";
export { cachedPrompt, PromptAssembler, stableKey, type CachedPromptOptions, type LiveSection } from "./prompt/assembly.ts";
export { adaptSections, environmentSection, localDate, toolGuidance, IDENTITY, TOOL_LINES } from "./prompt/sections.ts";
export { canCarryBreakpoint, markLastMessage, withBeforeLastMarked, withLastMarked, EPHEMERAL } from "./cache/breakpoints.ts";
export * from "./skills/index.ts";
export * from "./memory/index.ts";
export { loadClaudeMd, claudeMdSection } from "./claude-md.ts";
export * from "./commands/index.ts";

export const lesson = lessonFrom(mechanisms, {
  id: "s06",
  title: "Skills and memory",
  headline: "knowledge when asked, not up front",
  demoScripts: demoScripts(import.meta.url, "knowledge.yaml"),
  createAgent,
});
