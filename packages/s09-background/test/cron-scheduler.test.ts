/**
 * The scheduler between the jobs file and the agent: what a tick submits and tells, that a
 * problem is told once, that a failing store or a slow tick never breaks it, which jobs a
 * run should wait for, and that start() really ticks. The clock is a number the test moves.
 */
import { mkdir, writeFile } from "node:fs/promises";
import path from "node:path";
import { describe, expect, it, vi } from "vitest";
import { useTempWorkspace } from "@learn/core/testing";
import { CRON_MAX_AGE_MS, CronConsent, CronScheduler, CronStore, scaledClock, type CronClaim, type CronJob, type MayFire } from "../src/cron/index.ts";

const ws = useTempWorkspace({ "README.md": "A workspace.\n" });
const MINUTE = 60_000;
// Thursday 1 January 2026, 08:02:30 local time.
const t0 = new Date(2026, 0, 1, 8, 2, 30).getTime();

function setup(store: CronStore = new CronStore(ws.dir), tickMs?: number) {
  const clock = { t: t0, now: () => clock.t };
  const submitted: { prompt: string; source: string }[] = [];
  const notices: string[] = [];
  const scheduler = new CronScheduler({
    store,
    consent: new CronConsent(store, false),
    clock,
    submit: (prompt, { source }) => void submitted.push({ prompt, source }),
    notice: (text) => void notices.push(text),
    ...(tickMs ? { tickMs } : {}),
  });
  return { store, clock, scheduler, submitted, notices };
}

const brokenFile = async (text: string) => {
  await mkdir(path.join(ws.dir, ".claude"), { recursive: true });
  await writeFile(path.join(ws.dir, ".claude", "scheduled_tasks.json"), text);
};

describe("CronScheduler.tick", () => {
  it("submits each due prompt with where it came from, once", async () => {
    const { store, clock, scheduler, submitted, notices } = setup();
    await store.create({ cron: "5 8 * * *", prompt: "Check the deploy", recurring: false, durable: true }, t0);
    await store.create({ cron: "*/5 * * * *", prompt: "Look at the queue", recurring: true, durable: true }, t0);
    await scheduler.tick();
    expect(submitted).toEqual([]);
    clock.t = t0 + 3 * MINUTE; // 08:05:30
    await scheduler.tick();
    await scheduler.tick();
    expect(submitted).toEqual([
      { prompt: "Check the deploy", source: "cron job cron-1" },
      { prompt: "Look at the queue", source: "cron job cron-2" },
    ]);
    expect(notices).toEqual([]);
  });

  it("tells when a recurring job expires", async () => {
    const { store, clock, scheduler, submitted, notices } = setup();
    await store.create({ cron: "0 9 * * *", prompt: "Daily summary", recurring: true, durable: true }, t0);
    clock.t = t0 + CRON_MAX_AGE_MS;
    await scheduler.tick();
    expect(submitted).toEqual([]);
    expect(notices).toEqual(["Cron job cron-1 expired after 7 days and was removed: 0 9 * * * · Daily summary"]);
  });

  it("tells a broken file once, not every tick, and again when the problem changes", async () => {
    const { scheduler, notices } = setup();
    await brokenFile("{");
    await scheduler.tick();
    await scheduler.tick();
    expect(notices).toHaveLength(1);
    expect(notices[0]).toMatch(/^\.claude\/scheduled_tasks\.json is broken \(line 1, column 2: .*\): no scheduled job runs until it is fixed or deleted\.$/);
    await brokenFile(JSON.stringify({ tasks: [] })); // fixed
    await scheduler.tick();
    await brokenFile("[]"); // broken another way
    await scheduler.tick();
    await scheduler.tick();
    expect(notices).toHaveLength(2);
    expect(notices[1]).toContain("not the expected shape");
  });

  it("a store that throws is told once and tried again; the tick never rejects", async () => {
    let failing = true;
    const real = new CronStore(ws.dir);
    const flaky = {
      claimDue: async (now: number, mayFire: MayFire) => {
        if (failing) throw new Error("could not lock the file");
        return real.claimDue(now, mayFire);
      },
      madeHere: (job: CronJob) => real.madeHere(job),
    } as unknown as CronStore;
    const { clock, scheduler, submitted, notices } = setup(flaky);
    await real.create({ cron: "5 8 * * *", prompt: "once", recurring: false, durable: true }, t0);
    clock.t = t0 + 3 * MINUTE;
    await scheduler.tick();
    await scheduler.tick();
    expect(notices).toEqual(["Scheduled jobs could not be checked (could not lock the file); trying again."]);
    failing = false;
    await scheduler.tick();
    expect(submitted).toEqual([{ prompt: "once", source: "cron job cron-1" }]);
  });

  it("a prompt that cannot be queued is told, and the other due jobs still are", async () => {
    const store = new CronStore(ws.dir);
    const notices: string[] = [];
    const submitted: string[] = [];
    const scheduler = new CronScheduler({
      store,
      consent: new CronConsent(store, false),
      clock: { now: () => t0 + 3 * MINUTE },
      submit: (prompt) => {
        if (prompt === "first") throw new Error("the agent is closed");
        submitted.push(prompt);
      },
      notice: (text) => void notices.push(text),
    });
    await store.create({ cron: "5 8 * * *", prompt: "first", recurring: false, durable: true }, t0);
    await store.create({ cron: "5 8 * * *", prompt: "second", recurring: false, durable: true }, t0);
    await scheduler.tick();
    expect(submitted).toEqual(["second"]);
    expect(notices).toEqual(["Cron job cron-1 fired, but its prompt could not be queued: the agent is closed"]);
  });

  it("does not overlap ticks: a tick while one runs is skipped", async () => {
    let calls = 0;
    let finish!: (claim: CronClaim) => void;
    const slow = {
      claimDue: () => {
        calls++;
        return new Promise<CronClaim>((resolve) => (finish = resolve));
      },
    } as unknown as CronStore;
    const { scheduler } = setup(slow);
    const first = scheduler.tick();
    await scheduler.tick(); // returns at once: the first is still running
    expect(calls).toBe(1);
    finish({ fired: [], expired: [], jobs: [] });
    await first;
    const third = scheduler.tick();
    expect(calls).toBe(2);
    finish({ fired: [], expired: [], jobs: [] });
    await third;
  });
});

