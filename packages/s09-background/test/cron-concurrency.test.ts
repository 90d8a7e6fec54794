/**
 * Two sessions on one workspace must never both run the same scheduled prompt. Claiming is
 * a read-modify-write of the jobs file under its lock, so however the claims interleave —
 * two stores in this process, or several Node processes — each run is claimed once. No
 * assertion depends on speed: only on what was claimed, in total.
 */
import { spawn } from "node:child_process";
import { readFile } from "node:fs/promises";
import { fileURLToPath } from "node:url";
import { beforeAll, describe, expect, it } from "vitest";
import { bundledForNode, useTempWorkspace } from "@learn/core/testing";
import { CronStore } from "../src/cron/index.ts";

const ws = useTempWorkspace({ "README.md": "A workspace.\n" });
const packageDir = fileURLToPath(new URL("..", import.meta.url));
const cronModule = fileURLToPath(new URL("../src/cron/index.ts", import.meta.url));
const MINUTE = 60_000;
// Thursday 1 January 2026, 00:00:30 local time: job `${m} 0 * * *` comes due m minutes later.
const base = new Date(2026, 0, 1, 0, 0, 30).getTime();
const range = (n: number) => Array.from({ length: n }, (_, i) => i + 1);

/** 40 one-shots, due one a minute from base + 1 minute, and one job that recurs every minute. */
async function scheduleMany(store: CronStore) {
  for (const m of range(40)) await store.create({ cron: `${m} 0 * * *`, prompt: `one-shot ${m}`, recurring: false, durable: true }, base);
  await store.create({ cron: "* * * * *", prompt: "every minute", recurring: true, durable: true }, base);
}

/** The cron store, bundled before the tests: each child starts on plain node, at once. */
let cronJs: string;
beforeAll(async () => {
  cronJs = await bundledForNode(cronModule);
});

/** A Node process claiming at each of `nows` in turn; prints what it fired as JSON. */
function claimer(dir: string, nows: number[]): Promise<{ code: number | null; fired: { id: string; at: number }[]; stderr: string }> {
  const code = `
    const { CronStore } = await import(${JSON.stringify(cronJs)});
    const store = new CronStore(${JSON.stringify(dir)});
    const fired = [];
    for (const now of ${JSON.stringify(nows)}) {
      for (const job of (await store.claimDue(now)).fired) fired.push({ id: job.id, at: now });
    }
    process.stdout.write(JSON.stringify(fired));
  `;
  const child = spawn(process.execPath, ["--input-type=module", "-e", code], { cwd: packageDir });
  let stdout = "";
  let stderr = "";
  child.stdout.on("data", (chunk: Buffer) => (stdout += chunk.toString()));
  child.stderr.on("data", (chunk: Buffer) => (stderr += chunk.toString()));
  return new Promise((resolve) => child.on("exit", (exit) => resolve({ code: exit, fired: stdout ? JSON.parse(stdout) : [], stderr })));
}

describe("claiming due jobs from two sessions at once", () => {
  it("two stores in this process, 45 rounds at the same moment: every run claimed exactly once", async () => {
    const [a, b] = [new CronStore(ws.dir), new CronStore(ws.dir)];
    await scheduleMany(a);
    const fired: { id: string; at: number }[] = [];
    for (const m of range(45)) {
      const now = base + m * MINUTE;
      const claims = await Promise.all([a.claimDue(now), b.claimDue(now), a.claimDue(now), b.claimDue(now)]);
      for (const claim of claims) fired.push(...claim.fired.map((job) => ({ id: job.id, at: now })));
      // This minute's one-shot and the recurring job, each by exactly one of the four claims.
      expect(fired.filter((f) => f.at === now).map((f) => f.id).sort()).toEqual(m <= 40 ? [`cron-${m}`, "cron-41"].sort() : ["cron-41"]);
    }
    expect(fired).toHaveLength(40 + 45);
    expect((await a.list()).jobs.map((j) => j.id)).toEqual(["cron-41"]);
  });

  it("three Node processes claiming through the same minutes: no run claimed twice, no one-shot lost", async () => {
    await scheduleMany(new CronStore(ws.dir));
    const nows = range(45).map((m) => base + m * MINUTE);
    const results = await Promise.all([1, 2, 3].map(() => claimer(ws.dir, nows)));
    for (const result of results) expect({ code: result.code, stderr: result.stderr }).toEqual({ code: 0, stderr: "" });
    const fired = results.flatMap((r) => r.fired);
    // Every one-shot exactly once, whichever process took it.
    expect(fired.filter((f) => f.id !== "cron-41").map((f) => f.id).sort()).toEqual(range(40).map((m) => `cron-${m}`).sort());
    // The recurring job at most once per minute: a process that lags behind finds it already fired later.
    const recurring = fired.filter((f) => f.id === "cron-41").map((f) => f.at);
    expect(new Set(recurring).size).toBe(recurring.length);
    expect(recurring.length).toBeGreaterThan(0);
    const saved = JSON.parse(await readFile(new CronStore(ws.dir).file, "utf8"));
    expect(saved.tasks.map((j: { id: string }) => j.id)).toEqual(["cron-41"]);
    expect(saved.tasks[0].lastFiredAt).toBe(Math.max(...recurring));
  });

  it("concurrent creates from two stores lose no job and share no id", async () => {
    const stores = [new CronStore(ws.dir), new CronStore(ws.dir)];
    const jobs = await Promise.all(
      range(40).map((i) => stores[i % 2]!.create({ cron: "0 9 * * *", prompt: `job ${i}`, recurring: true, durable: true }, base)),
    );
    expect(jobs.map((j) => j.id).sort()).toEqual(range(40).map((i) => `cron-${i}`).sort());
    const listed = (await stores[0]!.list()).jobs;
    expect(listed.map((j) => j.prompt).sort()).toEqual(range(40).map((i) => `job ${i}`).sort());
  });
});
