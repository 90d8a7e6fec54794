/**
 * The transcript a hook reads lives in the shared temp folder, so its folder must be this
 * user's own: a folder of that name that is a link, or open to others, gets no transcript.
 */
import { chmod, mkdir, mkdtemp, readFile, rm, stat, symlink } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { writeTranscript } from "../src/command-hooks/transcript.ts";

let dir: string;
afterEach(() => rm(dir, { recursive: true, force: true }));

describe("the hook transcript's folder", () => {
  it("is made private (0700) and holds the conversation, one message a line", async () => {
    dir = await mkdtemp(path.join(os.tmpdir(), "hook-transcript-"));
    const file = path.join(dir, "hooks", "s.jsonl");
    await writeTranscript(file, [{ role: "user", content: "go" }]);
    expect((await stat(path.dirname(file))).mode & 0o777).toBe(0o700);
    expect(await readFile(file, "utf8")).toBe('{"role":"user","content":"go"}\n');
  });

  it("a link in its place, or a folder open to others, is refused and nothing is written", async () => {
    dir = await mkdtemp(path.join(os.tmpdir(), "hook-transcript-"));
    const elsewhere = path.join(dir, "elsewhere");
    await mkdir(elsewhere);
    await symlink(elsewhere, path.join(dir, "linked"));
    await expect(writeTranscript(path.join(dir, "linked", "s.jsonl"), [])).rejects.toThrow(/not a private folder of this user/);
    const open = path.join(dir, "open");
    await mkdir(open);
    await chmod(open, 0o777);
    await expect(writeTranscript(path.join(open, "s.jsonl"), [])).rejects.toThrow(/not a private folder of this user/);
    await expect(readFile(path.join(elsewhere, "s.jsonl"))).rejects.toThrow(/ENOENT/);
  });
});
