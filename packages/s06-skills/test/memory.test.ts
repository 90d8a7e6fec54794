/**
 * Memory: names made safe as file names, the file format read back as written, and the store
 * against a real folder — saving, replacing, the index (its exact text and its cap), files
 * written by hand, files that are broken, and things in the way of a save.
 */
import { mkdir, readdir, readFile, utimes, writeFile } from "node:fs/promises";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { useTempWorkspace } from "@learn/core/testing";
import {
  describeMemories,
  formatMemoryFile,
  MEMORY_INDEX_MAX_LINES,
  memoryCommand,
  memorySection,
  memorySlug,
  MemoryStore,
  NO_MEMORIES,
  parseMemoryFile,
} from "../src/memory/index.ts";

const ws = useTempWorkspace({ "README.md": "A workspace.\n" });
const memoryFile = (file: string) => path.join(ws.dir, ".memory", file);
const read = (file: string) => readFile(memoryFile(file), "utf8");

const testCommand = { name: "Test command", description: "How to run the tests", type: "project" as const, content: "Run `pnpm test` from the root." };

describe("memorySlug", () => {
  it.each([
    ["Test command", "test-command"],
    ["  Café  notes!! ", "cafe-notes"],
    ["../../etc/passwd", "etc-passwd"],
    ["/absolute/path.md", "absolute-path-md"],
    ["..", /^memory-[0-9a-f]{8}$/],
    [".", /^memory-[0-9a-f]{8}$/],
    ["日本語", /^memory-[0-9a-f]{8}$/],
    ["MEMORY", "memory-note"],
    ["memory.md", "memory-md"],
    ["NUL", "nul-note"],
    ["a\0b\\c", "a-b-c"],
  ])("%j → %s", (name, expected) => {
    const slug = memorySlug(name);
    if (typeof expected === "string") expect(slug).toBe(expected);
    else expect(slug).toMatch(expected);
    expect(slug).toMatch(/^[a-z0-9]+(-[a-z0-9]+)*$/);
  });

  it("is the same for the same name and different for names with nothing left or a long shared start", () => {
    expect(memorySlug("日本語")).toBe(memorySlug("日本語"));
    expect(memorySlug("日本語")).not.toBe(memorySlug("中文"));
    const long = "a very long memory name that goes on and on well past the limit of sixty";
    const a = memorySlug(`${long} one`);
    const b = memorySlug(`${long} two`);
    expect(a).not.toBe(b);
    expect(a.length).toBeLessThanOrEqual(60);
    expect(a).toMatch(/^a-very-long-memory-name-that-goes-on-and-on-well-pa-[0-9a-f]{8}$/);
  });
});

describe("memory files", () => {
  it("a formatted memory reads back as it was, quoting what YAML would misread", () => {
    const memory = { name: "Deploy: prod #1", description: `Don't deploy on "Fridays" — ${"x".repeat(150)}`, type: "feedback" as const, content: "Never on Friday.\n\nWhy: on-call." };
    expect(parseMemoryFile(formatMemoryFile(memory))).toEqual(memory);
    expect(formatMemoryFile(testCommand)).toBe(
      "---\nname: Test command\ndescription: How to run the tests\ntype: project\n---\nRun `pnpm test` from the root.\n",
    );
  });

  it("keys added by hand are ignored", () => {
    expect(parseMemoryFile("---\nname: n\ndescription: d\ntype: user\ntags: [a]\n---\nbody\n")).toMatchObject({ name: "n", content: "body" });
  });

  it.each([
    ["no frontmatter", "just text\n", /does not start with a frontmatter block/],
    ["YAML that does not parse", "---\n  name: x\nfoo: y\n---\nbody\n", /frontmatter is not valid YAML/],
    ["a list", "---\n- a\n---\nbody\n", /not a YAML mapping/],
    ["an unknown type", "---\nname: n\ndescription: d\ntype: secret\n---\nbody\n", /type: expected one of user, feedback, project, reference/],
    ["no description", "---\nname: n\ntype: user\n---\nbody\n", /description: /],
    ["a two-line description", "---\nname: n\ndescription: \"a\\nb\"\ntype: user\n---\nbody\n", /description: must be one line/],
    ["an empty body", "---\nname: n\ndescription: d\ntype: user\n---\n  \n", /its body, the memory itself, must not be empty/],
  ])("refuses %s", (_what, text, error) => expect(() => parseMemoryFile(text)).toThrow(error));
});

