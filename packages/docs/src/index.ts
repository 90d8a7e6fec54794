/** @learn/docs — the docs generator and the trace renderer, for tests and tools. */
export { planDocs, writeDocs, type DocsPlan } from "./generate.ts";
export type { ReadmePlan } from "./readme-plan.ts";
export { runDocsCommand } from "./docs-command.ts";
export { runTraceCommand } from "./trace-command.ts";
export { renderSteps, renderStep, type StepOptions } from "./trace-render.ts";
export { readTraceFile, parseTrace, TraceFileError } from "./trace-file.ts";
export { Normalizer, restateUsage, WORKSPACE } from "./normalize.ts";
export { BLOCK_NAMES, startMarker, endMarker, readBlock, type BlockName } from "./markers.ts";
export { brokenLinks, type BrokenLink } from "./links.ts";
export { discoverLessons, type LessonPackage } from "./discover.ts";
export { lessonModules, type SourceModule } from "./sources.ts";
export { unifiedDiff } from "./code-diff.ts";
export { readFolders } from "./folders.ts";
