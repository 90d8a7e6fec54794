/** The transcript, as Claude Code writes it: its entries, the writer, the reader, the store of sessions. */
export * from "./entry.ts";
export * from "./reader.ts";
export * from "./store.ts";
export * from "./writer.ts";
