/**
 * Issue 36, item 7: with `Bash(rm -rf *)` denied, code handed to an interpreter (`perl -e`,
 * `python3 -c`, `node -e`) or a file handed to a shell (`bash evil.md`) may hold the rm, and
 * nothing on the line shows it. Under a deny rule for bash such a line is asked in every mode,
 * bypassPermissions included (refused with no terminal) — unless the user's own allow rule names
 * the interpreter (`Bash(node *)`), their yes to its code, as Claude Code 2.1.328 takes it too.
 * With no Bash deny rule it is the rules' and the mode's to decide, as before. Through s03's real
 * command line, canaries in a temporary workspace.
 */
import { access, writeFile } from "node:fs/promises";
import path from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { scriptedAgent, tempWorkspace, toolResultsOf, type TempWorkspace } from "@learn/core/testing";
import { lesson, type PermissionMode } from "../src/index.ts";
import { never, scriptOf, writeSettings } from "./helpers.ts";

let ws: TempWorkspace;
beforeEach(async () => {
  ws = await tempWorkspace({ "README.md": "hello\n", "evil.md": "touch by-bash.txt\n" });
});
afterEach(() => ws.cleanup());

const exists = (file: string) => access(path.join(ws.dir, file)).then(() => true, () => false);

const OPAQUE: [string, string][] = [
  ["perl -e 'open(F, \">by-perl.txt\")'", "by-perl.txt"],
  ["python3 -c \"open('by-python.txt', 'w')\"", "by-python.txt"],
  ["node -e \"require('fs').writeFileSync('by-node.txt', 'x')\"", "by-node.txt"],
  ["node --eval=\"require('fs').writeFileSync('by-node-eval.txt', 'x')\"", "by-node-eval.txt"],
  ["bash evil.md", "by-bash.txt"],
  ["sh -- evil.md", "by-bash.txt"],
];

async function runBash(commands: string[], settings: object, mode: PermissionMode) {
  await writeSettings(ws.dir, settings);
  const script = scriptOf(commands.map((command) => ({ name: "bash", input: { command } })));
  const { agent, simulator } = await scriptedAgent(lesson, script, ws.dir, { flags: { "permission-mode": mode } });
  await agent.run("go", never());
  return toolResultsOf(simulator.requests[1]!.body);
}

describe("code the deny rule cannot see into", () => {
  const settings = { permissions: { allow: ["Bash(node --version)"], deny: ["Bash(rm -rf *)"] } };

  it.each<PermissionMode>(["default", "acceptEdits", "bypassPermissions"])("%s: asked, so refused with no terminal; nothing it would write appears", async (mode) => {
    const results = await runBash([...OPAQUE.map(([command]) => command), "node --version"], settings, mode);
    for (const [i, [command]] of OPAQUE.entries()) {
      expect(results[i]!.content, command).toMatch(/^Denied: .*cannot be checked against Bash\(rm -rf \*\) in permissions\.deny.*there is no one to ask/s);
    }
    for (const [, file] of OPAQUE) expect(await exists(file), file).toBe(false);
    expect(results.at(-1)).toMatchObject({ isError: false, content: expect.stringMatching(/^v\d+/) });
  });

  it("an allow rule that names the interpreter is the user's yes to its code: it runs, beside the deny rule too", async () => {
    const named = { permissions: { allow: ["Bash(node *)", "Bash(bash *)"], deny: ["Bash(rm -rf *)"] } };
    const results = await runBash([OPAQUE[2]![0], OPAQUE[4]![0], OPAQUE[0]![0]], named, "default");
    expect(results.map((r) => r.isError)).toEqual([false, false, true]); // perl: no rule names it
    expect(await exists("by-node.txt")).toBe(true);
    expect(await exists("by-bash.txt")).toBe(true);
    expect(await exists("by-perl.txt")).toBe(false);
  });
});

it("bash FILE under a deny rule, in bypassPermissions: the rm inside the file does not run", async () => {
  await writeFile(path.join(ws.dir, "evil.md"), "rm -rf README.md\n");
  const results = await runBash(["bash evil.md"], { permissions: { deny: ["Bash(rm -rf *)"] } }, "bypassPermissions");
  expect(results[0]!.content).toMatch(/cannot be checked against Bash\(rm -rf \*\).*bash evil\.md/s);
  expect(await exists("README.md")).toBe(true);
});