describe("MemoryStore", () => {
  it("starts empty without a folder, and creates nothing by opening", async () => {
    const store = await MemoryStore.open(ws.dir);
    expect(store.list()).toEqual([]);
    expect(store.index()).toBe("");
    expect(store.problems).toEqual([]);
    expect(await readdir(ws.dir)).toEqual(["README.md"]);
  });

  it("saves a memory file and MEMORY.md, and lists and indexes it", async () => {
    const store = await MemoryStore.open(ws.dir);
    const saved = await store.save(testCommand);
    expect(saved).toEqual({ created: true, memory: { name: "Test command", description: "How to run the tests", type: "project", file: "test-command.md" } });
    await store.save({ name: "Prefers pnpm", description: "The user wants pnpm, never npm", type: "user", content: "Use pnpm." });

    const index =
      "- [Prefers pnpm](prefers-pnpm.md) (user) — The user wants pnpm, never npm\n" +
      "- [Test command](test-command.md) (project) — How to run the tests\n";
    expect(store.index()).toBe(index);
    expect(await read("MEMORY.md")).toBe(index);
    expect(store.list().map((m) => m.name)).toEqual(["Prefers pnpm", "Test command"]);
    expect(parseMemoryFile(await read("test-command.md"))).toEqual(testCommand);
    // Nothing else was left in the folder: no temp file, no lock.
    expect((await readdir(path.join(ws.dir, ".memory"))).sort()).toEqual(["MEMORY.md", "prefers-pnpm.md", "test-command.md"]);

    const again = await MemoryStore.open(ws.dir);
    expect(again.list()).toEqual(store.list());
    expect(again.index()).toBe(index);
  });

  it("saving the same name replaces that memory; a different name with the same slug is another memory, in its own file", async () => {
    const store = await MemoryStore.open(ws.dir);
    await store.save(testCommand);
    const updated = await store.save({ ...testCommand, description: "Tests run with vitest", content: "pnpm test" });
    expect(updated).toMatchObject({ created: false, memory: { file: "test-command.md", description: "Tests run with vitest" } });
    expect(store.fileFor("test-command")).toBe("test-command-2.md");
    const other = await store.save({ ...testCommand, name: "test-command", content: "pnpm -r test" });
    expect(other).toMatchObject({ created: true, memory: { name: "test-command", file: "test-command-2.md" } });
    expect(store.list().map((m) => [m.name, m.file])).toEqual([["Test command", "test-command.md"], ["test-command", "test-command-2.md"]]);
    expect(await read("test-command.md")).toContain("pnpm test");
    expect(await read("test-command-2.md")).toContain("pnpm -r test");
    // Each name keeps its own file from now on, whichever is saved again.
    await store.save({ ...testCommand, content: "pnpm test --run" });
    expect(await read("test-command.md")).toContain("pnpm test --run");
    expect(await read("test-command-2.md")).toContain("pnpm -r test");
    expect(store.fileFor("test-command")).toBe("test-command-2.md");
  });

  it("a name made of path tricks is written inside .memory/ under its slug", async () => {
    const store = await MemoryStore.open(ws.dir);
    const { memory } = await store.save({ ...testCommand, name: "../../etc/passwd" });
    expect(memory.file).toBe("etc-passwd.md");
    expect(parseMemoryFile(await read("etc-passwd.md")).name).toBe("../../etc/passwd");
    expect(store.fileFor("../../etc/passwd")).toBe("etc-passwd.md");
  });

  it("picks up hand-written files, reports broken ones by file and reason, and indexes only the good ones", async () => {
    await mkdir(path.join(ws.dir, ".memory"));
    await writeFile(memoryFile("by-hand.md"), "---\nname: Written by hand\ndescription: A person wrote this\ntype: reference\n---\nDashboards are at grafana.\n");
    await writeFile(memoryFile("broken.md"), "---\nname: Broken\ntype: user\n---\nbody\n");
    await writeFile(memoryFile("latin1.md"), Buffer.from("---\nname: caf\xe9\ndescription: d\ntype: user\n---\nbody\n", "latin1"));
    await writeFile(memoryFile("twin.md"), "---\nname: Written by hand\ndescription: Same name\ntype: user\n---\nbody\n");
    await mkdir(memoryFile("folder.md"));
    await writeFile(memoryFile("notes.txt"), "not a memory");
    await writeFile(memoryFile(".by-hand.md.4711.0123456789ab.tmp"), "---\nhalf a wri"); // a writer died here

    const store = await MemoryStore.open(ws.dir);
    expect(store.list()).toEqual([{ name: "Written by hand", description: "A person wrote this", type: "reference", file: "by-hand.md" }]);
    expect(store.problems).toEqual([
      ".memory/broken.md: skipped: its frontmatter is wrong: description: Invalid input: expected string, received undefined",
      ".memory/folder.md: skipped: not a regular file (a folder, a symlink or a device)",
      ".memory/latin1.md: skipped: it is not UTF-8 text",
      '.memory/twin.md: skipped: the name "Written by hand" is already used by .memory/by-hand.md',
    ]);

    // A save keeps the hand-written memory in the index, and leaves the broken files as they were.
    await store.save(testCommand);
    expect(await read("MEMORY.md")).toBe(
      "- [Test command](test-command.md) (project) — How to run the tests\n" +
        "- [Written by hand](by-hand.md) (reference) — A person wrote this\n",
    );
    expect(await read("broken.md")).toBe("---\nname: Broken\ntype: user\n---\nbody\n");
    expect(store.problems).toHaveLength(4);
  });

  it("never overwrites a file that is not the memory being saved: a broken file with its name is left, the new one gets -2", async () => {
    await mkdir(path.join(ws.dir, ".memory"));
    await writeFile(memoryFile("test-command.md"), "half-edited by hand, no frontmatter\n");
    const store = await MemoryStore.open(ws.dir);
    const { memory, created } = await store.save(testCommand);
    expect({ file: memory.file, created }).toEqual({ file: "test-command-2.md", created: true });
    expect(await read("test-command.md")).toBe("half-edited by hand, no frontmatter\n");
  });

  it(`caps the index at ${MEMORY_INDEX_MAX_LINES} lines, leaving out the least recently saved`, async () => {
    await mkdir(path.join(ws.dir, ".memory"));
    const total = MEMORY_INDEX_MAX_LINES + 5;
    for (let i = 0; i < total; i++) {
      const n = String(i).padStart(3, "0");
      await writeFile(memoryFile(`m${n}.md`), formatMemoryFile({ name: `m${n}`, description: `memory ${n}`, type: "project", content: "x" }));
      // m000 is the oldest, m204 the newest.
      await utimes(memoryFile(`m${n}.md`), 1_000_000 + i, 1_000_000 + i);
    }
    const store = await MemoryStore.open(ws.dir);
    const lines = store.index().trimEnd().split("\n");
    expect(lines).toHaveLength(MEMORY_INDEX_MAX_LINES);
    expect(lines[0]).toBe("- [m006](m006.md) (project) — memory 006");
    expect(lines.at(-2)).toBe("- [m204](m204.md) (project) — memory 204");
    expect(lines.at(-1)).toBe("(6 older memories are left out of this index; their files are still in this folder.)");
    expect(store.list()).toHaveLength(total);

    // Saving an old one again makes it recent: it comes back, and the next oldest goes.
    await store.save({ name: "m000", description: "memory 000, again", type: "project", content: "y" });
    const saved = (await read("MEMORY.md")).trimEnd().split("\n");
    expect(saved).toHaveLength(MEMORY_INDEX_MAX_LINES);
    expect(saved.slice(0, 2)).toEqual(["- [m000](m000.md) (project) — memory 000, again", "- [m007](m007.md) (project) — memory 007"]);
  });

  it("a name or description with Markdown in it stays one link on one line", async () => {
    const store = await MemoryStore.open(ws.dir);
    await store.save({ ...testCommand, name: "The [weird] one\\" });
    expect(store.index()).toBe("- [The \\[weird\\] one\\\\](the-weird-one.md) (project) — How to run the tests\n");
  });
});

