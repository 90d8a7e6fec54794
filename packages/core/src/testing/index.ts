/**
 * @learn/core/testing — test helpers: a temporary copy of the practice workspace, and a model
 * wired to the simulator through the real SDK — so a test drives a lesson exactly as a student
 * does. And the contract tests: guarantees a lesson introduces that every later lesson keeps.
 *
 * Every name here is imported by some other package (test/entry-points.test.ts checks).
 */
export { RecordingRenderer } from "./recording-renderer.ts";
export { tempWorkspace, useTempWorkspace, type TempWorkspace } from "./temp-workspace.ts";
export { goneSoon, isRunning } from "./is-running.ts";
export { scriptedAgent, scriptedModel, testContext, toolResultsOf } from "./scripted.ts";
export { serveSimulator, type Endpoint } from "./http-endpoint.ts";
export { practiceRepoCopy, type PracticeRepo } from "./practice-repo.ts";
export { runLessonCli, startLessonCli, type CliRun } from "./run-cli.ts";
export { makeFifo, useFifos } from "./fifo.ts";
export { bundledForNode } from "./node-bundle.ts";
export { findCycle, importGraph } from "./import-graph.ts";
export { filesHolding, secretEnvFile } from "./secret-leaks.ts";
// The contract tests (contracts/): each registers a vitest `describe` a lesson runs against its own agent.
export { expectPaired, literalEditContract, pathSafetyContract, runRounds, scriptOf, toolResultPairingContract, type ContractLesson, type ScriptedToolCall } from "./contracts/index.ts";
