/**
 * The real Claude Code, for the scripts that compare the course with it (the start-up benchmark,
 * and the side-by-side runs). Never a dependency of the course: it is installed on first use
 * into a git-ignored cache folder at the repository root, at one pinned version, so every
 * comparison runs against the same binary.
 *
 * The npm package ships a native binary in a platform package
 * (`@anthropic-ai/claude-code-linux-x64`, ~370 MB); it is run directly, so neither the package's
 * postinstall step (which newer npm versions skip unless allowed) nor Node 22 is needed.
 */
import { spawn } from "node:child_process";
import { access } from "node:fs/promises";
import path from "node:path";
import { fileURLToPath } from "node:url";

export const CLAUDE_CODE_VERSION = "2.1.328";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../..");
export const CLAUDE_CODE_CACHE = path.join(root, ".cache", "claude-code", CLAUDE_CODE_VERSION);

/** Where the platform package's binary lands inside the cache folder. */
function binaryPath(): string {
  return path.join(CLAUDE_CODE_CACHE, "node_modules", "@anthropic-ai", `claude-code-${process.platform}-${process.arch}`, "claude");
}

const exists = (file: string) => access(file).then(() => true, () => false);

/**
 * The binary, installed first if it is not in the cache. Throws an Error whose message is one
 * line a person can act on (no registry, no binary for this platform).
 */
export async function claudeCodeBinary(log: (line: string) => void = (line) => process.stderr.write(`${line}\n`)): Promise<string> {
  const binary = binaryPath();
  if (await exists(binary)) return binary;
  // Ask the registry first, quietly: with no registry, the whole answer is one line.
  const asked = await npm(["view", `@anthropic-ai/claude-code@${CLAUDE_CODE_VERSION}`, "version"]);
  if (asked.code !== 0) throw new Error(`the npm registry did not answer for @anthropic-ai/claude-code@${CLAUDE_CODE_VERSION} (${asked.reason}); is it reachable?`);
  log(`Installing @anthropic-ai/claude-code@${CLAUDE_CODE_VERSION} into ${path.relative(root, CLAUDE_CODE_CACHE)} (once; about 370 MB)…`);
  const installed = await npm(["install", "--prefix", CLAUDE_CODE_CACHE, "--no-audit", "--no-fund", "--loglevel=error", `@anthropic-ai/claude-code@${CLAUDE_CODE_VERSION}`]);
  if (installed.code !== 0) throw new Error(`could not install @anthropic-ai/claude-code@${CLAUDE_CODE_VERSION} from the npm registry (${installed.reason})`);
  if (!(await exists(binary))) throw new Error(`@anthropic-ai/claude-code@${CLAUDE_CODE_VERSION} has no binary for ${process.platform}-${process.arch} (looked for ${path.relative(root, binary)})`);
  return binary;
}

/** npm, its output kept; on failure the reason is npm's error code (ECONNREFUSED, E404…) or its exit code. */
function npm(args: string[]): Promise<{ code: number | null; reason: string }> {
  return new Promise((resolve) => {
    let err = "";
    const child = spawn("npm", args, { stdio: ["ignore", "ignore", "pipe"] });
    child.stderr.on("data", (chunk: Buffer) => (err += chunk));
    child.on("error", (e) => resolve({ code: -1, reason: `npm did not start: ${e.message}` }));
    child.on("close", (code) => resolve({ code, reason: /npm error code (\S+)/.exec(err)?.[1] ?? `npm exited ${code}` }));
  });
}

/**
 * The environment Claude Code runs in against a local endpoint: a throwaway HOME (never the
 * user's own settings, sessions or credentials), the endpoint, a test key, and no traffic but
 * the model calls (no telemetry, no update check).
 */
export function claudeCodeEnv(home: string, baseUrl: string): NodeJS.ProcessEnv {
  const inherited = Object.fromEntries(Object.entries(process.env).filter(([k]) => !k.startsWith("ANTHROPIC_") && !k.startsWith("CLAUDE_")));
  return {
    ...inherited,
    HOME: home,
    ANTHROPIC_BASE_URL: baseUrl,
    ANTHROPIC_API_KEY: "sk-ant-test-local-endpoint",
    CLAUDE_CODE_DISABLE_NONESSENTIAL_TRAFFIC: "1",
    DISABLE_AUTOUPDATER: "1",
  };
}
