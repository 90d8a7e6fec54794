/**
 * Test helpers for settings.json and command hooks: a workspace with a settings file, hook
 * scripts in it. Shared by s03's tests and by the permission contracts later lessons re-run.
 */
import { mkdir, writeFile } from "node:fs/promises";
import path from "node:path";
import { tempWorkspace, type TempWorkspace } from "@learn/core/testing";

/** A temp workspace holding `.claude/settings.json` (an object, or raw text) and other files. */
export function workspaceWith(settings: object | string | undefined, files: Record<string, string> = {}): Promise<TempWorkspace> {
  const all = { ...files };
  if (settings !== undefined) {
    all[".claude/settings.json"] = typeof settings === "string" ? settings : JSON.stringify(settings, null, 2);
  }
  return tempWorkspace(Object.keys(all).length ? all : { ".keep": "" });
}

/** Write `.claude/settings.json` into a workspace. */
export async function writeSettings(dir: string, settings: object): Promise<void> {
  await mkdir(path.join(dir, ".claude"), { recursive: true });
  await writeFile(path.join(dir, ".claude", "settings.json"), JSON.stringify(settings, null, 2));
}

/**
 * A Node hook script in the workspace; returns the command that runs it. Starting node costs
 * 60-150 ms a call; a test about the hook contract itself uses `shellHook` (a few ms).
 */
export async function hookScript(dir: string, name: string, body: string): Promise<string> {
  const file = path.join(dir, ".claude", "hooks", name);
  await mkdir(path.dirname(file), { recursive: true });
  await writeFile(file, `import { readFileSync, writeFileSync, appendFileSync } from "node:fs";\n${body}\n`);
  return `node .claude/hooks/${name}`;
}

/**
 * A shell hook script in the workspace (`body` is sh); returns the command that runs it. The
 * contract (stdin, exit codes, stdout) does not care what a hook is written in, and sh starts
 * in milliseconds where node takes a tenth of a second: most hook tests run many of them.
 */
export async function shellHook(dir: string, name: string, body: string): Promise<string> {
  const file = path.join(dir, ".claude", "hooks", name);
  await mkdir(path.dirname(file), { recursive: true });
  await writeFile(file, `${body}\n`);
  return `sh .claude/hooks/${name}`;
}

/** settings.json `hooks` for one event. */
export function hooksFor(event: string, command: string, matcher = "", timeout?: number): object {
  return { [event]: [{ matcher, hooks: [{ type: "command", command, ...(timeout ? { timeout } : {}) }] }] };
}
