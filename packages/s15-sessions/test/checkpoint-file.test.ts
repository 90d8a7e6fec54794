/** The checkpoint list on disk (src/rewind/checkpoint-file.ts): what is written is what comes back; anything else is refused, saying why. */
import { mkdtemp, readFile, rm, symlink, writeFile } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { checkpointFile, loadCheckpoints, saveCheckpoints, type Checkpoint } from "../src/rewind/checkpoint-file.ts";

const SHA = "a".repeat(64);
let dir: string;
beforeEach(async () => void (dir = await mkdtemp(path.join(os.tmpdir(), "learn-s15-checkpoints-"))));
afterEach(() => rm(dir, { recursive: true, force: true }));

describe("the checkpoint list on disk", () => {
  it("comes back as written: hashes, a file that did not exist, a checkpoint with no after, a prompt with none", async () => {
    const list: (Checkpoint | undefined)[] = [];
    list[0] = { before: new Map([["a.txt", SHA], ["new.txt", undefined]]), after: new Map([["a.txt", "b".repeat(64)]]) };
    list[2] = { before: new Map([["a.txt", SHA]]) }; // prompt 2 (0-based) ran here; prompt 1 had no checkpoint
    await saveCheckpoints(dir, "s1", list);
    const loaded = await loadCheckpoints(dir, "s1");
    expect(loaded.problem).toBeUndefined();
    expect(loaded.list).toEqual([list[0], undefined, list[2]]);
    expect(JSON.parse(await readFile(checkpointFile(dir, "s1"), "utf8")).checkpoints[1]).toBeNull();
  });

  it("a session that kept none has none, and no problem", async () => {
    expect(await loadCheckpoints(dir, "never")).toEqual({ list: [] });
  });

  it.each([
    ["not JSON", "{ half"],
    ["a hash that is not one", JSON.stringify({ version: 1, checkpoints: [{ before: { "a.txt": "../../etc/passwd" } }] })],
    ["a path out of the workspace", JSON.stringify({ version: 1, checkpoints: [{ before: { "../outside.txt": null }, after: { "../outside.txt": SHA } }] })],
    ["an absolute path", JSON.stringify({ version: 1, checkpoints: [{ before: { "/etc/passwd": SHA } }] })],
    ["another version", JSON.stringify({ version: 2, checkpoints: [] })],
    ["a field it does not know", JSON.stringify({ version: 1, checkpoints: [], extra: true })],
  ])("%s: not trusted, and it says so", async (_what, text) => {
    await writeFile(checkpointFile(dir, "s1"), text);
    const loaded = await loadCheckpoints(dir, "s1");
    expect(loaded.list).toEqual([]);
    expect(loaded.problem).toMatch(/^The file checkpoints of session s1 in .* are not as this course writes them/);
  });

  it("a symbolic link where the list belongs is not followed", async () => {
    await writeFile(path.join(dir, "elsewhere.json"), JSON.stringify({ version: 1, checkpoints: [] }));
    await symlink(path.join(dir, "elsewhere.json"), checkpointFile(dir, "s1"));
    const loaded = await loadCheckpoints(dir, "s1");
    expect(loaded.list).toEqual([]);
    expect(loaded.problem).toMatch(/^The file checkpoints of session s1 cannot be read \(.*symbolic link/);
  });
});
