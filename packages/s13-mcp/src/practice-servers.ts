/**
 * What lesson 13 adds to a fresh copy of the practice workspace (before s12's `git init`): two
 * MCP servers, both started from this package's files by the node running the lesson, so
 * nothing is downloaded at run time:
 *
 *   .mcp.json                     issues       servers/issues.mjs: a tiny issue tracker (SDK server side)
 *                                 everything   @modelcontextprotocol/server-everything, pinned in the lockfile
 *   issues.json                   the tracker's two open issues
 *   .claude/settings.local.json   enabledMcpjsonServers: the two, as if you had approved them
 *                                 (a project's servers never start unapproved: trust.ts); and
 *                                 allow rules for the tracker's list and the everything server's
 *                                 tools (every MCP tool asks until a rule allows it)
 */
import { mkdir, readFile, writeFile } from "node:fs/promises";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { LOCAL_SETTINGS_FILE } from "@learn/claude-code-files";
import { prepareRepository } from "@learn/s12";
import { PROJECT_MCP_FILE } from "./mcp/config.ts";

const packageFile = (rel: string) => fileURLToPath(new URL(`../${rel}`, import.meta.url));

export const ISSUES_SERVER = packageFile("servers/issues.mjs");
export const EVERYTHING_SERVER = packageFile("node_modules/@modelcontextprotocol/server-everything/dist/index.js");

/** The practice `.mcp.json`: both servers, run by this very node. */
export function practiceMcpConfig(): { mcpServers: Record<string, { command: string; args: string[] }> } {
  return {
    mcpServers: {
      issues: { command: process.execPath, args: [ISSUES_SERVER] },
      everything: { command: process.execPath, args: [EVERYTHING_SERVER, "stdio"] },
    },
  };
}

export const PRACTICE_ISSUES = {
  issues: [
    { id: 1, title: "cartTotal ignores quantities", body: "shop/src/cart.js adds prices, not price × quantity.", status: "open" },
    { id: 2, title: "No tests for formatPrice", body: "", status: "open" },
  ],
};

/** What the practice copy's own settings allow without a question: reading the tracker, and the reference server. */
export const PRACTICE_MCP_RULES = ["mcp__issues__list_issues", "mcp__everything"];

export async function prepareMcpWorkspace(dir: string): Promise<void> {
  await writeFile(path.join(dir, PROJECT_MCP_FILE), `${JSON.stringify(practiceMcpConfig(), null, 2)}\n`);
  await writeFile(path.join(dir, "issues.json"), `${JSON.stringify(PRACTICE_ISSUES, null, 2)}\n`);
  const local = path.join(dir, LOCAL_SETTINGS_FILE);
  await mkdir(path.dirname(local), { recursive: true });
  const existing = await readFile(local, "utf8").then((t) => JSON.parse(t) as Record<string, unknown>, () => ({}));
  const permissions = { ...((existing as { permissions?: object }).permissions ?? {}), allow: PRACTICE_MCP_RULES };
  await writeFile(local, `${JSON.stringify({ ...existing, enabledMcpjsonServers: ["issues", "everything"], permissions }, null, 2)}\n`);
  await prepareRepository(dir);
}
