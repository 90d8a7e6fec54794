export * from "./entry.ts";
export * from "./reader.ts";
export * from "./store.ts";
export * from "./writer.ts";
