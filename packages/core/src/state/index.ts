/** Durable state on disk: atomic writes, JSON and JSONL files, and a lock between processes. */
export { appendTextFile, appendTextFileSync } from "./append-file.ts";
export { isAtomicTempFile, writeFileAtomic } from "./atomic-file.ts";
export { describeJsonError, jsonErrorPlace, type JsonErrorPlace } from "./json-error.ts";
export { readJsonFile, writeJsonFile, type JsonFileResult } from "./json-file.ts";
export { LockError, withLock, type LockOptions } from "./lock.ts";
export { appendJsonl, drainJsonl, readJsonl, type JsonlRead } from "./jsonl.ts";
