/**
 * @learn/core/harness — WHAT RUNS AROUND THE AGENT: the command line and the REPL a student
 * types into, the screen, the configuration, the processes a tool starts, files on disk (the
 * workspace, its paths, state kept under a lock), secrets, and git run safely. None of it is
 * a lesson's idea; a lesson uses it the way Claude Code's own code uses its platform layer.
 *
 * The runtime the lessons teach is `@learn/core`; the offline model `@learn/core/simulator`.
 * Every name here is imported by some other package (test/entry-points.test.ts checks).
 */

// A lesson's command line: `main(lesson)`, the REPL behind it, and the screen it draws.
export { main, runCli } from "./app/cli/index.ts";
export { commandPrompt } from "./app/cli/command-prompt.ts";
export { demoScripts, type Lesson, type LessonFlag } from "./runtime/lesson.ts";
export { lessonFrom } from "./runtime/agent/lesson-from.ts";
export { BUILTIN_COMMAND_NAMES, Repl } from "./app/repl.ts";
export { silentRenderer } from "./runtime/renderer.ts";
export { Screen } from "./app/ui/screen.ts";
export { paletteFor, type Palette } from "./app/ui/colors.ts";
export { MemoryTracer, type TraceEntry } from "./platform/trace.ts";

// Configuration, and the secrets it loads.
export { ConfigError, loadConfig, practiceWorkspace, repoRoot } from "./platform/config.ts";
export { loadedEnvFiles, scrubSecrets } from "./platform/secrets.ts";
export { userClaudeDir } from "./runtime/config-check.ts";
export { parseFrontmatter, splitToolList } from "./runtime/frontmatter.ts";
export { closestName } from "./platform/closest-name.ts";

// Processes a tool starts, and git run so that a repository cannot start programs of its own.
export { runCommand, startProcess, type ProcessHandle, type RunResult } from "./platform/process.ts";
export { installProcessCleanup, killTagged, newProcessTag, PROCESS_TAG_VAR, trackGroup, untrackGroup } from "./platform/process-registry.ts";
export { childEnv } from "./platform/child-env.ts";
export { launchOf, withProcessWrapper, withoutProcessWrapper, type Launch, type ProcessWrapper } from "./platform/process-wrapper.ts";
export { runGit, SAFE_GIT_OPTIONS, safeGitEnv } from "./platform/safe-git.ts";

// The workspace the agent works in, and the paths in it.
export { displayPath, isInside, resolveInWorkspace } from "./platform/paths.ts";
export { physicalPath } from "./platform/physical-path.ts";
export { copyPracticeWorkspace, lessonWorkspace } from "./app/workspace.ts";
export { driftFromTemplate } from "./app/workspace-drift.ts";
export { LEDGER_FILE, openWriteWindow, readLedger, type WriteWindow } from "./platform/workspace-ledger/index.ts";
// The ledger's snapshots and hashes, for a lesson that watches what a turn changed (s15's /rewind).
export { ContentHashes, takeSnapshot } from "./platform/workspace-ledger/index.ts";

// State on disk: atomic writes, JSON and JSONL files, a lock between processes, the one safe reader.
export {
  appendJsonl,
  appendTextFile,
  appendTextFileSync,
  drainJsonl,
  jsonErrorPlace,
  kindOf,
  LockedJsonFile,
  openRegularFile,
  readFailure,
  readJsonl,
  readJsonState,
  readRegularFile,
  readRegularText,
  RefusedFileError,
  withLock,
  writeFileAtomic,
  writeJsonFile,
  type JsonlRead,
  type LockOptions,
} from "./platform/state/index.ts";
