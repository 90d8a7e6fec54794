/**
 * The cron tools as the model meets them, through `execute`: validation, the bad-expression
 * message, result texts, refusals as errors it can act on; and the /jobs report.
 */
import { mkdir, readFile, writeFile } from "node:fs/promises";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { testContext, useTempWorkspace } from "@learn/core/testing";
import {
  CRON_CREATE_TOOL,
  CRON_DELETE_TOOL,
  CRON_LIST_TOOL,
  CronStore,
  cronReport,
  cronTools,
  describeCronJob,
  formatLocalTime,
  MAX_CRON_PROMPT_CHARS,
} from "../src/cron/index.ts";

const ws = useTempWorkspace({ "README.md": "A workspace.\n" });
const fileOf = () => path.join(ws.dir, ".claude", "scheduled_tasks.json");
// Thursday 1 January 2026, 08:02:30 local time.
const t0 = new Date(2026, 0, 1, 8, 2, 30).getTime();

function setup() {
  const store = new CronStore(ws.dir);
  const clock = { t: t0, now: () => clock.t };
  const [create, del, list] = cronTools(store, clock);
  return { store, clock, create: create!, del: del!, list: list!, ctx: testContext(ws.dir) };
}

describe("formatLocalTime", () => {
  it("is local time as YYYY-MM-DD HH:MM:SS", () => {
    expect(formatLocalTime(new Date(2026, 0, 2, 3, 4, 5).getTime())).toBe("2026-01-02 03:04:05");
  });
});

