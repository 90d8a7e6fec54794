/** @learn/s07 — being built. */
export * from "./compaction/index.ts";
