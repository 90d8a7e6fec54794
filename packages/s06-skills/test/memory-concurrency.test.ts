/**
 * Many writers, one folder: two stores in this process and one in another process save at
 * the same time. The lock makes each save one step, so the index lists every memory and
 * every file parses; without it, a save would rebuild the index from a listing taken before
 * another's file existed, and drop it. No assertion depends on speed.
 */
import { spawn } from "node:child_process";
import { readdir, readFile } from "node:fs/promises";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { beforeAll, describe, expect, it } from "vitest";
import { bundledForNode, useTempWorkspace } from "@learn/core/testing";
import { MemoryStore, parseMemoryFile } from "../src/memory/index.ts";

const ws = useTempWorkspace({ "README.md": "A workspace.\n" });
const packageDir = fileURLToPath(new URL("..", import.meta.url));
const storeModule = fileURLToPath(new URL("../src/memory/index.ts", import.meta.url));
/** The store, bundled before the test: the child starts on plain node, at once. */
let storeJs: string;
beforeAll(async () => {
  storeJs = await bundledForNode(storeModule);
});

const memory = (who: string, i: number) => ({ name: `${who} ${i}`, description: `saved by ${who}`, type: "project" as const, content: `fact ${i} from ${who}` });

/** Another Node process that saves `count` memories into `dir`; resolves with its exit code. */
function saveInAnotherProcess(dir: string, who: string, count: number): Promise<{ code: number | null; stderr: string }> {
  const code = `
    const { MemoryStore } = await import(${JSON.stringify(storeJs)});
    const store = await MemoryStore.open(${JSON.stringify(dir)});
    await Promise.all(Array.from({ length: ${count} }, (_, i) =>
      store.save({ name: "${who} " + i, description: "saved by ${who}", type: "project", content: "fact " + i + " from ${who}" })));
  `;
  const child = spawn(process.execPath, ["--input-type=module", "-e", code], { cwd: packageDir });
  let stderr = "";
  child.stderr.on("data", (chunk: Buffer) => (stderr += chunk.toString()));
  return new Promise((resolve) => child.on("exit", (exit) => resolve({ code: exit, stderr })));
}

describe("concurrent saves", () => {
  it("20 saves from two stores in this process and 10 from another process: every memory indexed, every file whole", async () => {
    const [a, b] = await Promise.all([MemoryStore.open(ws.dir), MemoryStore.open(ws.dir)]);
    const other = saveInAnotherProcess(ws.dir, "child", 10);
    await Promise.all([
      ...Array.from({ length: 10 }, (_, i) => a.save(memory("alpha", i))),
      ...Array.from({ length: 10 }, (_, i) => b.save(memory("beta", i))),
    ]);
    expect(await other).toEqual({ code: 0, stderr: "" });

    const folder = path.join(ws.dir, ".memory");
    const files = (await readdir(folder)).filter((f) => f !== "MEMORY.md");
    expect(files).toHaveLength(30); // no temp file and no lock left behind
    for (const file of files) {
      const parsed = parseMemoryFile(await readFile(path.join(folder, file), "utf8"));
      expect(parsed.content).toBe(`fact ${parsed.name.split(" ")[1]} from ${parsed.name.split(" ")[0]}`);
    }
    const index = await readFile(path.join(folder, "MEMORY.md"), "utf8");
    expect(index.trimEnd().split("\n")).toHaveLength(30);
    for (const who of ["alpha", "beta", "child"]) {
      for (let i = 0; i < 10; i++) expect(index).toContain(`- [${who} ${i}](${who}-${i}.md) (project) — saved by ${who}\n`);
    }
    // What was written last on disk is what a fresh look sees; a store that reloads catches up.
    const fresh = await MemoryStore.open(ws.dir);
    expect(fresh.index()).toBe(index);
    await a.reload();
    expect(a.list()).toHaveLength(30);
  });

  it("two stores saving the same name at once: one memory, one file, the index lists it once", async () => {
    const [a, b] = await Promise.all([MemoryStore.open(ws.dir), MemoryStore.open(ws.dir)]);
    const results = await Promise.all([a.save(memory("same", 1)), b.save({ ...memory("same", 1), content: "the other one" })]);
    expect(results.map((r) => r.created).sort()).toEqual([false, true]);
    expect((await readdir(path.join(ws.dir, ".memory"))).sort()).toEqual(["MEMORY.md", "same-1.md"]);
    expect(await readFile(path.join(ws.dir, ".memory", "MEMORY.md"), "utf8")).toBe("- [same 1](same-1.md) (project) — saved by same\n");
  });
});