describe("things in the way of a save", () => {
  it("a file named .memory: a clear error, the file untouched, and reported on open", async () => {
    await writeFile(path.join(ws.dir, ".memory"), "mine\n");
    const store = await MemoryStore.open(ws.dir);
    expect(store.problems).toEqual([".memory: is a file, not a folder: no memories can be loaded or saved until it is moved away"]);
    await expect(store.save(testCommand)).rejects.toThrow(/^\.memory is a file, not a folder, so no memory can be saved; it was left as it is/);
    expect(await readFile(path.join(ws.dir, ".memory"), "utf8")).toBe("mine\n");
  });

  it("MEMORY.md a folder: a clear error, and no memory file written", async () => {
    await mkdir(memoryFile("MEMORY.md"), { recursive: true });
    await writeFile(memoryFile("MEMORY.md/keep.txt"), "keep");
    const store = await MemoryStore.open(ws.dir);
    await expect(store.save(testCommand)).rejects.toThrow(/\.memory\/MEMORY\.md is not a regular file .*nothing was saved/);
    expect((await readdir(path.join(ws.dir, ".memory"))).sort()).toEqual(["MEMORY.md"]);
    expect(await read("MEMORY.md/keep.txt")).toBe("keep");
  });

  it("bad input to save: which field and why, nothing written", async () => {
    const store = await MemoryStore.open(ws.dir);
    await expect(store.save({ ...testCommand, description: "two\nlines" })).rejects.toThrow("cannot save this memory: description: must be one line");
    await expect(store.save({ ...testCommand, content: " " })).rejects.toThrow("content: must not be empty");
    expect(await readdir(ws.dir)).toEqual(["README.md"]);
  });
});

