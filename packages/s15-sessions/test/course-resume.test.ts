/**
 * Resume equals continue over the course-wide scripted session through lesson 13
 * (fixtures/course-to-s13.yaml, run on this lesson's agent): stopped at every one of the lead's requests, resumed with --continue, the
 * first request is the one the uninterrupted session sent (src/testing says what is normalised).
 */
import { mkdtemp, readFile, rm, writeFile } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { lessonWorkspace } from "@learn/core/harness";
import { loadScript } from "@learn/core/simulator";
import { lesson, mechanisms } from "../src/index.ts";
import { resumeAtEveryRound } from "../src/testing/index.ts";
import { runAll } from "./helpers.ts";

/** To look at a failing point alone: S15_RESUME_AT=12,16 resumes at those lead requests only. */
const ONLY = process.env.S15_RESUME_AT ? new Set(process.env.S15_RESUME_AT.split(",").map(Number)) : undefined;
const COURSE = fileURLToPath(new URL("fixtures/course-to-s13.yaml", import.meta.url));

let ws: string;
let root: string;
beforeEach(async () => {
  ws = await lessonWorkspace(lesson, "s15-course");
  root = await mkdtemp(path.join(os.tmpdir(), "learn-s15-course-"));
  // As in s13's course test: this student allows node in their own settings (the background check is `node -e`).
  await writeFile(path.join(root, "settings.json"), JSON.stringify({ permissions: { allow: ["Bash(node *)"] } }));
  // The session calls only the issue tracker; the reference server would start with each of the
  // 23 resumed agents for nothing (two processes a resume instead of one).
  const mcp = JSON.parse(await readFile(path.join(ws, ".mcp.json"), "utf8"));
  delete mcp.mcpServers.everything;
  await writeFile(path.join(ws, ".mcp.json"), JSON.stringify(mcp));
});
afterEach(async () => {
  await rm(ws, { recursive: true, force: true });
  await rm(root, { recursive: true, force: true });
});

describe("the course-wide session, resumed at every round", () => {
  it("the first request after a resume is the one the whole session sent", async () => {
    const script = await loadScript(COURSE);
    const [prompt1, prompt2] = script.prompt as string[];
    const { whole, points } = await resumeAtEveryRound({
      mechanisms,
      ws,
      scratch: path.join(root, "copies"),
      script,
      options: {
        interactive: true,
        ask: async () => "n",
        userDir: root,
        // The transcripts inside the workspace, so that each copy takes them along. s14's sandbox off:
        // the fixture was written for lesson 13, and its logging hook cannot write from a read-only
        // explorer inside the sandbox (s17 will run the course with it on).
        flags: { ...lesson.demoFlags, "permission-mode": "acceptEdits", "compact-threshold": "1000000", "sessions-dir": ".sessions", sandbox: "false" },
      },
      async drive(agent, renderer) {
        await runAll(agent, prompt1!, renderer);
        await agent.commands!.find((c) => c.name === "compact")!.run("the tasks and the worktree");
        await runAll(agent, prompt2!, renderer);
      },
    }, ONLY && ((i) => ONLY.has(i)));
    expect(whole).toEqual({ errors: [], unserved: 0, leadRequests: 24 });
    // Every lead request but one: s07's summary call (lead 11) carries a copy of the conversation.
    if (!ONLY) expect(points.map((p) => p.index)).toEqual([...Array(24).keys()].filter((i) => i !== 11));
    for (const point of points) {
      expect(point.errors, `resumed at the lead's request ${point.index}`).toEqual([]);
      expect(point.actual, `resumed at the lead's request ${point.index}`).toEqual(point.expected);
    }
  }, 600_000);
});
