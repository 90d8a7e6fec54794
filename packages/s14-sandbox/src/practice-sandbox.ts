/**
 * What lesson 14 adds to a fresh copy of the practice workspace (after s13's MCP servers and
 * s12's `git init`): the sandbox switched on in `.claude/settings.local.json`, as Claude Code's
 * /sandbox panel writes it, and a `.env` holding a made-up payment token — the file the practice
 * settings' `Read(./.env)` rule protects, for the demo to try to read.
 */
import { readFile, writeFile } from "node:fs/promises";
import path from "node:path";
import { LOCAL_SETTINGS_FILE } from "@learn/claude-code-files";
import { prepareMcpWorkspace } from "@learn/s13";

/** The practice `.env`'s value: made up, long enough to be seen if it leaked. */
export const PRACTICE_TOKEN = "pay_live_7f3a9c2e81d44b6b";

export async function prepareSandboxWorkspace(dir: string): Promise<void> {
  await prepareMcpWorkspace(dir);
  await writeFile(path.join(dir, ".env"), `PAYMENT_TOKEN=${PRACTICE_TOKEN}\n`);
  const local = path.join(dir, LOCAL_SETTINGS_FILE);
  const existing = JSON.parse(await readFile(local, "utf8")) as Record<string, unknown>;
  await writeFile(local, `${JSON.stringify({ ...existing, sandbox: { enabled: true } }, null, 2)}\n`);
}
