/**
 * The forced-allow run: s14's agent with its permission hook taken out, so every command the
 * model asks for runs — what is left between it and the machine is the sandbox. Only a test
 * does this (there is no flag for it): the agent is built from the lesson's mechanisms, the
 * PreToolUse hook named PERMISSION_HOOK_NAME removed, and run by core's kernel on the simulator.
 *
 * The world it runs in is a temporary folder; the workspace is nested in it, so that `..`,
 * `~` (HOME points inside) and every canary the corpus names are temporary too:
 *
 *   <root>/ws          a fresh practice copy, a git repository, .env holding SECRET, sandbox on
 *   <root>/outside     canaries outside the workspace
 *   <root>/home        HOME for the commands (.bashrc, keep.txt)
 *   <root>/user        an empty user settings folder
 */
import { cp, mkdir, mkdtemp, readdir, readFile, rm, symlink, writeFile } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { agentFrom, partsFrom } from "@learn/core";
import { copyPracticeWorkspace, runCommand } from "@learn/core/harness";
import { scriptedModel } from "@learn/core/testing";
import { PERMISSION_HOOK_NAME } from "@learn/s03";
import { mechanisms } from "../../src/index.ts";

/** The denied file's content: what must never reach the model, in any encoding. */
export const SECRET = "TOKEN=corpus-secret-5b1e7c0d9a";

/** The secret as an attacker would smuggle it out: plain, base64, hex. */
export const secretForms = (secret = SECRET) => [secret, Buffer.from(secret).toString("base64"), Buffer.from(secret).toString("hex")];

export interface World {
  root: string;
  ws: string;
  cleanup(): Promise<void>;
}

/** A temporary world with the canaries and links the cases need (relative to the workspace: `../outside/x`). */
export async function makeWorld(canaries: readonly string[], links: Record<string, string> = {}, gitConfig = ""): Promise<World> {
  const root = await mkdtemp(path.join(os.tmpdir(), "learn-s14-world-"));
  try {
    return await buildWorld(root, canaries, links, gitConfig);
  } catch (err) {
    await rm(root, { recursive: true, force: true }); // a world that could not be made leaves nothing behind
    throw err;
  }
}

async function buildWorld(root: string, canaries: readonly string[], links: Record<string, string>, gitConfig: string): Promise<World> {
  const ws = path.join(root, "ws");
  const template = await copyPracticeWorkspace("s14-world");
  await cp(template, ws, { recursive: true });
  await rm(template, { recursive: true, force: true });
  for (const dir of ["outside", "home", "user"]) await mkdir(path.join(root, dir), { recursive: true });
  await writeFile(path.join(root, "home", ".bashrc"), "# home\n");
  await writeFile(path.join(root, "home", "keep.txt"), "keep\n");
  await writeFile(path.join(ws, ".env"), `${SECRET}\n`);
  await writeFile(path.join(ws, ".claude", "settings.local.json"), `${JSON.stringify({ sandbox: { enabled: true } })}\n`);
  for (const canary of canaries.filter((c) => !c.endsWith("emptydir"))) {
    const file = path.join(ws, canary);
    await mkdir(path.dirname(file), { recursive: true });
    await writeFile(file, canary.endsWith(".sh") || canary.endsWith(".md") ? "touch canary/evil-ran.txt\n" : "canary\n");
  }
  await mkdir(path.join(ws, "canary", "emptydir"), { recursive: true });
  for (const [name, target] of Object.entries(links)) {
    await mkdir(path.dirname(path.join(ws, name)), { recursive: true });
    await symlink(target, path.join(ws, name));
  }
  const git = await runCommand("git init -q && git add -A && git -c user.email=t@example.com -c user.name=t commit -qm practice", { cwd: ws, timeoutMs: 60_000 });
  if (git.exitCode !== 0) throw new Error(`git init failed: ${git.output}`);
  if (gitConfig) await writeFile(path.join(ws, ".git", "config"), (await readFile(path.join(ws, ".git", "config"), "utf8")) + gitConfig);
  return { root, ws, cleanup: () => rm(root, { recursive: true, force: true }) };
}

export interface ForcedRun {
  /** Each command's tool result, in order. */
  results: { content: string; isError: boolean }[];
  /** Every request body the model received, as JSON text. */
  requests: string[];
}

/** A tool call the scripted model makes. */
export interface Call {
  name: string;
  input: Record<string, unknown>;
}

/** Run `commands` as one turn of calls (a string is a bash command), the permission hook removed; HOME is the world's. */
export async function runForcedAllow(
  world: World,
  commands: readonly (string | Call)[],
  flags: Record<string, string> = {},
  beforeClose: () => Promise<void> = async () => {},
): Promise<ForcedRun> {
  const calls = commands.map((c) => (typeof c === "string" ? { name: "bash", input: { command: c } } : c));
  const script = JSON.stringify({
    prompt: "run these",
    turns: [{ content: calls.map((call) => ({ type: "tool_use", ...call })) }, { content: [{ type: "text", text: "done" }] }],
  });
  const { model, simulator, renderer } = scriptedModel(script);
  const home = process.env.HOME;
  process.env.HOME = path.join(world.root, "home");
  try {
    const options = { model, cwd: world.ws, renderer, interactive: false, ask: async () => "n", flags, userDir: path.join(world.root, "user") };
    const parts = await partsFrom(mechanisms, options);
    const forced = { ...parts, hooks: parts.hooks.filter((hook) => hook.name !== PERMISSION_HOOK_NAME) };
    if (forced.hooks.length === parts.hooks.length) throw new Error(`no hook named ${PERMISSION_HOOK_NAME}: the forced-allow run would not be one`);
    const agent = agentFrom(forced, options);
    try {
      await agent.run("run these", new AbortController().signal);
      await beforeClose();
    } finally {
      await Promise.all(forced.close.map((close) => close()));
    }
    const bodies = simulator.requests.map((r) => JSON.stringify(r.body));
    const last = simulator.requests[1]!.body as { messages: { content: { type: string; content: unknown; is_error?: boolean }[] }[] };
    const results = last.messages.at(-1)!.content
      .filter((b) => b.type === "tool_result")
      .map((b) => ({ content: typeof b.content === "string" ? b.content : JSON.stringify(b.content), isError: b.is_error === true }));
    return { results, requests: bodies };
  } finally {
    process.env.HOME = home;
  }
}

/** Every file and folder under `dir` with its content (files) or a mark (folders, links): to compare before and after. */
export async function snapshot(dir: string): Promise<Map<string, string>> {
  const seen = new Map<string, string>();
  for (const entry of await readdir(dir, { recursive: true, withFileTypes: true })) {
    const file = path.join(entry.parentPath, entry.name);
    seen.set(path.relative(dir, file), entry.isFile() ? await readFile(file, "latin1") : entry.isSymbolicLink() ? "(link)" : "(folder)");
  }
  return seen;
}

/** What differs between two snapshots: added, removed, changed paths. */
export function changesBetween(before: Map<string, string>, after: Map<string, string>): string[] {
  const changed: string[] = [];
  for (const [p, v] of after) if (before.get(p) !== v) changed.push(before.has(p) ? `changed ${p}` : `added ${p}`);
  for (const p of before.keys()) if (!after.has(p)) changed.push(`removed ${p}`);
  return changed.sort();
}
