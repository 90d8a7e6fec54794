/** What every tool test needs: an agent context in a temporary workspace. */
import type { AgentContext } from "@learn/core";
import { testContext, type TempWorkspace } from "@learn/core/testing";

export const ctxIn = (ws: TempWorkspace): AgentContext => testContext(ws.dir);
