/** @learn/s06 — knowledge when asked: skills, memory, CLAUDE.md, custom commands, a cached prompt. Later lessons import from here. */
import { demoScripts, lessonFrom } from "@learn/core/harness";
import { PERMISSION_MODE_FLAG } from "@learn/s03";
import { lesson as previousLesson } from "@learn/s05";
import { createAgent, mechanisms } from "./agent.ts";

export { previousLesson };
export { createAgent, mechanisms } from "./agent.ts";
export { customCommands } from "./custom-commands/index.ts";
export * from "./skills/index.ts";
export * from "./memory/index.ts";
export { claudeMd } from "./claude-md/index.ts";
export { loadClaudeMd, claudeMdSection } from "./claude-md/claude-md.ts";
export { promptCache } from "./prompt-cache/index.ts";
export { withLiveSection, type Layer, type LiveSection, type LiveSections } from "./prompt-cache/live-sections.ts";
export { cachedPrompt, PromptAssembler, stableKey, type CachedPromptOptions } from "./prompt-cache/assembly.ts";
export { adaptSections, environmentSection, localDate, toolGuidance, IDENTITY, TOOL_LINES } from "./prompt-cache/sections.ts";
export { canCarryBreakpoint, markLastMessage, withBeforeLastMarked, withLastMarked, EPHEMERAL } from "./prompt-cache/breakpoints.ts";
export { COMMANDS_DIR, COMMAND_NAME, loadCustomCommands, type CustomCommand, type CommandCatalog } from "./custom-commands/load.ts";
export { fillArguments, splitArguments } from "./custom-commands/arguments.ts";
export { inlineCommandsOf, INLINE_COMMAND, INLINE_TIMEOUT_MS, INLINE_OUTPUT_CHARS } from "./custom-commands/inline-commands.ts";
export { TurnGrants, COMMAND_GRANTS_HOOK } from "./custom-commands/turn-grants.ts";
export { customSlashCommands, type CustomCommandDeps } from "./custom-commands/slash-commands.ts";

export const lesson = lessonFrom(mechanisms, {
  id: "s06",
  title: "Skills and memory",
  headline: "knowledge when asked, not up front",
  demoScripts: demoScripts(import.meta.url, "knowledge.yaml"),
  // Its demo writes code: in acceptEdits, as the practice rules approve no edit of code (s03).
  demoFlags: { [PERMISSION_MODE_FLAG]: "acceptEdits" },
  createAgent,
});
