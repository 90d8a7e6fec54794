/**
 * The custom commands: every `*.md` under `.claude/commands/` (and the user's
 * `~/.claude/commands/`), read once when the agent starts. The file's path is the command's
 * name, each folder a namespace joined by `:`, as Claude Code (2.1.328) names them:
 *
 *   .claude/commands/commit.md              /commit
 *   .claude/commands/frontend/test.md       /frontend:test
 *   ~/.claude/commands/review.md            /review, in every project (a project's /review replaces it)
 *
 * Bad input never ends the session: a file that does not parse or is not a regular file (read
 * with core's safe reader: a named pipe is refused, not waited on), a name that is not a command
 * name, a rule in `allowed-tools` that does not parse, or a name already taken (the REPL's own
 * /help, /clear..., or a command the agent has) is reported — file and reason — and skipped.
 */
import type { Dirent } from "node:fs";
import { readdir } from "node:fs/promises";
import path from "node:path";
import type { ConfigFileReport } from "@learn/core";
import { BUILTIN_COMMAND_NAMES, readFailure, readRegularText } from "@learn/core/harness";
import { checkAllowedTools, parseCommandFile } from "@learn/claude-code-files";

/** Where a workspace keeps its command files, as Claude Code does (and the user's, under ~/.claude). */
export const COMMANDS_DIR = ".claude/commands";

/** A command name: what can follow the `/`; a command in a subfolder is `folder:name`. */
export const COMMAND_NAME = /^[A-Za-z0-9._-]+(?::[A-Za-z0-9._-]+)*$/;

/** How deep subfolders are read: a folder of thousands of files is not a set of commands. */
const MAX_DEPTH = 5;

/** A custom command, ready to run. */
export interface CustomCommand {
  /** The file's path without `.md`, folders joined by `:`: `/commit`, `/frontend:test`. */
  name: string;
  /** What /help shows: the frontmatter's, or the body's first line. */
  description: string;
  /** What the arguments are, shown after the name in /help: `[message]`. */
  argumentHint?: string;
  /** Allow rules (settings.json syntax, each already checked) for this command's turn only. */
  allowedTools: string[];
  /** The body: the prompt, before $ARGUMENTS, $1... and !`command` are filled in. */
  template: string;
  /** Where it came from: `.claude/commands/commit.md`, `~/.claude/commands/review.md`. */
  file: string;
}

export interface CommandCatalog {
  commands: CustomCommand[];
  /** Files skipped, one line each: `<file>: skipped: <why>`. */
  problems: string[];
  /** Things to know that skipped nothing: a command replaced, frontmatter forgiven, fields ignored. */
  notices: string[];
  /** Every command file read, as `--check-config` reports it. */
  reports: ConfigFileReport[];
}

/**
 * The user's and the workspace's command files, in name order. `taken`: names the agent already
 * has; the REPL's own (help, clear, exit, quit, demo) are always taken. `userDir`: the user's
 * Claude Code folder (`~/.claude`), left out for none.
 */
export async function loadCustomCommands(cwd: string, taken: readonly string[], userDir?: string): Promise<CommandCatalog> {
  const catalog: CommandCatalog = { commands: [], problems: [], notices: [], reports: [] };
  const names = new Set([...BUILTIN_COMMAND_NAMES, ...taken]);
  const byName = new Map<string, CustomCommand>();
  const folders = [...(userDir ? [{ root: path.join(userDir, "commands"), shown: "~/.claude/commands" }] : []), { root: path.join(cwd, COMMANDS_DIR), shown: COMMANDS_DIR }];
  for (const { root, shown } of folders) {
    let files: string[];
    try {
      files = await commandFiles(root);
    } catch (err) {
      catalog.problems.push(`${shown}: cannot be read (${(err as Error).message}); its commands are not offered`);
      continue;
    }
    for (const rel of files) {
      const command = await loadOne(root, shown, rel, names, catalog);
      if (!command) continue;
      const replaced = byName.get(command.name);
      if (replaced) catalog.notices.push(`${command.file} replaces /${command.name} of ${replaced.file}.`);
      byName.set(command.name, command);
    }
  }
  catalog.commands = [...byName.values()].sort((a, b) => a.name.localeCompare(b.name));
  return catalog;
}

/** One command file, or undefined when it is skipped (the catalog says why). */
async function loadOne(root: string, shown: string, rel: string, taken: ReadonlySet<string>, catalog: CommandCatalog): Promise<CustomCommand | undefined> {
  const file = `${shown}/${rel}`;
  const name = rel.slice(0, -".md".length).split("/").join(":");
  const skip = (reason: string) => {
    catalog.problems.push(`${file}: skipped: ${reason}`);
    catalog.reports.push({ file, name, status: "refused", reason, ignored: [] });
    return undefined;
  };
  if (!COMMAND_NAME.test(name)) return skip(`"${name}" is not a command name (letters, digits, dots, hyphens and underscores; rename the file)`);
  if (taken.has(name)) return skip(`/${name} is already a command of this agent`);
  try {
    const { warnings, ignored, ...parsed } = parseCommandFile(await readRegularText(path.join(root, rel), { noFollow: true }));
    checkAllowedTools(parsed.allowedTools);
    for (const warning of warnings) catalog.notices.push(`${file}: ${warning}`);
    if (ignored.length > 0) catalog.notices.push(`${file}: read, with no mechanism here, ignored: ${ignored.join(", ")}`);
    catalog.reports.push({ file, name, status: "loaded", ignored });
    return { name, file, ...parsed };
  } catch (err) {
    return skip(readFailure(err));
  }
}

/**
 * The `*.md` files under `root`, as paths relative to it with `/`, in name order (none when it
 * is missing). Hidden entries are passed over. An `.md` that is not a regular file (a link, a
 * named pipe) is listed too, so that reading it reports what it is instead of passing over it.
 */
async function commandFiles(root: string, rel = "", depth = 0): Promise<string[]> {
  let entries: Dirent[];
  try {
    entries = await readdir(path.join(root, rel), { withFileTypes: true });
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === "ENOENT" && rel === "") return [];
    throw err;
  }
  const files: string[] = [];
  for (const entry of entries.sort((a, b) => a.name.localeCompare(b.name))) {
    if (entry.name.startsWith(".")) continue;
    const relPath = rel === "" ? entry.name : `${rel}/${entry.name}`;
    if (entry.isDirectory()) {
      if (depth < MAX_DEPTH) files.push(...(await commandFiles(root, relPath, depth + 1)));
    } else if (entry.name.endsWith(".md")) files.push(relPath);
  }
  return files;
}