describe("jobs on disk this session did not make (CronConsent)", () => {
  const other = async (prompt: string) => {
    const earlier = new CronStore(ws.dir); // an earlier session's store
    return earlier.create({ cron: "5 8 * * *", prompt, recurring: false, durable: true }, t0);
  };
  const withConsent = (interactive: boolean) => {
    const store = new CronStore(ws.dir);
    const clock = { t: t0 + 3 * MINUTE, now: () => clock.t }; // 08:05:30: due
    const submitted: string[] = [];
    const notices: string[] = [];
    const consent = new CronConsent(store, interactive);
    const scheduler = new CronScheduler({ store, consent, clock, submit: (prompt) => void submitted.push(prompt), notice: (text) => void notices.push(text) });
    return { store, consent, scheduler, submitted, notices };
  };

  it("without a terminal: shown once, never fired, and a run does not wait for it", async () => {
    await other("not yours");
    const { scheduler, submitted, notices } = withConsent(false);
    await scheduler.tick();
    await scheduler.tick();
    expect(submitted).toEqual([]);
    expect(notices).toEqual([expect.stringMatching(/^1 scheduled prompt in \.claude\/scheduled_tasks\.json, not made in this session; not run without a person at the terminal \(--print\):\n {2}cron-1 · 5 8 \* \* \* · once · next due now · not yours\n/)]);
    expect(scheduler.dueWithin(60 * MINUTE)).toBe(false);
  });

  it("in the REPL: shown first, fired by a later tick; edited on disk after that, it is a new job: shown again before it fires", async () => {
    await other("first version");
    const { scheduler, submitted, notices } = withConsent(true);
    await scheduler.tick(); // shows it
    expect([submitted, notices.length]).toEqual([[], 1]);
    expect(notices[0]).toContain("it runs when due, as a turn of its own:\n  cron-1 · 5 8 * * * · once · next due now · first version");
    await scheduler.tick(); // fires it
    expect(submitted).toEqual(["first version"]);

    const file = path.join(ws.dir, ".claude", "scheduled_tasks.json");
    const edited = { tasks: [{ id: "cron-1", cron: "5 8 * * *", prompt: "second version", createdAt: t0, recurring: true }], nextId: 2 };
    await writeFile(file, JSON.stringify(edited)); // same id, another prompt
    await scheduler.tick();
    expect(submitted).toEqual(["first version"]);
    expect(notices.at(-1)).toContain("second version");
    await scheduler.tick();
    expect(submitted).toEqual(["first version", "second version"]);
  });

  it("a job this session made fires at once; the store knows it by its whole identity", async () => {
    const { store, scheduler, submitted, notices } = withConsent(false);
    const job = await store.create({ cron: "5 8 * * *", prompt: "mine", recurring: false, durable: true }, t0);
    expect(store.madeHere(job)).toBe(true);
    expect(store.madeHere({ ...job, prompt: "changed on disk" })).toBe(false);
    await scheduler.tick();
    expect(submitted).toEqual(["mine"]);
    expect(notices).toEqual([]);
  });
});

