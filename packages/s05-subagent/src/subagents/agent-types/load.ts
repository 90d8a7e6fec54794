/**
 * The agent types a session offers: the built-ins, then the user's `~/.claude/agents/*.md`,
 * then the workspace's `.claude/agents/*.md`, read once when the agent starts. A later folder
 * wins a name, as in Claude Code (built-in < user < project). Each type is resolved against the
 * tools the children will really have, so by the time the model asks for one we already know
 * its tools, model, permission mode and budget, and whether it is read-only (which decides
 * whether it may run beside others).
 *
 * Bad input never ends the session: a file that does not parse, or is not a regular file (a
 * named pipe would hang a plain read: core's safe reader refuses it), or whose tools all are
 * missing here, is reported (file and reason) and skipped; tool names we do not have are
 * reported once and skipped; fields we have no mechanism for are named once; an unknown type
 * asked for by the model gets an error that lists the known ones. Every file's verdict is kept
 * for `--check-config` (check.ts).
 */
import { readdir } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { mutates, ToolError, type ConfigFileReport, type Renderer, type Tool } from "@learn/core";
import { readFailure, readRegularText } from "@learn/core/harness";
import { modeOf, parseAgentFile, type AgentFile, type PermissionMode } from "@learn/claude-code-files";
import { BUILT_IN_AGENTS } from "./built-in.ts";
import { aliasEnv, aliasOf, CLAUDE_CODE_TARGETS, modelIdFor, type AliasTargets } from "@learn/claude-code-files";
import { chooseTools } from "./tool-names.ts";

/** Where a workspace keeps its agent files, as Claude Code does. */
export const AGENTS_DIR = ".claude/agents";

/** An agent type, ready to start a child of. */
export interface AgentType {
  name: string;
  description: string;
  /** Our names of the child's tools (never `task`). */
  tools: string[];
  /** The model id its requests name; undefined: the parent's. */
  model: string | undefined;
  /** Its system prompt (an agent file's body). */
  prompt: string;
  /** "built-in", or the file it came from (`.claude/agents/x.md`). */
  source: string;
  /** Every tool it has changes nothing: children of this type may run at the same time. */
  readOnly: boolean;
  /** The mode its file asks its children to run in (@learn/claude-code-files: permission-mode.ts decides whether they do). */
  permissionMode?: PermissionMode;
  /** At most this many model calls per child; undefined: the lesson's budget. */
  maxTurns?: number;
}

export interface AgentTypes {
  /** By name, built-ins first, then files in name order. */
  types: Map<string, AgentType>;
  /** Files skipped, one line each: `<file>: skipped: <why>`. */
  problems: string[];
  /** Things to know that skipped nothing (an unknown tool name, a built-in replaced). */
  notices: string[];
  /** Every file read, with its verdict: what `--check-config` reports. */
  files: ConfigFileReport[];
}

/** A type from what a file (or a built-in) says, against the tools a child is built with. */
export function resolveAgentType(
  file: AgentFile,
  source: string,
  tools: readonly Tool[],
  aliases: AliasTargets = CLAUDE_CODE_TARGETS,
): { type: AgentType; unknownTools: string[]; withRule: string[] } {
  const { names, unknown, withRule } = file.tools === undefined ? { names: tools.map((t) => t.name), unknown: [], withRule: [] } : chooseTools(file.tools, tools);
  const chosen = tools.filter((t) => names.includes(t.name));
  const { mode } = modeOf(file.permissionMode);
  const type: AgentType = {
    name: file.name,
    description: file.description,
    tools: names,
    model: modelIdFor(file.model, aliases),
    prompt: file.prompt,
    source,
    // A read-only built-in (explore) has bash too, limited to read-only commands (subagent/read-only-bash.ts).
    readOnly: file.readOnly === true || chosen.every((t) => !mutates(t)),
    ...(mode ? { permissionMode: mode } : {}),
    ...(file.maxTurns !== undefined ? { maxTurns: file.maxTurns } : {}),
  };
  return { type, unknownTools: unknown, withRule };
}

/** A folder of agent files: where it is, and how its files are named on screen and in reports. */
interface AgentFolder {
  dir: string;
  shown: string;
}

/**
 * The built-ins, the user's agent files (when `userDir` is given: core's userClaudeDir()) and
 * the workspace's, resolved against `tools` (a child's tools) and what each model alias means
 * in this session (@learn/claude-code-files, agents/model-choice.ts). Without `tools` (`--check-config`: no agent is built) tool
 * names are not checked.
 */
export async function loadAgentTypes(
  cwd: string,
  tools: readonly Tool[] | undefined,
  aliases: AliasTargets = CLAUDE_CODE_TARGETS,
  userDir?: string,
): Promise<AgentTypes> {
  const result: AgentTypes = { types: new Map(), problems: [], notices: [], files: [] };
  for (const file of BUILT_IN_AGENTS) result.types.set(file.name, resolveAgentType(file, "built-in", tools ?? []).type);
  const folders: AgentFolder[] = [
    ...(userDir ? [{ dir: path.join(userDir, "agents"), shown: `${shownUserDir(userDir)}/agents` }] : []),
    { dir: path.join(cwd, AGENTS_DIR), shown: AGENTS_DIR },
  ];
  for (const folder of folders) {
    const before = new Set(result.types.keys());
    for (const name of await agentFileNames(folder, result)) await loadOne(folder, name, { tools, aliases, result, before });
  }
  const ignored = ignoredSummary(result.files);
  if (ignored) result.notices.push(ignored);
  return result;
}

