/** @learn/s02 — a dispatch table, file tools, parallel batches. Later lessons import from here. */
import { demoScripts, lessonFrom } from "@learn/core/harness";
import { createAgent, mechanisms } from "./agent.ts";

export { createAgent, mechanisms } from "./agent.ts";
export { files } from "./files/index.ts";
export { agentLoop, type LoopOptions } from "./loop.ts";
export { promptSections, systemPrompt, withFileToolGuidance, TOOL_GUIDANCE } from "./files/prompt.ts";
export { fileTools, tools } from "./files/file-tools.ts";
export { bashTool } from "@learn/s01";
export { readFileTool, lineWindow, numberLines, DEFAULT_READ_LIMIT } from "./files/read-file.ts";
export { writeFileTool } from "./files/write-file.ts";
export { editFileTool, countOccurrences, replaceLiteral } from "./files/edit-file.ts";
export { globTool, MAX_GLOB_PATHS } from "./files/glob.ts";
export { grepTool, MAX_GREP_MATCHES, MAX_MATCH_LINE_CHARS } from "./files/grep.ts";
export { findFiles, checkPattern, IGNORED } from "./files/find-files.ts";
export { readTextFile, looksBinary, linesOf, BINARY_SNIFF_BYTES } from "./files/text-file.ts";

export const lesson = lessonFrom(mechanisms, {
  id: "s02",
  title: "Tools",
  headline: "add a tool, not a branch",
  demoScripts: demoScripts(import.meta.url, "fix-bug.yaml"),
  createAgent,
});
