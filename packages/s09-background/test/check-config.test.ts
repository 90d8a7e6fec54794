/** `--check-config` on .claude/scheduled_tasks.json: the scheduler's own reading of it, as a report. */
import { mkdir, writeFile } from "node:fs/promises";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { useTempWorkspace } from "@learn/core/testing";
import { lesson } from "../src/index.ts";

const ws = useTempWorkspace();

async function reportFor(text: string | undefined) {
  if (text !== undefined) {
    await mkdir(path.join(ws.dir, ".claude"), { recursive: true });
    await writeFile(path.join(ws.dir, ".claude/scheduled_tasks.json"), text);
  }
  const report = await lesson.checkConfig!({ cwd: ws.dir, userDir: path.join(ws.dir, "no-user-folder") });
  return report.scheduledTasks;
}

const task = { id: "8b8b85ca", cron: "*/5 * * * *", prompt: "Check the build.", createdAt: 1779769855649 };

describe("s09 --check-config: the scheduled tasks", () => {
  it("Claude Code's own file loads: one-shots without `recurring` count, its extra keys are named as ignored", async () => {
    const own = { createdBySessionId: "6c00625b", createdByPid: 1533 };
    const text = JSON.stringify({ tasks: [{ ...task, ...own }, { ...task, id: "e294a74f", recurring: true, permanent: true, ...own }] });
    expect(await reportFor(text)).toEqual([
      {
        file: ".claude/scheduled_tasks.json",
        status: "loaded",
        problems: [],
        ignored: ["tasks[].createdBySessionId", "tasks[].createdByPid", "tasks[].permanent"],
        tasks: 2,
      },
    ]);
  });

  it("a task Claude Code skips makes the file partial, named with why; the others still count", async () => {
    const text = JSON.stringify({ version: 1, tasks: [{ name: "daily", schedule: "0 9 * * *" }, task] });
    expect(await reportFor(text)).toEqual([
      {
        file: ".claude/scheduled_tasks.json",
        status: "partial",
        problems: ["task 1: id: Invalid input: expected string, received undefined: skipped, kept in the file"],
        ignored: ["version", "tasks[].name", "tasks[].schedule"],
        tasks: 1,
      },
    ]);
  });

  it("a file that is not a list of tasks is refused, as Claude Code refuses to change it", async () => {
    const [report] = (await reportFor(JSON.stringify([task])))!;
    expect(report).toEqual({
      file: ".claude/scheduled_tasks.json",
      status: "refused",
      reason: "not a list of tasks (not the expected shape: (top level): Invalid input: expected object, received array): none of it runs, and nothing overwrites it",
      tasks: 0,
    });
  });

  it("no file: nothing to report; s09's report comes after the settings, agents (s05), skills and commands (s06)", async () => {
    expect(await reportFor(undefined)).toEqual([]);
    const report = await lesson.checkConfig!({ cwd: ws.dir, userDir: path.join(ws.dir, "no-user-folder") });
    expect(Object.keys(report)).toEqual(["lesson", "settings", "agents", "skills", "commands", "scheduledTasks"]);
  });
});
