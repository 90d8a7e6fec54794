/**
 * The Claude Code folder a replay of the lesson's own demo reads: an empty one.
 *
 * A demo script is written for a machine with no `~/.claude`. A student who uses Claude Code
 * has one, and the harness reads it as Claude Code does: its skills are listed in every
 * request (s07's demo then compacts one request early and its script no longer fits), its
 * agents join the subagent tool's list, its settings' rules change what is allowed. So the
 * offline demo — `demo`, `/demo`, the scripted model answering the demo's prompts — reads an
 * empty folder made for this process. A student's own --model-script, or a real model,
 * reads the real one (CLAUDE_CONFIG_DIR, else ~/.claude), and `--check-config` always does.
 */
import { mkdtempSync, readdirSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { userClaudeDir } from "../../runtime/config-check.ts";

let made: string | undefined;

export function emptyUserDir(): string {
  if (made) return made;
  const dir = mkdtempSync(path.join(os.tmpdir(), "learn-demo-claude-dir-"));
  process.once("exit", () => rmSync(dir, { recursive: true, force: true }));
  return (made = dir);
}

/** What of the real folder the replay leaves out, for the banner: "settings.json, skills/". */
export function setAsideForDemo(env: NodeJS.ProcessEnv = process.env): string[] {
  const names = new Set(["settings.json", "skills", "agents", "commands", "CLAUDE.md"]);
  try {
    return readdirSync(userClaudeDir(env), { withFileTypes: true })
      .filter((entry) => names.has(entry.name))
      .map((entry) => (entry.isDirectory() ? `${entry.name}/` : entry.name))
      .sort();
  } catch {
    return []; // no folder (or unreadable): nothing is set aside
  }
}
