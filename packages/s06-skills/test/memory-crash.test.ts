/**
 * A save that dies half way. Every file is replaced by core's writeFileAtomic (temp file,
 * fsync, rename), so the last step — the rename — is the moment a change happens or does
 * not. Here the rename is made to fail, as if the process had died just before it: the old
 * file must be there, whole, and no temp file left behind. And because MEMORY.md is rebuilt
 * from the files, a save that died between the memory and the index heals on the next save.
 */
import { readdir, readFile } from "node:fs/promises";
import path from "node:path";
import { afterEach, describe, expect, it, vi } from "vitest";
import { useTempWorkspace } from "@learn/core/testing";
import { MemoryStore, parseMemoryFile } from "../src/memory/index.ts";

/** The renames still to let through before the next one fails; undefined: never fail. */
const crash = vi.hoisted(() => ({ after: undefined as number | undefined }));

vi.mock("node:fs/promises", async (importOriginal) => {
  const real = await importOriginal<typeof import("node:fs/promises")>();
  const rename: typeof real.rename = async (from, to) => {
    if (crash.after !== undefined && crash.after-- === 0) {
      crash.after = undefined;
      throw Object.assign(new Error("simulated crash before the rename"), { code: "EIO" });
    }
    return real.rename(from, to);
  };
  return { ...real, rename, default: { ...real, rename } };
});

afterEach(() => {
  crash.after = undefined;
});

const ws = useTempWorkspace({ "README.md": "A workspace.\n" });
const folder = () => path.join(ws.dir, ".memory");
const first = { name: "Test command", description: "How to run the tests", type: "project" as const, content: "pnpm test" };
const second = { name: "Prefers pnpm", description: "Never npm", type: "user" as const, content: "pnpm only" };

describe("a save that never reaches its rename", () => {
  it("of the memory file: the old memory is whole, the index unchanged, no temp file", async () => {
    const store = await MemoryStore.open(ws.dir);
    await store.save(first);
    const indexBefore = await readFile(path.join(folder(), "MEMORY.md"), "utf8");
    crash.after = 0;
    await expect(store.save({ ...first, content: "npm test" })).rejects.toThrow("simulated crash");
    expect(parseMemoryFile(await readFile(path.join(folder(), "test-command.md"), "utf8")).content).toBe("pnpm test");
    expect(await readFile(path.join(folder(), "MEMORY.md"), "utf8")).toBe(indexBefore);
    expect((await readdir(folder())).sort()).toEqual(["MEMORY.md", "test-command.md"]);
  });

  it("of the index: the memory is saved, the old index still parses, and the next save lists both", async () => {
    const store = await MemoryStore.open(ws.dir);
    await store.save(first);
    crash.after = 1; // the memory file's rename goes through, the index's does not
    await expect(store.save(second)).rejects.toThrow(
      /^saved \.memory\/prefers-pnpm\.md, but could not rewrite \.memory\/MEMORY\.md: simulated crash/,
    );
    expect(await readFile(path.join(folder(), "MEMORY.md"), "utf8")).toBe("- [Test command](test-command.md) (project) — How to run the tests\n");
    expect((await readdir(folder())).sort()).toEqual(["MEMORY.md", "prefers-pnpm.md", "test-command.md"]);
    // In memory, the store already knows it; on disk, the next save (or any reload) puts it in the index.
    expect(store.list().map((m) => m.name)).toEqual(["Prefers pnpm", "Test command"]);
    await store.save({ ...first, content: "pnpm -r test" });
    expect(await readFile(path.join(folder(), "MEMORY.md"), "utf8")).toBe(
      "- [Prefers pnpm](prefers-pnpm.md) (user) — Never npm\n- [Test command](test-command.md) (project) — How to run the tests\n",
    );
  });
});
