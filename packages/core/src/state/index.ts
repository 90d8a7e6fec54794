/** Durable state on disk: atomic writes, JSON and JSONL files, and a lock between processes. */
export * from "./atomic-file.ts";
export * from "./json-error.ts";
export * from "./json-file.ts";
export * from "./lock.ts";
export * from "./jsonl.ts";
