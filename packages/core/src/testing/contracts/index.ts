/**
 * Contract tests: guarantees a lesson introduces and every later lesson must keep. Each
 * function registers a vitest `describe` block that drives a lesson's agent through the real
 * SDK and the simulator; a lesson's test file runs them against its own `lesson`.
 */
export { type ContractLesson, type ContractOptions, type ScriptedToolCall, type ToolResult, runCalls, runRounds, scriptOf } from "./drive.ts";
export { pathSafetyContract } from "./path-safety.ts";
export { literalEditContract } from "./literal-edit.ts";
export { expectPaired, toolResultPairingContract } from "./tool-result-pairing.ts";
