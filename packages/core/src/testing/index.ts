/**
 * Test helpers: a temporary copy of the practice workspace, and a model wired to the
 * simulator through the real SDK — so a test drives a lesson exactly as a student does.
 */
export { RecordingRenderer, type RenderEvent } from "./recording-renderer.ts";
export { tempWorkspace, useTempWorkspace, type TempWorkspace } from "./temp-workspace.ts";
export { isRunning } from "./is-running.ts";
export { scriptedAgent, scriptedModel, testContext, toolResultsOf, type ScriptedAgent, type ScriptedModel } from "./scripted.ts";
export { serveSimulator, type Endpoint } from "./http-endpoint.ts";
export { practiceRepoCopy, type PracticeRepo } from "./practice-repo.ts";
export * from "./contracts/index.ts";
export { runLessonCli, startLessonCli, type CliRun, type CliOptionsForTest, type RunningCli } from "./run-cli.ts";
export { makeFifo, releaseFifos, useFifos } from "./fifo.ts";
export { bundledForNode } from "./node-bundle.ts";
export { filesHolding, loadConfigAsHarness, secretEnvFile } from "./secret-leaks.ts";
