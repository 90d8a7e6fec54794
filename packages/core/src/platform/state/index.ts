/** Durable state on disk: atomic writes, JSON and JSONL files, a lock between processes, and the one safe reader. */
export { appendTextFile, appendTextFileSync } from "./append-file.ts";
export { isAtomicTempFile, writeFileAtomic } from "./atomic-file.ts";
export { describeJsonError, jsonErrorPlace, type JsonErrorPlace } from "./json-error.ts";
export { readJsonFile, writeJsonFile, type JsonFileResult } from "./json-file.ts";
export { LockError, withLock, type LockOptions } from "./lock.ts";
export { LockedJsonFile, readJsonState } from "./locked-json-file.ts";
export { appendJsonl, drainJsonl, readJsonl, type JsonlRead } from "./jsonl.ts";
export {
  kindOf,
  MAX_HARNESS_FILE_BYTES,
  openRegularFile,
  readFailure,
  readRegularFile,
  readRegularFileSync,
  readRegularText,
  RefusedFileError,
  type RegularFileOptions,
} from "./regular-file.ts";
