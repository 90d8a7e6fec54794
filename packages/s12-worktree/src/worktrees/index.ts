export * from "./describe.ts";
export * from "./events.ts";
export * from "./index-file.ts";
export * from "./manager.ts";
export * from "./names.ts";
export * from "./place.ts";
export * from "./tools.ts";
