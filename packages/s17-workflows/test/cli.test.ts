/**
 * s17 on the command line, as a real provider would be used: `--print` with the demo's prompt
 * against a local HTTP endpoint (a real socket), in a prepared workspace — the lead's requests
 * and every workflow agent's over the wire, the runs' notices on stderr, the answer on stdout,
 * no key anywhere but the endpoint.
 */
import { rm } from "node:fs/promises";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { lessonWorkspace } from "@learn/core/harness";
import { printDemoOverHttp } from "@learn/s09/testing";
import { lesson } from "../src/index.ts";

const pkg = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const KEY = "sk-test-s17-do-not-log";
const CLI_RUN_TIMEOUT_MS = 120_000;

let ws: string;
beforeEach(async () => {
  ws = await lessonWorkspace(lesson, "s17-cli");
});
afterEach(async () => {
  await rm(ws, { recursive: true, force: true });
});

describe("s17 on the command line", () => {
  it("--print against an HTTP endpoint: two runs, six agents' requests on the wire, the answer on stdout, the key only at the endpoint", async () => {
    const { run, agents } = await printDemoOverHttp(lesson, pkg, ws, {
      key: KEY,
      // The demo's budget of three agents, which an online run does not take by itself.
      env: { CLAUDE_CONFIG_DIR: path.join(ws, ".no-user-config"), LEARN_WORKFLOW_MAX_AGENTS: "3" },
    });
    expect(run.stdout).toMatch(/^The workflow is done/);
    expect([...new Set(agents)].sort()).toEqual(["lead", "wf-1.agent-1", "wf-1.agent-2", "wf-1.agent-3", "wf-1.agent-3.retry", "wf-2.agent-4"]);
    expect(run.stderr).toMatch(/Workflow wf-1 stopped: 3 agent\(s\) run, 0 from the journal/);
    expect(run.stderr).toMatch(/Workflow wf-2 completed: 1 agent\(s\) run, 3 from the journal/);
  }, CLI_RUN_TIMEOUT_MS);
});
