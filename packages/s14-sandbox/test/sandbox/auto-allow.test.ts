/**
 * `sandbox.autoAllowBashIfSandboxed: true`, through s03's real policy (the permission hook in
 * place; no terminal, so a question is a denial): a command no rule allows runs, in the
 * sandbox, without a question — as in Claude Code. What beats an allow rule still beats it:
 * a deny rule, an ask rule, a write outside the workspace. Without the key, it asks (the control).
 */
import { access, writeFile } from "node:fs/promises";
import path from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { agentFrom, partsFrom } from "@learn/core";
import { scriptedModel } from "@learn/core/testing";
import { mechanisms } from "../../src/index.ts";
import { makeWorld, secretForms, type World } from "./forced-allow.ts";
import { needsBubblewrap } from "./needs-bwrap.ts";

needsBubblewrap();

const exists = (file: string) => access(file).then(() => true, () => false);

let world: World;
beforeEach(async () => {
  world = await makeWorld([]);
});
afterEach(() => world.cleanup());

/** Run these bash commands as one turn with the lesson's full agent, sandbox settings as given; each result, in order. */
async function run(sandbox: Record<string, unknown>, commands: string[]) {
  await writeFile(path.join(world.ws, ".claude", "settings.local.json"), JSON.stringify({ sandbox }));
  const script = JSON.stringify({ prompt: "go", turns: [{ content: commands.map((command) => ({ type: "tool_use", name: "bash", input: { command } })) }, { content: [{ type: "text", text: "done" }] }] });
  const { model, simulator, renderer } = scriptedModel(script);
  const options = { model, cwd: world.ws, renderer, interactive: false, ask: async () => "n", flags: {}, userDir: path.join(world.root, "user") };
  const agent = agentFrom(await partsFrom(mechanisms, options), options);
  try {
    await agent.run("go", new AbortController().signal);
  } finally {
    await agent.close?.();
  }
  const last = simulator.requests[1]!.body as { messages: { content: { type: string; content: unknown; is_error?: boolean }[] }[] };
  return last.messages.at(-1)!.content.filter((b) => b.type === "tool_result").map((b) => ({ text: String(b.content), isError: b.is_error === true }));
}

const COMMANDS = ["touch made-in-sandbox.txt", "touch ../outside/auto.txt", "git push origin main", "diff --from-file=.env README.md"];

describe("autoAllowBashIfSandboxed", () => {
  it("true: a command no rule allows runs without a question; a write outside, an ask rule and a deny rule still stop it", async () => {
    const [made, outside, push, env] = await run({ enabled: true, autoAllowBashIfSandboxed: true }, COMMANDS);
    expect(made!.isError).toBe(false);
    expect(await exists(path.join(world.ws, "made-in-sandbox.txt"))).toBe(true);
    expect(outside!.isError).toBe(true); // asked (no terminal: denied), as before
    expect(await exists(path.join(world.root, "outside", "auto.txt"))).toBe(false);
    expect(push!.text).toContain("Bash(git push *)"); // the ask rule
    expect(env!.text).toContain("Read(./.env)"); // the deny rule
    for (const form of secretForms()) expect(JSON.stringify([made, outside, push, env])).not.toContain(form);
  });

  it("control: not set, the same command asks (no terminal: denied) and nothing is made", async () => {
    const [made] = await run({ enabled: true }, COMMANDS.slice(0, 1));
    expect(made!.isError).toBe(true);
    expect(await exists(path.join(world.ws, "made-in-sandbox.txt"))).toBe(false);
  });

  it("excludedCommands set: no auto-allow (an allow rule would reach the commands that run outside)", async () => {
    const [made] = await run({ enabled: true, autoAllowBashIfSandboxed: true, excludedCommands: ["docker"] }, COMMANDS.slice(0, 1));
    expect(made!.isError).toBe(true);
  });
});
