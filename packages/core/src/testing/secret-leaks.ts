/**
 * For tests that plant secrets and look for them afterwards: an env file outside the
 * workspace holding one (as the harness's own .env would), and every file under a folder
 * that holds one. A lesson's CLI test runs a session that prints the secrets through a tool,
 * then checks that nothing the harness wrote kept them.
 */
import { mkdtemp, readdir, readFile, writeFile } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { loadConfig } from "../platform/config.ts";
import { forgetSecrets } from "../platform/secrets.ts";

/**
 * Load the config as the harness does — `vars` and the env file into process.env, their
 * secrets remembered for the whole process — and return what undoes it all: test files
 * share one process, and the next one must start from the environment it had.
 */
export function loadConfigAsHarness(vars: Record<string, string>, envFile: string | false): () => void {
  const before = { ...process.env };
  Object.assign(process.env, vars);
  loadConfig(process.env, { envFile, forceOffline: true });
  return () => {
    for (const name of Object.keys(process.env)) if (!(name in before)) delete process.env[name];
    Object.assign(process.env, before);
    forgetSecrets();
  };
}

/** An env file in a temporary folder of its own (LEARN_ENV_FILE points the CLI at it). */
export async function secretEnvFile(lines: Record<string, string>): Promise<string> {
  const file = path.join(await mkdtemp(path.join(os.tmpdir(), "learn-env-")), "course.env");
  await writeFile(file, Object.entries(lines).map(([name, value]) => `${name}=${value}\n`).join(""));
  return file;
}

/** The files under `dir` (relative paths, .git included) that contain any of `secrets`, but for `planted`. */
export async function filesHolding(dir: string, secrets: readonly string[], planted: readonly string[] = []): Promise<string[]> {
  const found: string[] = [];
  for (const entry of await readdir(dir, { recursive: true, withFileTypes: true })) {
    if (!entry.isFile()) continue;
    const file = path.join(entry.parentPath, entry.name);
    const rel = path.relative(dir, file).split(path.sep).join("/");
    if (planted.includes(rel)) continue;
    const text = await readFile(file, "latin1"); // bytes as they are: a secret is found whatever the encoding around it
    if (secrets.some((s) => text.includes(Buffer.from(s).toString("latin1")))) found.push(rel);
  }
  return found.sort();
}