describe("the cron tools", () => {
  it("are named, described and flagged for the permission system: a durable job declares its write to .claude/", () => {
    const { create, del, list } = setup();
    expect([create.name, del.name, list.name]).toEqual([CRON_CREATE_TOOL, CRON_DELETE_TOOL, CRON_LIST_TOOL]);
    expect([create.name, del.name, list.name]).toEqual(["cron_create", "cron_delete", "cron_list"]);
    expect([create.permission?.mutating, del.permission?.mutating, list.permission?.mutating]).toEqual([true, true, false]);
    expect(list.concurrencySafe).toBe(true);
    expect(list.permission?.subject).toBeUndefined();
    const input = (extra: object) => create.schema.parse({ cron: "0 9 * * *", prompt: "x", ...extra });
    expect(create.permission!.subject!(input({}))).toEqual({});
    expect(create.permission!.subject!(input({ durable: true }))).toEqual({ writes: [".claude/scheduled_tasks.json"] });
    expect(del.permission!.subject!({ id: "cron-1" })).toEqual({ writes: [".claude/scheduled_tasks.json"] });
    expect(create.description).toContain('"0 9 * * 1-5"');
    expect(create.description).toContain("expires after 7 days");
    expect(create.spec.input_schema).toMatchObject({
      required: ["cron", "prompt"],
      properties: { recurring: { type: "boolean", default: true }, durable: { type: "boolean", default: false }, prompt: { maxLength: MAX_CRON_PROMPT_CHARS } },
    });
  });

  it("create, list and delete, with results the model reads: this session's jobs by default, durable ones in the file", async () => {
    const { create, del, list, ctx } = setup();
    expect(await list.execute({}, ctx)).toEqual({ content: "No scheduled jobs.", isError: false });
    expect(await create.execute({ cron: "*/5 * * * *", prompt: "Check the build" }, ctx)).toEqual({
      content:
        'Scheduled session-1: "*/5 * * * *", recurring (it expires after 7 days), for this session only; next run 2026-01-01 08:05:00 (local time). ' +
        "When it fires, its prompt runs as a turn of its own.",
      isError: false,
    });
    await expect(readFile(fileOf())).rejects.toThrow("ENOENT"); // nothing written
    expect((await create.execute({ cron: "30 14 * * *", prompt: "Remind me:\n  stretch", recurring: false, durable: true }, ctx)).content).toBe(
      'Scheduled cron-1: "30 14 * * *", once (it is deleted after it fires), kept in .claude/scheduled_tasks.json, for later sessions too; ' +
        "next run 2026-01-01 14:30:00 (local time). When it fires, its prompt runs as a turn of its own.",
    );
    expect(JSON.parse(await readFile(fileOf(), "utf8")).tasks.map((j: { id: string }) => j.id)).toEqual(["cron-1"]);
    expect((await list.execute({}, ctx)).content).toBe(
      [
        "session-1 · */5 * * * * · recurring, expires 2026-01-08 08:02:30 · next 2026-01-01 08:05:00 · Check the build",
        "cron-1 · 30 14 * * * · once · next 2026-01-01 14:30:00 · Remind me: stretch",
      ].join("\n"),
    );
    const del1 = del.schema.parse({ id: "session-1" });
    expect(del.permission!.subject!(del1)).toEqual({}); // a job of this session: nothing written
    expect(await del.execute(del1, ctx)).toEqual({ content: 'Deleted session-1: "*/5 * * * *" · Check the build', isError: false });
    expect(await del.execute({ id: "session-1" }, ctx)).toEqual({ content: "Error: No cron job session-1. Jobs: cron-1.", isError: true });
  });

  it("turns bad input, a prompt too long and a bad expression into errors, writing nothing", async () => {
    const { store, create, del, ctx } = setup();
    expect(await create.execute({ prompt: "x" }, ctx)).toEqual({
      content: "Invalid input for cron_create: cron: Invalid input: expected string, received undefined",
      isError: true,
    });
    expect(await del.execute({}, ctx)).toMatchObject({ isError: true, content: expect.stringContaining("Invalid input for cron_delete: id:") });
    expect(await create.execute({ cron: "0 9 * * *", prompt: "x".repeat(MAX_CRON_PROMPT_CHARS + 1), durable: true }, ctx)).toEqual({
      content: `Invalid input for cron_create: prompt: at most ${MAX_CRON_PROMPT_CHARS} characters: say what to do in a few sentences, and point to a file for the details`,
      isError: true,
    });
    await expect(store.create({ cron: "0 9 * * *", prompt: "x".repeat(MAX_CRON_PROMPT_CHARS + 1), recurring: true, durable: false }, t0)).rejects.toThrow(
      `its prompt is ${MAX_CRON_PROMPT_CHARS + 1} characters, over the ${MAX_CRON_PROMPT_CHARS} a scheduled prompt may have: say what to do in a few sentences`,
    );
    expect((await create.execute({ cron: "0 9 * * *", prompt: "x".repeat(MAX_CRON_PROMPT_CHARS) }, ctx)).isError).toBe(false); // exactly the cap is fine
    expect(await create.execute({ cron: "0 9 * *", prompt: "x" }, ctx)).toEqual({
      content:
        'Error: "0 9 * *" is not a valid cron expression: it has 4 fields, not 5. ' +
        'Use five fields: minute hour day-of-month month day-of-week (e.g. "*/5 * * * *", "0 9 * * 1-5").',
      isError: true,
    });
    expect((await store.list()).jobs.map((j) => j.id)).toEqual(["session-1"]);
    await expect(readFile(fileOf())).rejects.toThrow("ENOENT");
  });

  it("lists the problem of a broken file with this session's jobs; a durable create refuses it, a session one does not mind", async () => {
    const { create, list, ctx } = setup();
    await mkdir(path.join(ws.dir, ".claude"));
    await writeFile(fileOf(), "not json");
    const listed = await list.execute({}, ctx);
    expect(listed.isError).toBe(false);
    expect(listed.content).toMatch(/^\.claude\/scheduled_tasks\.json is broken \(line 1, column 2: .*\): no scheduled job runs until it is fixed or deleted\.$/);
    const refused = await create.execute({ cron: "0 9 * * *", prompt: "x", durable: true }, ctx);
    expect(refused.isError).toBe(true);
    expect(refused.content).toContain("so nothing was changed. Fix the file or delete it, then try again.");
    expect((await create.execute({ cron: "0 9 * * *", prompt: "x" }, ctx)).isError).toBe(false);
    expect((await list.execute({}, ctx)).content).toMatch(/^session-1 · 0 9 \* \* \* · .*\n\.claude\/scheduled_tasks\.json is broken/);
    expect(await readFile(fileOf(), "utf8")).toBe("not json");
  });
});

describe("describing a job", () => {
  it("shows a run that came while no session ran as due now, and cuts a long prompt", async () => {
    const { store, clock } = setup();
    const job = await store.create({ cron: "5 8 * * *", prompt: "a".repeat(100), recurring: false, durable: true }, t0);
    clock.t = t0 + 10 * 60_000;
    expect(describeCronJob(job, clock)).toBe(`cron-1 · 5 8 * * * · once · next due now · ${"a".repeat(79)}…`);
  });

  it("/jobs: where the jobs are kept, then one line each", async () => {
    const { store, clock } = setup();
    expect(await cronReport(store, clock)).toBe("No scheduled jobs (session-N: this session only; cron-N: in .claude/scheduled_tasks.json).");
    await store.create({ cron: "0 9 * * 1-5", prompt: "Summarise new issues", recurring: true, durable: true }, t0);
    await store.create({ cron: "0 10 * * *", prompt: "Stretch", recurring: false, durable: false }, t0);
    expect(await cronReport(store, clock)).toBe(
      [
        "Scheduled jobs (session-N: this session only; cron-N: in .claude/scheduled_tasks.json):",
        "  session-1 · 0 10 * * * · once · next 2026-01-01 10:00:00 · Stretch",
        "  cron-1 · 0 9 * * 1-5 · recurring, expires 2026-01-08 08:02:30 · next 2026-01-01 09:00:00 · Summarise new issues",
      ].join("\n"),
    );
  });
});
