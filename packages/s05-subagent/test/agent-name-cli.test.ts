/**
 * The two `Agent` rows that failed open, through the lesson's real command line (`--print`, a
 * scripted model, a trace of every request): `permissions.deny: ["Agent"]` and a PreToolUse hook
 * with `matcher: "Agent"` that exits 2 each keep the subagent from running — no child request.
 */
import { readFile } from "node:fs/promises";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { afterEach, describe, expect, it } from "vitest";
import { runLessonCli, tempWorkspace, type TempWorkspace } from "@learn/core/testing";
import { taskCall, text } from "./helpers.ts";

const pkg = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const CLI_RUN_TIMEOUT_MS = 60_000;
/** The lead calls task (an explorer); a child that runs answers once; then the lead is done. */
const SCRIPT = JSON.stringify({
  turns: [{ content: [taskCall("List the files.", "explore")] }, { agent: "explore-1", content: [text("Two files.")] }, { content: [text("Done.")] }],
});

let ws: TempWorkspace | undefined;
afterEach(() => ws?.cleanup());

async function printWith(settings: object) {
  ws = await tempWorkspace({
    "script.json": SCRIPT,
    ".claude/settings.json": JSON.stringify(settings),
    ".claude/hooks/deny.sh": "cat > /dev/null\necho 'no subagents today' >&2\nexit 2\n",
  });
  const trace = path.join(ws.dir, "trace.jsonl");
  const run = await runLessonCli(pkg, ["--", "--print", "go", "--permission-mode", "bypassPermissions", "--model-script", path.join(ws.dir, "script.json"), "--cwd", ws.dir, "--trace", trace]);
  const requests = (await readFile(trace, "utf8")).trim().split("\n").map((l) => JSON.parse(l) as { type: string; agent?: string; body: unknown });
  return { run, requests: requests.filter((r) => r.type === "request") };
}

describe("the Agent name on the command line", () => {
  it('permissions.deny ["Agent"]: the subagent never runs, the lead reads why', async () => {
    const { run, requests } = await printWith({ permissions: { deny: ["Agent"] } });
    expect(run.code).toBe(0);
    expect(requests.map((r) => r.agent ?? "lead")).toEqual(["lead", "lead"]);
    expect(JSON.stringify(requests[1]!.body)).toContain("Agent in permissions.deny");
  }, CLI_RUN_TIMEOUT_MS);

  it('PreToolUse matcher "Agent", exit 2: the subagent never runs, the hook\'s words reach the lead', async () => {
    const { requests } = await printWith({ hooks: { PreToolUse: [{ matcher: "Agent", hooks: [{ type: "command", command: "sh .claude/hooks/deny.sh" }] }] } });
    expect(requests.map((r) => r.agent ?? "lead")).toEqual(["lead", "lead"]);
    expect(JSON.stringify(requests[1]!.body)).toContain("no subagents today");
  }, CLI_RUN_TIMEOUT_MS);
});
