/** What every tool test needs: an agent context in a temporary workspace. */
import type { AgentContext } from "@learn/core";
import { testContext, type TempWorkspace } from "@learn/core/testing";

export const ctxIn = (ws: TempWorkspace): AgentContext => testContext(ws.dir);

/**
 * What a tool of lessons 1 and 2 is made of: no permission metadata, which arrives in lesson 3
 * (s03 gives these tools theirs).
 */
export const EARLY_TOOL_FIELDS = ["concurrencySafe", "description", "execute", "name", "schema", "spec"];
