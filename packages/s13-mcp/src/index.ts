/** @learn/s13 — tools from other processes: MCP servers, started only once a person trusts them. */
import { demoScripts, lessonFrom } from "@learn/core/harness";
import { createAgent, mechanisms } from "./agent.ts";
import { prepareMcpWorkspace } from "./practice-servers.ts";

export { mechanisms } from "./agent.ts";
export { prepareMcpWorkspace } from "./practice-servers.ts";

export const lesson = lessonFrom(mechanisms, {
  id: "s13",
  title: "MCP",
  headline: "tools from other processes",
  demoScripts: demoScripts(import.meta.url, "issues.yaml"),
  workspace: {
    prepare: prepareMcpWorkspace,
    why: "A fresh copy of practice-workspace/ with two MCP servers in its .mcp.json (an issue tracker and the reference \"everything\" server), approved in .claude/settings.local.json, made a git repository (--cwd <dir> to work elsewhere).",
  },
  createAgent,
});
