export * from "./batches.ts";
export * from "./hooks.ts";
export * from "./kernel.ts";
export * from "./model-wrapper.ts";
export * from "./run-tools.ts";
