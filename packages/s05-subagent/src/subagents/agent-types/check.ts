/**
 * `--check-config` for agent files: the same loader the agent starts with, run over the user's
 * `~/.claude/agents/` and the workspace's `.claude/agents/`, its verdicts as the report.
 *
 * The children's tools are only known once an agent is built (a later lesson gives them more),
 * so the check resolves tool names against none: it cannot refuse a file whose tools all are
 * missing, and does not report unknown tools. Start-up does both, with the real tools.
 */
import type { ConfigPlace, ConfigSections } from "@learn/core";
import { loadAgentTypes } from "./load.ts";

export async function checkAgents({ cwd, userDir }: ConfigPlace): Promise<ConfigSections> {
  const { files } = await loadAgentTypes(cwd, undefined, undefined, userDir);
  return { agents: files };
}
