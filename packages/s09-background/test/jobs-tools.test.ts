/**
 * The job tools as the model meets them, through `execute` with a test context: bad input as
 * a clear error, background_run answering at once while its job runs on (in the context's
 * folder, untouched by the turn's Ctrl-C), check_background with and without an id, and what
 * background_run means to the permission policy: its command, exactly as bash's.
 */
import { readFileSync } from "node:fs";
import { mkdir, writeFile } from "node:fs/promises";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { testContext } from "@learn/core/testing";
import { backgroundRunTool, checkBackgroundTool, jobsReport, NO_JOBS, type JobManager } from "../src/jobs/index.ts";
import { useJobWorkspace, waitFor } from "./fixtures/jobs/helpers.ts";

const ws = useJobWorkspace();
const TIME = String.raw`\d+\.\ds`;

function setup(manager: JobManager = ws.manager()) {
  return { manager, run: backgroundRunTool(manager), check: checkBackgroundTool(manager), ctx: testContext(ws.dir) };
}

describe("background_run", () => {
  it.each([
    [{ command: "" }, "Invalid input for background_run: command: command must not be empty"],
    [{ command: "npm test", timeout: 0 }, "Invalid input for background_run: timeout: timeout is in seconds and must be more than 0"],
    [{ command: "npm test", timeout: 5000 }, "Invalid input for background_run: timeout: timeout is at most 3600 seconds"],
    [{}, "Invalid input for background_run: command:"],
  ])("refuses %j with a clear error, and starts nothing", async (input, message) => {
    const { manager, run, ctx } = setup();
    const outcome = await run.execute(input, ctx);
    expect(outcome.isError).toBe(true);
    expect(outcome.content.startsWith(message)).toBe(true);
    expect(manager.list()).toEqual([]);
  });

  it("returns at once with the id while the job runs on, in the context's folder; a cancelled turn does not stop it", async () => {
    const sub = path.join(ws.dir, "shop");
    await mkdir(sub);
    const gate = path.join(ws.dir, "go");
    const turn = new AbortController();
    const { manager, run } = setup();
    const command = `pwd; while [ ! -f '${gate}' ]; do sleep 0.05; done; echo tests passed`;
    const outcome = await run.execute({ command }, testContext(sub, { signal: turn.signal }));
    expect(outcome).toEqual({
      content:
        `Started job-1 in the background: ${command} (times out after 300s). Its output streams to .runtime-tasks/job-1.log. ` +
        "You will get its result in a <background-results> block when it finishes: keep working meanwhile; check_background shows its progress.",
      isError: false,
    });
    const job = manager.get("job-1")!;
    expect(job).toMatchObject({ status: "running", cwd: sub, timeoutMs: 300_000, logPath: ".runtime-tasks/job-1.log" });
    expect(job.log).toBe(path.join(ws.dir, ".runtime-tasks", "job-1.log"));

    turn.abort(); // Ctrl-C ends the turn, not the job
    await waitFor(() => readFileSync(job.log, "utf8").includes(sub), "pwd in the log");
    expect(job.status).toBe("running");
    await writeFile(gate, "");
    await waitFor(() => job.status !== "running", "the job to end");
    expect(job.status).toBe("completed");
    expect(readFileSync(job.log, "utf8")).toContain(`${sub}\ntests passed\n`);
  });

  it("takes a timeout in seconds", async () => {
    const { manager, run, ctx } = setup();
    const outcome = await run.execute({ command: "sleep 30", timeout: 1.5 }, ctx);
    expect(outcome.content).toContain("(times out after 1.5s)");
    const job = manager.get("job-1")!;
    expect(job.timeoutMs).toBe(1500);
    await waitFor(() => job.status !== "running", "the timeout");
    expect(job.status).toBe("timeout");
  });

  it("tells the permission policy the command it runs, as bash does, and is judged as mutating", () => {
    const { run, check } = setup();
    expect(run.permission?.subject?.({ command: "rm -rf build && npm test", timeout: 300 })).toEqual({ commands: ["rm -rf build && npm test"] });
    expect([run.permission?.mutating, run.concurrencySafe]).toEqual([true, false]);
    expect([check.permission?.mutating, check.concurrencySafe, check.permission?.subject]).toEqual([false, true, undefined]);
    expect(run.spec.input_schema).toMatchObject({ required: ["command"], properties: { timeout: { default: 300, maximum: 3600 } } });
  });
});

describe("check_background and /jobs", () => {
  it("no jobs yet: says so", async () => {
    const { manager, check, ctx } = setup();
    expect(await check.execute({}, ctx)).toEqual({ content: NO_JOBS, isError: false });
    expect(jobsReport(manager)).toBe("No background jobs in this session.");
    expect(await check.execute({ id: "job-1" }, ctx)).toEqual({
      content: "Error: No background job job-1. Jobs in this session: none.",
      isError: true,
    });
  });

  it("without an id: one line per job; with one: its line, its output so far (from disk) and its log", async () => {
    const gate = path.join(ws.dir, "go");
    const { manager, run, check, ctx } = setup();
    await run.execute({ command: "echo built; exit 2" }, ctx);
    await run.execute({ command: `echo 'step 1 of 2'; while [ ! -f '${gate}' ]; do sleep 0.05; done` }, ctx);
    await run.execute({ command: "true" }, ctx);
    const [failed, slow, quiet] = manager.list();
    await waitFor(() => failed!.status !== "running" && quiet!.status !== "running", "the quick jobs to end");
    await waitFor(() => readFileSync(slow!.log, "utf8") !== "", "the slow job's first line");

    const all = (await check.execute({}, ctx)).content.split("\n");
    expect(all).toHaveLength(3);
    expect(all[0]).toMatch(new RegExp(`^job-1 · failed · exit 2 after ${TIME} · echo built; exit 2$`));
    expect(all[1]).toMatch(new RegExp(`^job-2 · running for ${TIME} · echo 'step 1 of 2';`));
    expect(all[2]).toMatch(new RegExp(`^job-3 · completed · exit 0 after ${TIME} · true$`));
    expect(jobsReport(manager).split("\n").map((line) => line.split(" ")[2])).toEqual(["failed", "running", "completed"]);

    const one = await check.execute({ id: "job-2" }, ctx);
    expect(one.content).toMatch(new RegExp(`^job-2 · running for ${TIME} · .*\\nOutput:\\nstep 1 of 2\\nFull log: .runtime-tasks/job-2.log$`));
    const done = await check.execute({ id: "job-1" }, ctx);
    expect(done.content).toMatch(new RegExp(`\\nOutput:\\nbuilt\\n\\[exit 2 after ${TIME}\\]\\nFull log: .runtime-tasks/job-1.log$`));

    expect(await check.execute({ id: "job-9" }, ctx)).toEqual({
      content: "Error: No background job job-9. Jobs in this session: job-1, job-2, job-3.",
      isError: true,
    });
    await writeFile(gate, "");
  });

  it("with an id: shows only the last 4,000 characters of a long log", async () => {
    const { manager, run, check, ctx } = setup();
    await run.execute({ command: "seq 1 3000" }, ctx);
    const job = manager.get("job-1")!;
    await waitFor(() => job.status !== "running", "the job to end");
    const content = (await check.execute({ id: "job-1" }, ctx)).content;
    const [, label] = content.split("\n");
    expect(label).toBe("Output (last 4,000 characters):");
    expect(content).toContain("\n2999\n3000\n[exit 0 after");
    expect(content.length).toBeLessThan(4_200);
  });
});
