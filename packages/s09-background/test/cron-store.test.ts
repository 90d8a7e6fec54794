/**
 * The jobs file: create, list and delete in Claude Code's shape, ids never reused, claiming
 * due jobs (one-shots once, recurring at each run, missed runs once, expiry after 7 days),
 * and a broken file reported by name and never overwritten. Time is a number the test
 * chooses: nothing waits for a real minute.
 */
import { mkdir, readFile, writeFile } from "node:fs/promises";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { useTempWorkspace } from "@learn/core/testing";
import { CRON_MAX_AGE_MS, CronStore, MAX_CRON_JOBS, MAX_CRON_PROMPT_CHARS } from "../src/cron/index.ts";

const ws = useTempWorkspace({ "README.md": "A workspace.\n" });
const local = (y: number, mo: number, d: number, h = 0, mi = 0, s = 0) => new Date(y, mo - 1, d, h, mi, s).getTime();
const MINUTE = 60_000;
// Thursday 1 January 2026, 08:02:30 local time.
const t0 = local(2026, 1, 1, 8, 2, 30);

const fileOf = () => path.join(ws.dir, ".claude", "scheduled_tasks.json");
const readFileJson = async () => JSON.parse(await readFile(fileOf(), "utf8"));
async function writeRaw(text: string) {
  await mkdir(path.dirname(fileOf()), { recursive: true });
  await writeFile(fileOf(), text);
}

describe("CronStore: create, list, delete", () => {
  it("writes Claude Code's shape to .claude/scheduled_tasks.json", async () => {
    const store = new CronStore(ws.dir);
    expect(store.file).toBe(fileOf());
    expect(await store.list()).toEqual({ jobs: [] }); // no file yet: no jobs, no problem
    const a = await store.create({ cron: "*/5 * * * *", prompt: "Check the build", recurring: true, durable: true }, t0);
    const b = await store.create({ cron: " 30  14 * * * ", prompt: "Remind me to stretch", recurring: false, durable: true }, t0 + 1);
    expect(a).toEqual({ id: "cron-1", cron: "*/5 * * * *", prompt: "Check the build", createdAt: t0, recurring: true });
    expect(b.id).toBe("cron-2");
    expect(await readFileJson()).toEqual({
      tasks: [
        { id: "cron-1", cron: "*/5 * * * *", prompt: "Check the build", createdAt: t0, recurring: true },
        { id: "cron-2", cron: "30 14 * * *", prompt: "Remind me to stretch", createdAt: t0 + 1 }, // a one-shot: no `recurring`, as Claude Code writes it
      ],
      nextId: 3,
    });
    expect((await store.list()).jobs.map((j) => j.id)).toEqual(["cron-1", "cron-2"]);
  });

  it("never reuses an id after a delete, and says which ids exist when one does not", async () => {
    const store = new CronStore(ws.dir);
    for (let i = 0; i < 3; i++) await store.create({ cron: "0 9 * * *", prompt: `job ${i}`, recurring: true, durable: true }, t0);
    expect((await store.delete("cron-3")).prompt).toBe("job 2");
    expect((await store.create({ cron: "0 9 * * *", prompt: "after", recurring: true, durable: true }, t0)).id).toBe("cron-4");
    await expect(store.delete("cron-9")).rejects.toThrow("No cron job cron-9. Jobs: cron-1, cron-2, cron-4.");
    for (const id of ["cron-1", "cron-2", "cron-4"]) await store.delete(id);
    await expect(store.delete("cron-1")).rejects.toThrow("No cron job cron-1. There are none.");
    expect(await readFileJson()).toEqual({ tasks: [], nextId: 5 });
  });

  it("refuses a bad expression, an empty prompt and an expression that never runs, writing nothing", async () => {
    const store = new CronStore(ws.dir);
    await expect(store.create({ cron: "61 * * * *", prompt: "x", recurring: true, durable: true }, t0)).rejects.toThrow(
      '"61 * * * *" is not a valid cron expression: Invalid value for minute: 61.',
    );
    await expect(store.create({ cron: "* * * * *", prompt: "  ", recurring: true, durable: true }, t0)).rejects.toThrow("the prompt is empty");
    await expect(store.create({ cron: "0 0 30 2 *", prompt: "x", recurring: true, durable: true }, t0)).rejects.toThrow('"0 0 30 2 *" never runs');
    await expect(readFile(fileOf())).rejects.toThrow("ENOENT");
  });

  it(`holds at most ${MAX_CRON_JOBS} jobs`, async () => {
    const store = new CronStore(ws.dir);
    for (let i = 0; i < MAX_CRON_JOBS; i++) await store.create({ cron: "0 9 * * *", prompt: `job ${i}`, recurring: true, durable: true }, t0);
    await expect(store.create({ cron: "0 9 * * *", prompt: "one too many", recurring: true, durable: true }, t0)).rejects.toThrow(
      `cannot schedule another job: there are already ${MAX_CRON_JOBS}, the most a workspace may have. Delete one first.`,
    );
    expect((await store.list()).jobs).toHaveLength(MAX_CRON_JOBS);
  });

  it("keeps keys it does not know, and numbers past a nextId a hand edit left behind", async () => {
    await writeRaw(
      JSON.stringify({
        tasks: [{ id: "cron-7", cron: "0 9 * * *", prompt: "by hand", createdAt: t0, recurring: true, note: "mine" }],
        nextId: 2,
        owner: "someone",
      }),
    );
    const store = new CronStore(ws.dir);
    expect((await store.create({ cron: "0 10 * * *", prompt: "new", recurring: false, durable: true }, t0)).id).toBe("cron-8");
    const saved = await readFileJson();
    expect(saved.owner).toBe("someone");
    expect(saved.nextId).toBe(9);
    expect(saved.tasks[0].note).toBe("mine");
  });
});

