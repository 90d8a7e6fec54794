/**
 * The reset ledger as a tool wrapper: every tool call that runs in the real practice workspace
 * is a window in which what changes there is the agent's doing, noted for `pnpm reset`
 * (platform/workspace-ledger/). The command line installs it for its session (cli/index.ts);
 * the tools, and `defineTool`, know nothing of it.
 */
import { recordingWrites } from "../platform/workspace-ledger/write-window.ts";
import type { ToolWrapper } from "../runtime/tool-wrappers.ts";

export const resetLedger: ToolWrapper = {
  name: "reset ledger",
  run: (site, call) => recordingWrites(site.cwd, site.report, call),
};
