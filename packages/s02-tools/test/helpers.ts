/** What every tool test needs: a tool context in a temporary workspace. */
import type { ToolContext } from "@learn/core";
import type { TempWorkspace } from "@learn/core/testing";

export const ctxIn = (ws: TempWorkspace): ToolContext => ({ cwd: ws.dir, signal: new AbortController().signal, agent: "lead" });