describe("CronStore.claimDue", () => {
  it("a one-shot fires once, then is gone", async () => {
    const store = new CronStore(ws.dir);
    const job = await store.create({ cron: "5 8 * * *", prompt: "once", recurring: false, durable: true }, t0);
    expect((await store.claimDue(local(2026, 1, 1, 8, 4, 59))).fired).toEqual([]);
    const claim = await store.claimDue(local(2026, 1, 1, 8, 5));
    expect(claim).toEqual({ fired: [job], expired: [], jobs: [] });
    expect((await store.claimDue(local(2026, 1, 2, 8, 5))).fired).toEqual([]); // not tomorrow either: it is deleted
    expect(await readFileJson()).toEqual({ tasks: [], nextId: 2 });
  });

  it("a recurring job fires at each run, records lastFiredAt, and waits for its next run", async () => {
    const store = new CronStore(ws.dir);
    await store.create({ cron: "*/5 * * * *", prompt: "check", recurring: true, durable: true }, t0);
    const at = local(2026, 1, 1, 8, 5, 1);
    const first = await store.claimDue(at);
    expect(first.fired.map((j) => [j.id, j.lastFiredAt])).toEqual([["cron-1", at]]);
    expect((await readFileJson()).tasks[0].lastFiredAt).toBe(at);
    expect((await store.claimDue(at + 1000)).fired).toEqual([]);
    expect((await store.claimDue(local(2026, 1, 1, 8, 9, 59))).fired).toEqual([]);
    expect((await store.claimDue(local(2026, 1, 1, 8, 10))).fired.map((j) => j.id)).toEqual(["cron-1"]);
  });

  it("runs missed while no session ran fire once, not once per missed run", async () => {
    const store = new CronStore(ws.dir);
    await store.create({ cron: "* * * * *", prompt: "every minute", recurring: true, durable: true }, t0);
    const later = t0 + 90 * MINUTE; // 90 runs missed
    expect((await store.claimDue(later)).fired).toHaveLength(1);
    expect((await store.claimDue(later + 1000)).fired).toHaveLength(0);
  });

  it("removes a recurring job 7 days after it was made, without firing it; a one-shot does not expire", async () => {
    const store = new CronStore(ws.dir);
    await store.create({ cron: "0 9 * * *", prompt: "daily", recurring: true, durable: true }, t0);
    await store.create({ cron: "0 9 * * *", prompt: "one day", recurring: false, durable: true }, t0);
    await store.claimDue(local(2026, 1, 1, 9, 0)); // the one-shot fires, the daily one too
    await store.create({ cron: "0 9 1 6 *", prompt: "in June", recurring: false, durable: true }, t0);
    const claim = await store.claimDue(t0 + CRON_MAX_AGE_MS);
    expect(claim.expired.map((j) => j.id)).toEqual(["cron-1"]);
    expect(claim.fired).toEqual([]);
    expect((await store.list()).jobs.map((j) => j.id)).toEqual(["cron-3"]);
  });

  it("writes nothing when nothing is due", async () => {
    const store = new CronStore(ws.dir);
    await store.create({ cron: "0 9 * * *", prompt: "daily", recurring: true, durable: true }, t0);
    const before = await readFile(fileOf(), "utf8");
    await writeFile(fileOf(), before.replace("\n", " \n")); // a mark a rewrite would remove
    expect(await store.claimDue(t0 + MINUTE)).toEqual({ fired: [], expired: [], jobs: (await store.list()).jobs });
    expect(await readFile(fileOf(), "utf8")).toBe(before.replace("\n", " \n"));
  });
});

