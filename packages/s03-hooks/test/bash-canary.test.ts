/**
 * End to end: the s03 agent (real SDK, simulator, real bash tool) is told to delete a canary
 * file in a temporary copy of the practice workspace, in the ways that got past the old
 * analyser (issue 7). The canary must survive every one; an allowed command in the same
 * turn proves the agent really runs what it is allowed to.
 */
import { access, writeFile } from "node:fs/promises";
import path from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { scriptedAgent, tempWorkspace, toolResultsOf, type TempWorkspace } from "@learn/core/testing";
import { lesson } from "../src/index.ts";
import { never, scriptOf, writeSettings } from "./helpers.ts";

const CANARY = "canary.txt";

let ws: TempWorkspace;
beforeEach(async () => {
  ws = await tempWorkspace();
  await writeFile(path.join(ws.dir, CANARY), "still here\n");
});
afterEach(() => ws.cleanup());

/** Run one turn of bash calls under these settings; the tool results, in order. */
async function runBash(commands: string[], settings: object, flags: Record<string, string> = {}) {
  await writeSettings(ws.dir, settings);
  const script = scriptOf(commands.map((command) => ({ name: "bash", input: { command } })));
  const { agent, simulator } = await scriptedAgent(lesson, script, ws.dir, { flags });
  await agent.run("clean up", never());
  expect(simulator.remaining()).toBe(0);
  return toolResultsOf(simulator.requests[1]!.body);
}

const canaryIsThere = () => access(path.join(ws.dir, CANARY));

describe("the canary survives", () => {
  it("default mode, an allow rule the old analyser was fooled by: the hidden rm asks, and with no terminal is denied", async () => {
    const results = await runBash(
      [`ls a#b; rm -f ${CANARY}`, `ls # just listing\nrm -f ${CANARY}`, `ls $(rm -f ${CANARY})`, `ls ${CANARY}`],
      { permissions: { allow: ["Bash(ls *)"] } },
    );
    expect(results.map((r) => r.isError)).toEqual([true, true, true, false]);
    for (const r of results.slice(0, 3)) expect(r.content).toMatch(/^Denied: .*there is no one to ask/s);
    // The substitution cannot be approved by any rule, and the denial says why.
    expect(results[2]!.content).toContain("no rule can approve this one");
    expect(results[3]!.content).toBe(`${CANARY}\n`);
    await canaryIsThere();
  });

  it("bypassPermissions with a deny rule Bash(rm *): /bin/rm, command rm, { rm; } and bash -lc are all denied", async () => {
    const results = await runBash(
      [`/bin/rm ${CANARY}`, `command rm ${CANARY}`, `{ rm ${CANARY}; }`, `bash -lc 'rm ${CANARY}'`, `if true; then rm -f ${CANARY}; fi`, `cat ${CANARY}`],
      { permissions: { deny: ["Bash(rm *)"] } },
      { "permission-mode": "bypassPermissions" },
    );
    for (const r of results.slice(0, 5)) {
      expect(r.isError).toBe(true);
      expect(r.content).toMatch(/^Denied: bash ".*" matches the rule Bash\(rm \*\) in permissions\.deny of \.claude\/settings\.json\.$/s);
    }
    expect(results[5]).toMatchObject({ isError: false, content: "still here\n" });
    await canaryIsThere();
  });
});
