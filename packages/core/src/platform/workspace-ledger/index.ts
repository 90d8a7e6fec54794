/** The ledger of what the harness wrote into the real practice workspace, for `pnpm reset`. */
export { HARNESS_STATE, isHarnessState } from "./harness-state.ts";
export { LEDGER_FILE, ledgerFileFor, readLedger, type Ledger, type LedgerEntry } from "./ledger-file.ts";
export { ContentHashes } from "./content-hashes.ts";
export { changesBetween, MAX_SNAPSHOT_FILES, takeSnapshot, type Snapshot } from "./snapshot.ts";
export { openWriteWindow, recordingWrites, watchWorkspaceForTests, type WriteWindow } from "./write-window.ts";
