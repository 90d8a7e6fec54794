/**
 * Lesson 9's four mechanisms as parts of a list: the queue every result goes through is one per
 * agent, a mechanism that pushes into it says so when it stands before it, and cron's half of
 * `/jobs` does not depend on the jobs' half being there.
 */
import { describe, expect, it } from "vitest";
import { partsFrom, type AgentOptions } from "@learn/core";
import { scriptedModel, useTempWorkspace } from "@learn/core/testing";
import { mechanisms as previous } from "@learn/s08";
import { mechanisms } from "../src/index.ts";
import { backgroundChildren } from "../src/background-children/index.ts";
import { backgroundJobs } from "../src/jobs/index.ts";
import { cron } from "../src/cron/index.ts";
import { notifications } from "../src/notifications/index.ts";

const ws = useTempWorkspace();

function options(): AgentOptions {
  const { model, renderer } = scriptedModel(JSON.stringify({ turns: [{ content: [{ type: "text", text: "x" }] }] }));
  return { model, cwd: ws.dir, renderer, interactive: false, ask: async () => "n", flags: {} };
}

describe("lesson 9's mechanisms in a list", () => {
  it("lists the queue first, then what pushes into it, then cron", () => {
    expect(mechanisms.slice(-4)).toEqual([notifications, backgroundJobs, backgroundChildren, cron]);
  });

  it("gives each lead a queue of its own, and a subagent none", async () => {
    const [one, two, child] = await Promise.all([partsFrom(mechanisms, options()), partsFrom(mechanisms, options()), partsFrom(mechanisms, options(), "subagent")]);
    expect(one.notifications).toBeDefined();
    expect(two.notifications).toBeDefined();
    expect(one.notifications).not.toBe(two.notifications);
    expect(child.notifications).toBeUndefined();
  });

  it.each([
    ["background jobs", backgroundJobs],
    ["background subagents", backgroundChildren],
  ])("%s before the queue: the build fails, naming what is missing", async (name, mechanism) => {
    await expect(partsFrom([...previous, mechanism], options())).rejects.toThrow(`${name} needs lesson 9's notifications mechanism before it in the list`);
  });

  it("/jobs: the jobs' half, then cron's; without the jobs, cron's alone", async () => {
    const both = (await partsFrom(mechanisms, options())).commands.filter((c) => c.name === "jobs");
    expect(both.map((c) => c.description)).toEqual(["background jobs of this session, and scheduled prompts"]);
    const cronOnly = (await partsFrom([...previous, notifications, cron], options())).commands.filter((c) => c.name === "jobs");
    expect(cronOnly.map((c) => c.description)).toEqual(["scheduled prompts"]);
    expect(await cronOnly[0]!.run("")).toBe("Scheduled prompts:\n  No scheduled jobs (session-N: this session only; cron-N: in .claude/scheduled_tasks.json).");
  });
});
