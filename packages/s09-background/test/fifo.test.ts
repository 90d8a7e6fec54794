/**
 * Named pipes (FIFOs) where lesson 9's files belong: the schedule (.claude/scheduled_tasks.json)
 * and a job's log. A plain read waits for a writer forever, and not even SIGTERM ends the
 * session then (the read is stuck in a thread Node waits for at exit). Core's reader refuses
 * it at once: the schedule is reported as broken, as a file that is not JSON is, and the
 * session goes on. 10 s a test is a limit far above the need: a regression fails.
 */
import { mkdir } from "node:fs/promises";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { makeFifo, scriptedAgent, toolResultsOf, useFifos, useTempWorkspace } from "@learn/core/testing";
import { writeSettings } from "@learn/s03/testing";
import { lesson } from "../src/index.ts";
import { tailOf } from "../src/jobs/index.ts";
import { never, text, use } from "./helpers.ts";

const LIMIT_MS = 10_000;
const BROKEN = ".claude/scheduled_tasks.json is broken (a named pipe (FIFO), not a regular file)";
const script = (...turns: object[][]) => JSON.stringify({ turns: turns.map((content) => ({ content })) });

describe("named pipes where lesson 9's files belong", () => {
  const ws = useTempWorkspace();
  useFifos();

  it("the schedule: cron_list says it is broken, cron_create changes nothing, /jobs says so; the turn ends", async () => {
    await mkdir(path.join(ws.dir, ".claude"), { recursive: true });
    await makeFifo(path.join(ws.dir, ".claude/scheduled_tasks.json"));
    await writeSettings(ws.dir, { permissions: {} }); // the practice settings deny Edit(.claude/**): here the file must be reached
    const { agent, simulator } = await scriptedAgent(
      lesson,
      script([use("cron_list", {}), use("cron_create", { cron: "0 9 * * 1-5", prompt: "run the tests", durable: true })], [text("The schedule is broken.")]),
      ws.dir,
      // A durable job writes .claude/, which only a person approves: this one says yes, and the file is what refuses.
      { interactive: true, ask: async () => "y" },
    );
    try {
      expect(await agent.run("What is scheduled?", never())).toBe("The schedule is broken.");
      const [listed, created] = toolResultsOf(simulator.requests[1]!.body);
      expect(listed).toMatchObject({ isError: false, content: `${BROKEN}: no scheduled job runs until it is fixed or deleted.` });
      expect(created).toMatchObject({ isError: true, content: expect.stringContaining(`${BROKEN}, so nothing was changed.`) });
      expect(await agent.commands!.find((c) => c.name === "jobs")!.run("")).toContain(BROKEN);
    } finally {
      await agent.close?.();
    }
  }, LIMIT_MS);

  it("a job's log: its tail is refused at once, naming it", async () => {
    const log = await makeFifo(path.join(ws.dir, "job-1.log"));
    await expect(tailOf(log, 100)).rejects.toThrow(`${log} is a named pipe (FIFO), not a regular file`);
  }, LIMIT_MS);
});
