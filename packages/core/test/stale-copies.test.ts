/** The demo's earlier temporary copies go when a new demo of the lesson starts; nothing else does. */
import { mkdir, mkdtemp, readdir, rm, utimes, writeFile } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { afterEach, expect, it } from "vitest";
import { removeStaleCopies, STALE_COPY_MS } from "../src/app/stale-copies.ts";

let tmp: string;
afterEach(() => rm(tmp, { recursive: true, force: true }));

it("removes this lesson's demo copies untouched for ten minutes, and only those", async () => {
  tmp = await mkdtemp(path.join(os.tmpdir(), "stale-copies-"));
  const now = Date.now();
  const old = new Date(now - STALE_COPY_MS - 60_000);
  const make = async (name: string, time?: Date) => {
    await mkdir(path.join(tmp, name, "shop"), { recursive: true });
    if (time) await utimes(path.join(tmp, name), time, time);
  };
  await make("learn-s01-demo-Ab12Cd", old); // an earlier demo of s01: goes
  await make("learn-s01-demo-Xy34Zw"); // a demo running now: stays
  await make("learn-s02-demo-Ab12Cd", old); // another lesson's: stays
  await make("learn-s01-demo-notes", old); // not a name mkdtemp makes: stays
  await make("learn-s01-start-Ab12Cd", old); // a session's copy, not a demo's: stays
  await writeFile(path.join(tmp, "learn-s01-demo-Qq11Ww"), "a file, not a copy");
  await utimes(path.join(tmp, "learn-s01-demo-Qq11Ww"), old, old);

  expect(await removeStaleCopies("s01-demo", now, tmp)).toEqual([path.join(tmp, "learn-s01-demo-Ab12Cd")]);
  expect((await readdir(tmp)).sort()).toEqual([
    "learn-s01-demo-Qq11Ww",
    "learn-s01-demo-Xy34Zw",
    "learn-s01-demo-notes",
    "learn-s01-start-Ab12Cd",
    "learn-s02-demo-Ab12Cd",
  ]);
});

it("a temporary folder it cannot read is no error", async () => {
  tmp = path.join(os.tmpdir(), "stale-copies-missing-folder");
  expect(await removeStaleCopies("s01-demo", Date.now(), tmp)).toEqual([]);
});
