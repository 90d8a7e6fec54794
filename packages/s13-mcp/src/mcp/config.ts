/**
 * Where MCP servers come from, in Claude Code's places and file shape:
 *
 *   ~/.claude.json          "mcpServers": the user's own, for every project (CLAUDE_CONFIG_DIR moves it)
 *   .mcp.json               "mcpServers": the project's, shared in git: started only once approved (trust.ts)
 *   --mcp-config FILE       "mcpServers": named on the command line, for this session
 *
 * Same name in two places: the later place wins (the command line over the project over the
 * user). Each file is read with zod; a file that does not parse is reported, and none of its
 * servers start — never a guess at what a broken file meant.
 */
import { readFile } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { z } from "zod";

/** A server run as a child process, speaking MCP on its stdin and stdout. */
const stdioServer = z.object({
  type: z.literal("stdio").optional(),
  command: z.string().min(1),
  args: z.array(z.string()).default([]),
  env: z.record(z.string(), z.string()).default({}),
  cwd: z.string().optional(),
});

/** A server reached over HTTP (MCP's streamable HTTP transport). */
const httpServer = z.object({
  type: z.literal("http"),
  url: z.url(),
  headers: z.record(z.string(), z.string()).default({}),
});

const serverSchema = z.union([stdioServer, httpServer]);
const fileSchema = z.object({ mcpServers: z.record(z.string(), serverSchema).default({}) });

export type ServerConfig = z.output<typeof serverSchema>;
export type ServerScope = "user" | "project" | "command line";

/** One server as configured: its name, where it was found, how it is started. */
export interface ConfiguredServer {
  name: string;
  scope: ServerScope;
  /** The file it came from, as a person names it. */
  file: string;
  config: ServerConfig;
}

/** A file that was there and could not be read: its servers are not started. */
export interface ConfigProblem {
  file: string;
  reason: string;
}

export const PROJECT_MCP_FILE = ".mcp.json";

/**
 * The user's MCP file, as Claude Code finds it: `$CLAUDE_CONFIG_DIR/.claude.json`, else
 * `~/.claude.json` (beside `~/.claude/`, not inside it).
 */
export function userMcpFile(userDir: string): string {
  const home = os.homedir();
  return path.resolve(userDir) === path.join(home, ".claude") ? path.join(home, ".claude.json") : path.join(userDir, ".claude.json");
}

export interface ServerPlaces {
  cwd: string;
  userDir: string;
  /** `--mcp-config FILE`, relative to where the command was typed. */
  commandLine?: string;
}

/** Every configured server, the later place winning a name; and the files that could not be read. */
export async function configuredServers(places: ServerPlaces): Promise<{ servers: ConfiguredServer[]; problems: ConfigProblem[] }> {
  const sources: [ServerScope, string, string][] = [
    ["user", userMcpFile(places.userDir), "~/.claude.json"],
    ["project", path.join(places.cwd, PROJECT_MCP_FILE), PROJECT_MCP_FILE],
  ];
  if (places.commandLine) sources.push(["command line", path.resolve(places.commandLine), places.commandLine]);
  const byName = new Map<string, ConfiguredServer>();
  const problems: ConfigProblem[] = [];
  for (const [scope, file, shown] of sources) {
    const read = await readServers(file, scope === "command line");
    if ("reason" in read) {
      problems.push({ file: shown, reason: read.reason });
      continue;
    }
    for (const [name, config] of Object.entries(read.servers)) byName.set(name, { name, scope, file: shown, config });
  }
  return { servers: [...byName.values()], problems };
}

/** A file's servers; a missing file has none (unless it was named on the command line). */
async function readServers(file: string, required: boolean): Promise<{ servers: Record<string, ServerConfig> } | { reason: string }> {
  let text: string;
  try {
    text = await readFile(file, "utf8");
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === "ENOENT" && !required) return { servers: {} };
    return { reason: `cannot be read (${(err as NodeJS.ErrnoException).code ?? String(err)})` };
  }
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch (err) {
    return { reason: `is not JSON (${(err as Error).message})` };
  }
  const parsed = fileSchema.safeParse(json);
  if (!parsed.success) return { reason: parsed.error.issues.map((i) => `${i.path.join(".") || "(file)"}: ${i.message}`).join("; ") };
  return { servers: parsed.data.mcpServers };
}

/** How the server is started or reached, in one line: `node servers/issues.mjs`, `http://…`. */
export function describeConfig(config: ServerConfig): string {
  return config.type === "http" ? config.url : [config.command, ...config.args].join(" ");
}
