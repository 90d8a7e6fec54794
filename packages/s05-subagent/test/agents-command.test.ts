/**
 * `/agents` at the REPL: the types the task tool can start, where each came from, and the
 * agent files that were skipped — so a student sees at once whether their file was read.
 */
import path from "node:path";
import { fileURLToPath } from "node:url";
import { afterEach, describe, expect, it } from "vitest";
import { runLessonCli, tempWorkspace, type TempWorkspace } from "@learn/core/testing";
import { agentFile } from "./helpers.ts";

const pkg = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const CLI_RUN_TIMEOUT_MS = 60_000;

let ws: TempWorkspace;
afterEach(() => ws.cleanup());

describe("/agents", () => {
  it("lists the built-ins and the workspace's agent files with their tools and mode, and names a file it skipped", async () => {
    ws = await tempWorkspace({
      ".claude/agents/reviewer.md": agentFile("reviewer", { tools: "Read, Grep", permissionMode: "plan" }),
      ".claude/agents/broken.md": "no frontmatter here\n",
    });
    const run = await runLessonCli(pkg, ["--", "--cwd", ws.dir, "--model-script", path.join(pkg, "demo", "subtask.yaml")], { stdin: "/agents\n/exit\n" });
    expect(run.code).toBe(0);
    expect(run.stdout).toMatch(/^ {2}reviewer \(\.claude\/agents\/reviewer\.md\) — read-only, runs beside others; tools: read_file, grep; model: the lead's; mode: plan$/m);
    expect(run.stdout).toContain("The reviewer agent.");
    expect(run.stdout).toMatch(/^ {2}[\w-]+ \(built-in\) — /m);
    expect(run.stdout).toMatch(/^Skipped:\n {2}✗ \.claude\/agents\/broken\.md: skipped: /m);
  }, CLI_RUN_TIMEOUT_MS);
});