describe("CronScheduler.dueWithin", () => {
  it("is true only for a one-shot due within the time given, by the jobs the last tick read", async () => {
    const { store, clock, scheduler } = setup();
    await store.create({ cron: "3 8 * * *", prompt: "soon, every day", recurring: true, durable: true }, t0); // 08:03
    await store.create({ cron: "10 8 * * *", prompt: "later, once", recurring: false, durable: true }, t0); // 08:10
    expect(scheduler.dueWithin(60 * MINUTE)).toBe(false); // no tick has read the file yet
    await scheduler.tick();
    expect(scheduler.dueWithin(MINUTE)).toBe(false); // only the recurring one is that close
    expect(scheduler.dueWithin(7 * MINUTE)).toBe(false); // 08:09:30
    expect(scheduler.dueWithin(7.5 * MINUTE)).toBe(true); // 08:10:00
    clock.t = t0 + 8 * MINUTE; // 08:10:30: due now, fired by the next tick
    expect(scheduler.dueWithin(0)).toBe(true);
    await scheduler.tick();
    expect(scheduler.dueWithin(60 * MINUTE)).toBe(false); // fired and gone
  });
});

describe("CronScheduler.start", () => {
  it("ticks at once and then on its timer, until stop()", async () => {
    const store = new CronStore(ws.dir);
    const clock = { t: t0, now: () => clock.t };
    await store.create({ cron: "5 8 * * *", prompt: "first", recurring: false, durable: true }, t0);
    await store.create({ cron: "6 8 * * *", prompt: "second", recurring: false, durable: true }, t0);
    const submitted: string[] = [];
    let arrived: () => void = () => {};
    const scheduler = new CronScheduler({
      store,
      consent: new CronConsent(store, false),
      clock,
      submit: (prompt) => {
        submitted.push(prompt);
        arrived();
      },
      notice: () => {},
      tickMs: 10,
    });
    const next = () => new Promise<void>((resolve) => (arrived = resolve));
    clock.t = t0 + 3 * MINUTE; // 08:05:30: the first is due
    let got = next();
    scheduler.start();
    await got;
    clock.t = t0 + 4 * MINUTE; // 08:06:30: the second is due, for a later tick of the timer
    got = next();
    await got;
    scheduler.stop();
    expect(submitted).toEqual(["first", "second"]);
  });
});

describe("scaledClock", () => {
  it("runs `scale` times faster than real time from its start", () => {
    vi.useFakeTimers({ now: t0 });
    try {
      const clock = scaledClock(60);
      expect(clock.now()).toBe(t0);
      vi.advanceTimersByTime(1000); // one real second…
      expect(clock.now()).toBe(t0 + MINUTE); // …is a minute for the scheduler
    } finally {
      vi.useRealTimers();
    }
  });
});

describe("CronScheduler.refresh", () => {
  it("looks again after the tick in progress, and says it is looking until then: a job made meanwhile is known", async () => {
    const { store, scheduler } = setup();
    await scheduler.tick(); // no jobs yet
    expect(scheduler.looking).toBe(false);
    await store.create({ cron: "5 8 * * *", prompt: "Check the deploy", recurring: false, durable: true }, t0);
    expect(scheduler.dueWithin(5 * 60_000)).toBe(false); // the last tick's jobs: stale
    const refreshing = scheduler.refresh();
    expect(scheduler.looking).toBe(true);
    await refreshing;
    expect(scheduler.looking).toBe(false);
    expect(scheduler.dueWithin(5 * 60_000)).toBe(true);
  });
});
