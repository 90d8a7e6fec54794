/**
 * The agent types a session offers: the built-ins, then every `.claude/agents/*.md` of the
 * workspace, read once when the agent starts. Each type is resolved against the tools the
 * children will really have, so by the time the model asks for one we already know its tools,
 * its model and whether it is read-only (which decides whether it may run beside others).
 *
 * Bad input never ends the session: a file that does not parse, or is not a regular file (a
 * named pipe would hang a plain read: core's safe reader refuses it), is reported (file and
 * reason) and skipped; tool names we do not have are reported once and skipped; an unknown type asked
 * for by the model gets an error that lists the known ones.
 */
import { readdir } from "node:fs/promises";
import path from "node:path";
import { mutates, ToolError, type Renderer, type Tool } from "@learn/core";
import { readFailure, readRegularText } from "@learn/core/harness";
import { parseAgentFile, type AgentFile } from "./agent-file.ts";
import { BUILT_IN_AGENTS } from "./built-in.ts";
import { aliasEnv, aliasOf, CLAUDE_CODE_TARGETS, modelIdFor, type AliasTargets } from "./model-choice.ts";
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
}

export interface AgentTypes {
  /** By name, built-ins first, then files in name order. */
  types: Map<string, AgentType>;
  /** Files skipped, one line each: `<file>: skipped: <why>`. */
  problems: string[];
  /** Things to know that skipped nothing (an unknown tool name, a built-in replaced). */
  notices: string[];
}

/** A type from what a file (or a built-in) says, against the tools a child is built with. */
export function resolveAgentType(
  file: AgentFile,
  source: string,
  tools: readonly Tool[],
  aliases: AliasTargets = CLAUDE_CODE_TARGETS,
): { type: AgentType; unknownTools: string[] } {
  const { names, unknown } = file.tools === undefined ? { names: tools.map((t) => t.name), unknown: [] } : chooseTools(file.tools, tools);
  const chosen = tools.filter((t) => names.includes(t.name));
  const type: AgentType = {
    name: file.name,
    description: file.description,
    tools: names,
    model: modelIdFor(file.model, aliases),
    prompt: file.prompt,
    source,
    // A read-only built-in (explore) has bash too, limited to read-only commands (subagent/read-only-bash.ts).
    readOnly: file.readOnly === true || chosen.every((t) => !mutates(t)),
  };
  return { type, unknownTools: unknown };
}

/**
 * The built-ins and the workspace's agent files, resolved against `tools` (a child's tools) and
 * what each model alias means in this session (model-choice.ts).
 */
export async function loadAgentTypes(cwd: string, tools: readonly Tool[], aliases: AliasTargets = CLAUDE_CODE_TARGETS): Promise<AgentTypes> {
  const result: AgentTypes = { types: new Map(), problems: [], notices: [] };
  for (const file of BUILT_IN_AGENTS) result.types.set(file.name, resolveAgentType(file, "built-in", tools).type);
  let names: string[];
  try {
    names = await agentFileNames(cwd);
  } catch (err) {
    result.problems.push(`${AGENTS_DIR}: cannot be read (${(err as Error).message}); only the built-in agent types are offered`);
    names = [];
  }
  for (const name of names) {
    const source = `${AGENTS_DIR}/${name}`;
    let file: AgentFile;
    try {
      file = parseAgentFile(await readRegularText(path.join(cwd, AGENTS_DIR, name), { noFollow: true }));
    } catch (err) {
      result.problems.push(`${source}: skipped: ${readFailure(err)}`);
      continue;
    }
    const existing = result.types.get(file.name);
    if (existing && existing.source !== "built-in") {
      result.problems.push(`${source}: skipped: the name "${file.name}" is taken by ${existing.source}`);
      continue;
    }
    if (existing) result.notices.push(`${source} replaces the built-in agent type "${file.name}".`);
    const { type, unknownTools } = resolveAgentType(file, source, tools, aliases);
    if (unknownTools.length) {
      result.notices.push(`${source}: tools this harness does not have, skipped: ${unknownTools.join(", ")}.`);
    }
    const alias = aliasOf(file.model);
    if (alias && type.model === undefined) {
      result.notices.push(`${source}: model: ${alias} runs on the parent's model: set ${aliasEnv(alias)} to the id this provider gives it.`);
    }
    result.types.set(type.name, type);
  }
  return result;
}

/** Show what loading found wrong (errors) and worth knowing (notices); the types go on. */
export function showProblems(loaded: AgentTypes, renderer: Renderer): AgentTypes {
  for (const problem of loaded.problems) renderer.error(problem);
  for (const notice of loaded.notices) renderer.notice(notice);
  return loaded;
}

/**
 * The `*.md` entries of the workspace's agents folder but folders, in name order (none when it
 * is missing). One that is not a regular file (a link, a named pipe) is listed too, so that
 * reading it reports what it is instead of passing over it in silence.
 */
async function agentFileNames(cwd: string): Promise<string[]> {
  try {
    const entries = await readdir(path.join(cwd, AGENTS_DIR), { withFileTypes: true });
    return entries.filter((e) => !e.isDirectory() && e.name.endsWith(".md")).map((e) => e.name).sort();
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === "ENOENT") return [];
    throw err;
  }
}

/** The type the model asked for (exact name, else ignoring case), or an error listing the known ones. */
export function findAgentType(types: ReadonlyMap<string, AgentType>, requested: string): AgentType {
  const type = types.get(requested) ?? [...types.values()].find((t) => t.name.toLowerCase() === requested.toLowerCase());
  if (type) return type;
  throw new ToolError(`unknown subagent_type "${requested}". Known agent types: ${[...types.keys()].join(", ")}.`);
}