interface Loading {
  tools: readonly Tool[] | undefined;
  aliases: AliasTargets;
  result: AgentTypes;
  /** The names known before this folder: a name taken in the same folder is a clash, not an override. */
  before: ReadonlySet<string>;
}

/** Read, check and add one file; its verdict goes to `result.files`, its problems to the screen's lists. */
async function loadOne(folder: AgentFolder, entry: string, { tools, aliases, result, before }: Loading): Promise<void> {
  const source = `${folder.shown}/${entry}`;
  const refuse = (reason: string, name?: string) => {
    result.problems.push(`${source}: skipped: ${reason}`);
    result.files.push({ file: source, ...(name !== undefined ? { name } : {}), status: "refused", reason, ignored: [] });
  };
  let file: AgentFile;
  try {
    file = parseAgentFile(await readRegularText(path.join(folder.dir, entry), { noFollow: true }));
  } catch (err) {
    return refuse(readFailure(err));
  }
  const existing = result.types.get(file.name);
  if (existing && !before.has(file.name)) return refuse(`the name "${file.name}" is taken by ${existing.source}`, file.name);
  const resolved = resolveAgentType(file, source, tools ?? [], aliases);
  const { type } = resolved;
  const unknownTools = tools ? resolved.unknownTools : [];
  // Claude Code refuses to start an agent whose tools list names only tools it lacks: so do we, at once.
  if (tools && file.tools?.length && type.tools.length === 0) return refuse(`none of its tools exists in this lesson: ${unknownTools.join(", ")}`, file.name);
  if (existing) result.notices.push(`${source} replaces the ${existing.source === "built-in" ? "built-in agent type" : `agent type of ${existing.source},`} "${file.name}".`);
  if (unknownTools.length) result.notices.push(`${source}: tools this harness does not have, skipped: ${unknownTools.join(", ")}.`);
  const alias = aliasOf(file.model);
  if (alias && type.model === undefined) {
    result.notices.push(`${source}: model: ${alias} runs on the parent's model: set ${aliasEnv(alias)} to the id this provider gives it.`);
  }
  const modeProblem = modeOf(file.permissionMode).problem;
  const warnings = [...(file.warnings ?? []), ...(modeProblem ? [modeProblem] : [])];
  for (const warning of warnings) result.notices.push(`${source}: ${warning}.`);
  result.types.set(type.name, type);
  result.files.push({
    file: source,
    name: file.name,
    status: "loaded",
    ignored: [
      ...(file.ignored ?? []),
      ...unknownTools.map((t) => `tools: ${t} (no such tool here)`),
      ...(tools ? resolved.withRule : []).map((entry) => `tools: ${entry} (the tool is given, its rule narrows nothing)`),
    ],
    ...(warnings.length ? { problems: warnings } : {}),
  });
}

/** One line for every field read and ignored, however many files: `color (12 files), effort`. */
function ignoredSummary(files: readonly ConfigFileReport[]): string | undefined {
  const counts = new Map<string, number>();
  for (const f of files) for (const field of f.ignored ?? []) if (!field.startsWith("tools: ")) counts.set(field, (counts.get(field) ?? 0) + 1);
  if (counts.size === 0) return undefined;
  const fields = [...counts].map(([field, n]) => (n > 1 ? `${field} (${n} files)` : field));
  return `Agent files: fields this course has no mechanism for, ignored: ${fields.join(", ")} (--check-config lists them by file).`;
}

/** `~/.claude` for the user's usual folder; a folder set by CLAUDE_CONFIG_DIR as it is. */
export function shownUserDir(userDir: string, home: string = os.homedir()): string {
  return path.resolve(userDir) === path.join(home, ".claude") ? "~/.claude" : userDir;
}

/** Show what loading found wrong (errors) and worth knowing (notices); the types go on. */
export function showProblems(loaded: AgentTypes, renderer: Renderer): AgentTypes {
  for (const problem of loaded.problems) renderer.error(problem);
  for (const notice of loaded.notices) renderer.notice(notice);
  return loaded;
}

/**
 * The `*.md` entries of an agents folder but folders, in name order (none when it is missing).
 * One that is not a regular file (a link, a named pipe) is listed too, so that reading it
 * reports what it is instead of passing over it in silence. A folder that cannot be read is reported.
 */
async function agentFileNames(folder: AgentFolder, result: AgentTypes): Promise<string[]> {
  try {
    const entries = await readdir(folder.dir, { withFileTypes: true });
    return entries.filter((e) => !e.isDirectory() && e.name.endsWith(".md")).map((e) => e.name).sort();
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === "ENOENT") return [];
    result.problems.push(`${folder.shown}: cannot be read (${(err as Error).message}); its agent types are not offered`);
    result.files.push({ file: folder.shown, status: "refused", reason: `cannot be read (${(err as Error).message})`, ignored: [] });
    return [];
  }
}

/** The type the model asked for (exact name, else ignoring case), or an error listing the known ones. */
export function findAgentType(types: ReadonlyMap<string, AgentType>, requested: string): AgentType {
  const type = types.get(requested) ?? [...types.values()].find((t) => t.name.toLowerCase() === requested.toLowerCase());
  if (type) return type;
  throw new ToolError(`unknown subagent_type "${requested}". Known agent types: ${[...types.keys()].join(", ")}.`);
}

/**
 * A child's id from its type's name. Claude Code takes any name (`Code Reviewer`, `評論者`), but the
 * id travels in an HTTP header and in trace and file names: letters, digits, `.`, `_` and `-`
 * stay, anything else becomes `_`.
 */
export function agentIdOf(typeName: string): string {
  return typeName.replace(/[^A-Za-z0-9._-]/g, "_");
}
