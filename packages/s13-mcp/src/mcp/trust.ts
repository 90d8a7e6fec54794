/**
 * TRUST BEFORE START. A project's `.mcp.json` comes with the code, like a Makefile: a server it
 * names is a program that would run with your rights the moment the session starts. So it
 * starts only once a person approved it, through Claude Code's own settings keys:
 *
 *   enableAllProjectMcpServers: true          every server of the project's .mcp.json
 *   enabledMcpjsonServers: ["issues"]         these by name
 *   disabledMcpjsonServers: ["everything"]    never these (wins over both above)
 *
 * read only from the files a person writes for themselves — `~/.claude/settings.json` and
 * `.claude/settings.local.json` — never from `.claude/settings.json`, which comes with the code
 * as `.mcp.json` does (a project cannot approve itself). The model cannot approve one either:
 * all these files are protected from its writes (s03's protected paths).
 *
 * A server neither approved nor disabled: at a terminal the person is asked once, at start;
 * with no terminal it is listed as not started. Servers from ~/.claude.json and --mcp-config
 * were written by the person: they start.
 */
import { readFile } from "node:fs/promises";
import { LOCAL_SETTINGS_FILE, settingsPlaces } from "@learn/claude-code-files";
import type { ConfiguredServer } from "./config.ts";
import { describeConfig } from "./config.ts";

export interface McpApprovals {
  all: boolean;
  enabled: Set<string>;
  disabled: Set<string>;
}

export type TrustVerdict = "approved" | "disabled" | "unapproved";

/** The approvals in the user's and the local settings (not the project's shared file). */
export async function readApprovals(cwd: string, userDir: string): Promise<McpApprovals> {
  const approvals: McpApprovals = { all: false, enabled: new Set(), disabled: new Set() };
  for (const place of settingsPlaces(cwd, userDir).filter((p) => p.scope !== "project")) {
    const raw = await readJson(place.file);
    if (raw.enableAllProjectMcpServers === true) approvals.all = true;
    for (const name of names(raw.enabledMcpjsonServers)) approvals.enabled.add(name);
    for (const name of names(raw.disabledMcpjsonServers)) approvals.disabled.add(name);
  }
  return approvals;
}

/** What the settings say of one server, before anyone is asked. */
export function verdictOf(server: ConfiguredServer, approvals: McpApprovals): TrustVerdict {
  if (server.scope !== "project") return "approved";
  if (approvals.disabled.has(server.name)) return "disabled";
  return approvals.all || approvals.enabled.has(server.name) ? "approved" : "unapproved";
}

/** The one question asked at a terminal for an unapproved project server. */
export function trustQuestion(server: ConfiguredServer): string {
  return (
    `The project's ${server.file} wants to start MCP server "${server.name}": ${describeConfig(server.config)}\n` +
    `It would run with your rights. Start it for this session? (to remember: enabledMcpjsonServers in ${LOCAL_SETTINGS_FILE}) [y/N] `
  );
}

/** Why a project server was not started, for `/mcp` and the start-up notice. */
export function notStartedReason(verdict: Exclude<TrustVerdict, "approved">, interactive: boolean): string {
  if (verdict === "disabled") return "disabled in disabledMcpjsonServers";
  return interactive
    ? "not approved (you said no)"
    : `not approved: a project's .mcp.json server starts only once a person approved it (enabledMcpjsonServers in ${LOCAL_SETTINGS_FILE}, or run at a terminal)`;
}

async function readJson(file: string): Promise<Record<string, unknown>> {
  try {
    const value: unknown = JSON.parse(await readFile(file, "utf8"));
    return typeof value === "object" && value !== null && !Array.isArray(value) ? (value as Record<string, unknown>) : {};
  } catch {
    return {}; // a missing or broken settings file approves nothing (s03 reports broken ones)
  }
}

const names = (value: unknown): string[] => (Array.isArray(value) ? value.filter((x): x is string => typeof x === "string") : []);