describe("the prompt section and /memory", () => {
  it("no memories: no section; with memories, what they are, when to save, and the index", async () => {
    expect(memorySection("")).toBeUndefined();
    const store = await MemoryStore.open(ws.dir);
    await store.save(testCommand);
    const section = memorySection(store.index())!;
    expect(section).toMatch(/^Memories saved in earlier sessions, one file each in \.memory\/; this is their index \(\.memory\/MEMORY\.md\)\./);
    expect(section).toMatch(/not what the code or git history already say\.\n\n- \[Test command\]\(test-command\.md\) \(project\) — How to run the tests$/);
  });

  it("/memory lists each memory and what could not be loaded, read fresh from disk", async () => {
    const store = await MemoryStore.open(ws.dir);
    const command = memoryCommand(store);
    expect(await command.run("")).toBe(NO_MEMORIES);
    // Another process saves, and someone breaks a file: /memory shows both.
    await (await MemoryStore.open(ws.dir)).save(testCommand);
    await writeFile(memoryFile("bad.md"), "nope\n");
    expect(await command.run("")).toBe(
      [
        "1 memory in .memory/:",
        "  Test command [project] — How to run the tests  (test-command.md)",
        "Not loaded:",
        "  .memory/bad.md: skipped: it does not start with a frontmatter block (a line ---, YAML, a line ---)",
      ].join("\n"),
    );
    expect(describeMemories(store)).toContain("Test command");
  });
});