describe("jobs of this session only", () => {
  it("live in memory: session-N ids, nothing written, listed first, deleted without touching the file", async () => {
    const store = new CronStore(ws.dir);
    const own = await store.create({ cron: "*/5 * * * *", prompt: "check", recurring: true, durable: false }, t0);
    expect(own).toEqual({ id: "session-1", cron: "*/5 * * * *", prompt: "check", createdAt: t0, recurring: true });
    await expect(readFile(fileOf())).rejects.toThrow("ENOENT");
    await store.create({ cron: "0 9 * * *", prompt: "kept", recurring: true, durable: true }, t0);
    expect((await store.list()).jobs.map((j) => j.id)).toEqual(["session-1", "cron-1"]);
    expect([store.hasSessionJob("session-1"), store.hasSessionJob("cron-1")]).toEqual([true, false]);
    const before = await readFile(fileOf(), "utf8");
    expect((await store.delete("session-1")).prompt).toBe("check");
    expect(await readFile(fileOf(), "utf8")).toBe(before);
    expect(new CronStore(ws.dir).madeHere(own)).toBe(false); // another session's store knows nothing of it
  });

  it("fire from memory: a one-shot once, a recurring one at each run", async () => {
    const store = new CronStore(ws.dir);
    await store.create({ cron: "5 8 * * *", prompt: "once", recurring: false, durable: false }, t0);
    await store.create({ cron: "*/5 * * * *", prompt: "often", recurring: true, durable: false }, t0);
    const at = local(2026, 1, 1, 8, 5);
    expect((await store.claimDue(at)).fired.map((j) => [j.id, j.lastFiredAt])).toEqual([["session-1", undefined], ["session-2", at]]);
    expect((await store.claimDue(at + 1000)).fired).toEqual([]);
    expect((await store.list()).jobs.map((j) => j.id)).toEqual(["session-2"]);
    await expect(readFile(fileOf())).rejects.toThrow("ENOENT");
  });
});

describe("jobs a claim may not take", () => {
  it("a job mayFire refuses, and one whose prompt is over the cap, wait untouched in the file; the others fire", async () => {
    const jobs = [
      { id: "cron-1", cron: "* * * * *", prompt: "not mine", createdAt: 0, recurring: false },
      { id: "cron-2", cron: "* * * * *", prompt: "x".repeat(MAX_CRON_PROMPT_CHARS + 1), createdAt: 0, recurring: false },
      { id: "cron-3", cron: "* * * * *", prompt: "fine", createdAt: 0, recurring: false },
    ];
    await writeRaw(JSON.stringify({ tasks: jobs, nextId: 4 }));
    const store = new CronStore(ws.dir);
    const claim = await store.claimDue(t0, (job) => job.id !== "cron-1");
    expect(claim.fired.map((j) => j.id)).toEqual(["cron-3"]);
    expect(claim.jobs.map((j) => j.id)).toEqual(["cron-1", "cron-2"]);
    expect((await readFileJson()).tasks).toEqual(jobs.slice(0, 2));
    expect((await store.claimDue(t0 + MINUTE, () => false)).fired).toEqual([]);
    expect((await readFileJson()).tasks).toEqual(jobs.slice(0, 2));
  });
});

describe("a broken jobs file", () => {
  it.each([
    ["not JSON", '{ "tasks": [ }\n', ".claude/scheduled_tasks.json is broken (line 1, column 14:"],
    ["no list of tasks", JSON.stringify({ tasks: { id: "cron-1" } }), "tasks: Invalid input: expected array"],
    ["a list without the object around it", JSON.stringify([{ id: "cron-1", cron: "0 9 * * *", prompt: "x", createdAt: 0 }]), "(top level): Invalid input: expected object"],
  ])("%s: reported by name, create and delete refuse, and the file is left byte for byte", async (_, text, why) => {
    await writeRaw(text);
    const store = new CronStore(ws.dir);
    const listed = await store.list();
    expect(listed.jobs).toEqual([]);
    expect(listed.problem).toContain(why);
    expect(listed.problem).toMatch(/^\.claude\/scheduled_tasks\.json is broken \(.*\): no scheduled job runs until it is fixed or deleted\.$/);
    const claim = await store.claimDue(t0 + 1000 * MINUTE);
    expect(claim).toEqual({ fired: [], expired: [], jobs: [], problem: listed.problem });
    for (const change of [
      () => store.create({ cron: "0 9 * * *", prompt: "x", recurring: true, durable: true }, t0),
      () => store.delete("cron-1"),
    ]) {
      await expect(change()).rejects.toThrow(/^\.claude\/scheduled_tasks\.json is broken \(.*\), so nothing was changed\. Fix the file or delete it, then try again\.$/);
    }
    expect(await readFile(fileOf(), "utf8")).toBe(text);
  });
});

