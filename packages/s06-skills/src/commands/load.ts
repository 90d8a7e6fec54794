/**
 * The workspace's custom commands: every `.claude/commands/<name>.md`, read once when the
 * agent starts. The file's name is the command's name (`commit.md` is `/commit`).
 *
 * Bad input never ends the session: a file that does not parse or is not a regular file (read
 * with core's safe reader: a named pipe is refused, not waited on), a name that is not a command
 * name, a rule in `allowed-tools` that does not parse, or a name already taken (the REPL's own
 * /help, /clear..., or a command the agent has) is reported — file and reason — and skipped.
 *
 * Subfolders are not read. Claude Code reads `.claude/commands/frontend/test.md` as `/test`,
 * with "(project:frontend)" in its description; two folders may then both have a `/test`.
 * Rather than guess which one wins, a subfolder is reported once and left alone: move its
 * files up to use them.
 */
import { readdir } from "node:fs/promises";
import path from "node:path";
import { BUILTIN_COMMAND_NAMES, readFailure, readRegularText } from "@learn/core/harness";
import { parseRule } from "@learn/s03";
import { parseCommandFile } from "./command-file.ts";

/** Where a workspace keeps its command files, as Claude Code does. */
export const COMMANDS_DIR = ".claude/commands";

/** A command name: what can follow the `/`. */
export const COMMAND_NAME = /^[a-z0-9_-]+$/;

/** A custom command, ready to run. */
export interface CustomCommand {
  /** The file name without `.md`: `/commit`. */
  name: string;
  /** What /help shows: the frontmatter's, or the body's first line. */
  description: string;
  /** What the arguments are, shown after the name in /help: `[message]`. */
  argumentHint?: string;
  /** Allow rules (settings.json syntax, each already checked) for this command's turn only. */
  allowedTools: string[];
  /** The body: the prompt, before $ARGUMENTS, $1... and !`command` are filled in. */
  template: string;
  /** Where it came from, relative to the workspace: `.claude/commands/commit.md`. */
  file: string;
}

/**
 * The workspace's command files, in name order. `taken`: names the agent already has; the
 * REPL's own (help, clear, exit, quit, demo) are always taken.
 */
export async function loadCustomCommands(cwd: string, taken: readonly string[]): Promise<{ commands: CustomCommand[]; problems: string[] }> {
  const commands: CustomCommand[] = [];
  const problems: string[] = [];
  const names = new Set([...BUILTIN_COMMAND_NAMES, ...taken]);
  let entries: { name: string; folder: boolean }[];
  try {
    entries = await commandEntries(cwd);
  } catch (err) {
    return { commands, problems: [`${COMMANDS_DIR}: cannot be read (${(err as Error).message}); no custom commands`] };
  }
  for (const entry of entries) {
    const file = `${COMMANDS_DIR}/${entry.name}`;
    if (entry.folder) {
      problems.push(`${file}/: skipped: subfolders are not read; move its command files up into ${COMMANDS_DIR}/ to use them`);
      continue;
    }
    const name = entry.name.slice(0, -".md".length);
    const skip = (why: string) => problems.push(`${file}: skipped: ${why}`);
    if (!COMMAND_NAME.test(name)) {
      skip(`"${name}" is not a command name (lowercase letters, digits, hyphens and underscores; rename the file)`);
      continue;
    }
    if (names.has(name)) {
      skip(`/${name} is already a command of this agent`);
      continue;
    }
    try {
      const parsed = parseCommandFile(await readRegularText(path.join(cwd, file), { noFollow: true }));
      for (const rule of parsed.allowedTools) checkRule(rule);
      commands.push({ name, file, ...parsed });
      names.add(name);
    } catch (err) {
      skip(readFailure(err));
    }
  }
  return { commands, problems };
}

/** A rule of allowed-tools must parse now: a typo found at the first run would be too late. */
function checkRule(text: string): void {
  try {
    parseRule(text);
  } catch (err) {
    throw new Error(`allowed-tools: "${text}" is not a permission rule (${(err as Error).message})`);
  }
}

/**
 * The `*.md` entries and the subfolders of the commands folder, in name order (none when it is
 * missing). An `.md` that is not a regular file (a link, a named pipe) is listed too, so that
 * reading it reports what it is instead of passing over it in silence.
 */
async function commandEntries(cwd: string): Promise<{ name: string; folder: boolean }[]> {
  try {
    const entries = await readdir(path.join(cwd, COMMANDS_DIR), { withFileTypes: true });
    return entries
      .filter((e) => e.isDirectory() || e.name.endsWith(".md"))
      .map((e) => ({ name: e.name, folder: e.isDirectory() }))
      .sort((a, b) => a.name.localeCompare(b.name));
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === "ENOENT") return [];
    throw err;
  }
}
