/** What s13's tests share: s12's helpers, a workspace with MCP servers configured, and the fixture server. */
import { mkdir, mkdtemp, rm, writeFile } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { afterEach, beforeEach } from "vitest";

export * from "@learn/s09/testing";

export const FAULTY_SERVER = fileURLToPath(new URL("fixtures/faulty-server.mjs", import.meta.url));

/** A server entry that runs the fixture with this node, with extra environment. */
export const faulty = (env: Record<string, string> = {}) => ({ command: process.execPath, args: [FAULTY_SERVER], env });

/** A temp workspace and an empty user folder (no test reads the machine's ~/.claude.json), per test. */
export function useMcpWorkspace(): { readonly dir: string; readonly userDir: string } {
  let root: string | undefined;
  beforeEach(async () => {
    root = await mkdtemp(path.join(os.tmpdir(), "learn-s13-test-"));
    await mkdir(path.join(root, "ws", ".claude"), { recursive: true });
    await mkdir(path.join(root, "user"), { recursive: true });
  });
  afterEach(async () => {
    if (root) await rm(root, { recursive: true, force: true });
    root = undefined;
  });
  const at = (sub: string) => {
    if (!root) throw new Error("the workspace exists only while a test runs");
    return path.join(root, sub);
  };
  return {
    get dir() {
      return at("ws");
    },
    get userDir() {
      return at("user");
    },
  };
}

export async function writeJson(file: string, value: unknown): Promise<void> {
  await mkdir(path.dirname(file), { recursive: true });
  await writeFile(file, `${JSON.stringify(value, null, 2)}\n`);
}