describe("as Claude Code reads it: a task it skips costs only itself", () => {
  const good = { id: "a1b2c3d4", cron: "* * * * *", prompt: "runs", createdAt: 0 };
  it.each([
    ["a task without a prompt", { id: "cron-1", cron: "0 9 * * *", createdAt: 0 }, "task 1: prompt: Invalid input: expected string, received undefined"],
    ["an expression that is not valid", { id: "cron-1", cron: "0 25 * * *", prompt: "x", createdAt: 0 }, 'task 1: cron: "0 25 * * *" is not a valid cron expression: Invalid value for hour: 25. Use five fields: minute hour day-of-month month day-of-week (e.g. "*/5 * * * *", "0 9 * * 1-5")'],
    ["another program's shape", { name: "daily", schedule: "0 9 * * *", enabled: true }, "task 1: id: Invalid input: expected string, received undefined"],
    ["an id used twice", { ...good, prompt: "same id, earlier" }, "task 2: a1b2c3d4 is the id of an earlier task"],
  ])("%s: skipped and named; the others run; the file keeps it, in its place, when it is rewritten", async (_, bad, why) => {
    await writeRaw(JSON.stringify({ tasks: [bad, good] }, null, 2));
    const store = new CronStore(ws.dir);
    const listed = await store.list();
    const runnable = why.startsWith("task 2") ? [bad] : [good];
    expect(listed.jobs).toEqual(runnable);
    expect(listed.problem).toBe(`.claude/scheduled_tasks.json: skipped, never run until fixed (the file keeps them): ${why}.`);
    const claim = await store.claimDue(t0);
    expect(claim.fired).toEqual(runnable);
    expect(claim.problem).toBe(listed.problem);
    expect((await readFileJson()).tasks).toEqual(why.startsWith("task 2") ? [good] : [bad]);
    const made = await store.create({ cron: "0 9 * * *", prompt: "new", recurring: true, durable: true }, t0);
    expect((await readFileJson()).tasks).toEqual([why.startsWith("task 2") ? good : bad, { ...made }]);
  });

  it("Claude Code's own file: a one-shot without `recurring` fires once; its extra keys outlive a create and a claim", async () => {
    const own = { createdBySessionId: "6c00625b-bd79-4603-843a-59a73584576e", createdByPid: 1533, createdByProcStart: "151630426" };
    const once = { id: "8b8b85ca", cron: "5 8 * * *", prompt: "Is the deploy done?", createdAt: t0, ...own };
    const daily = { id: "e294a74f", cron: "0 9 * * *", prompt: "Summarise", createdAt: t0, recurring: true, permanent: true, ...own };
    await writeRaw(JSON.stringify({ tasks: [once, daily] }, null, 2));
    const store = new CronStore(ws.dir);
    expect(await store.list()).toEqual({ jobs: [once, daily] });
    const made = await store.create({ cron: "30 14 * * *", prompt: "mine", recurring: false, durable: true }, t0);
    expect(made).toEqual({ id: "cron-1", cron: "30 14 * * *", prompt: "mine", createdAt: t0 });
    expect(await readFileJson()).toEqual({ tasks: [once, daily, made], nextId: 2 });
    const at = local(2026, 1, 1, 8, 5);
    expect((await store.claimDue(at)).fired).toEqual([once]);
    expect((await store.claimDue(at + MINUTE)).fired).toEqual([]);
    expect((await store.claimDue(local(2026, 1, 1, 9, 0))).fired.map((j) => j.id)).toEqual(["e294a74f"]); // the daily one; the one-shot is gone
    expect((await readFileJson()).tasks).toEqual([{ ...daily, lastFiredAt: local(2026, 1, 1, 9, 0) }, made]);
  });
});
