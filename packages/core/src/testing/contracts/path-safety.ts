/**
 * Contract: no file tool reads or writes outside the workspace.
 *
 * Each case drives the agent with one scripted call that tries to get out — `..`, an absolute
 * path, a symlink inside that points outside, a sibling folder that shares the workspace's
 * prefix (`/tmp/x/ws-old` next to `/tmp/x/ws`), a null byte — then checks two things: the
 * model got an error it can understand, and nothing outside changed or was created.
 *
 * And the check must not refuse what is inside: a name that merely starts with two dots
 * (`..notes`, `..foo/bar`) is a file of the workspace, not a step out of it.
 */
import { mkdir, readdir, readFile, rm, symlink, writeFile } from "node:fs/promises";
import path from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { tempWorkspace, type TempWorkspace } from "../temp-workspace.ts";
import { runCalls, type ContractLesson, type ContractOptions } from "./drive.ts";

/** What the model must be told: why the path was refused. */
const REFUSAL = /escapes the workspace|outside the workspace|null byte/i;
const SECRET = "TOP SECRET";
/** grep's pattern for it: a "no matches" answer quotes the pattern, and must not look like a leak. */
const SECRET_PATTERN = "TOP\\s+SECRET";
const OUTSIDE_FILE = "outside-only.txt";
/** The content of the files inside whose names start with `..`. */
const DOTTED = "dotted but inside";

interface Fixture {
  ws: TempWorkspace;
  /** A folder next to the workspace. */
  outside: string;
  /** A folder whose name starts with the workspace's: `<ws>-old`. */
  sibling: string;
}

interface Case {
  tool: string;
  what: string;
  input(f: Fixture): Record<string, unknown>;
  /** A search may answer normally, as long as nothing from outside shows up in it. */
  mayAnswer: boolean;
}

/** A call that must be refused. */
const refused = (tool: string, what: string, input: Case["input"]): Case => ({ tool, what, input, mayAnswer: false });
/** A search that may answer, but must not see outside. */
const searched = (tool: string, what: string, input: Case["input"]): Case => ({ tool, what, input, mayAnswer: true });

async function makeFixture(): Promise<Fixture> {
  const ws = await tempWorkspace({ "inside.txt": "inside\n", "..notes": `${DOTTED}\n`, "..foo/bar.txt": `${DOTTED}\n` });
  const outside = `${ws.dir}-outside`;
  const sibling = `${ws.dir}-old`;
  for (const dir of [outside, sibling]) {
    await mkdir(dir);
    await writeFile(path.join(dir, OUTSIDE_FILE), `${SECRET}\n`);
  }
  await symlink(outside, path.join(ws.dir, "link"));
  await symlink(path.join(outside, OUTSIDE_FILE), path.join(ws.dir, "file-link.txt"));
  await symlink(path.join(outside, "created.txt"), path.join(ws.dir, "dangling-link.txt"));
  return { ws, outside, sibling };
}

/** Every file outside the workspace, with its content: compared before and after each call. */
async function outsideState(f: Fixture): Promise<Record<string, string>> {
  const state: Record<string, string> = {};
  for (const dir of [f.outside, f.sibling]) {
    for (const name of await readdir(dir)) state[path.join(dir, name)] = await readFile(path.join(dir, name), "utf8");
  }
  return state;
}

/** The ways out, as paths a file tool might be given. */
const escapes: { what: string; target(f: Fixture, file: string): string }[] = [
  { what: "a .. path", target: (f, file) => `../${path.basename(f.outside)}/${file}` },
  { what: "an absolute path outside", target: (f, file) => path.join(f.outside, file) },
  { what: "a symlinked folder inside pointing outside", target: (_f, file) => `link/${file}` },
  { what: "a sibling folder sharing the workspace's prefix", target: (f, file) => path.join(f.sibling, file) },
  { what: "a sibling folder reached with ..", target: (f, file) => `../${path.basename(f.sibling)}/${file}` },
  { what: "a null byte", target: (_f, file) => `${file}\0.txt` },
];

const cases: Case[] = [
  ...escapes.map((e) => refused("read_file", e.what, (f) => ({ path: e.target(f, OUTSIDE_FILE) }))),
  refused("read_file", "a symlinked file inside pointing outside", () => ({ path: "file-link.txt" })),

  ...escapes.map((e) => refused("write_file", e.what, (f) => ({ path: e.target(f, "created.txt"), content: "written" }))),
  refused("write_file", "a symlinked file inside pointing outside", () => ({ path: "file-link.txt", content: "overwritten" })),
  refused("write_file", "a dangling symlink inside pointing outside", () => ({ path: "dangling-link.txt", content: "written" })),

  ...escapes.map((e) => refused("edit_file", e.what, (f) => ({ path: e.target(f, OUTSIDE_FILE), old_text: SECRET, new_text: "EDITED" }))),
  refused("edit_file", "a symlinked file inside pointing outside", () => ({ path: "file-link.txt", old_text: SECRET, new_text: "EDITED" })),

  ...escapes.map((e) => refused("glob", `path: ${e.what}`, (f) => ({ pattern: "*", path: e.target(f, "") }))),
  refused("glob", "a pattern climbing out with ..", (f) => ({ pattern: `../${path.basename(f.outside)}/*` })),
  refused("glob", "an absolute pattern", (f) => ({ pattern: `${f.outside}/*` })),
  searched("glob", "a pattern through a symlinked folder", () => ({ pattern: "link/*" })),
  searched("glob", "a search of everything", () => ({ pattern: "**/*" })),

  ...escapes.map((e) => refused("grep", `path: ${e.what}`, (f) => ({ pattern: SECRET_PATTERN, path: e.target(f, OUTSIDE_FILE) }))),
  refused("grep", "path: a symlinked file inside pointing outside", () => ({ pattern: SECRET_PATTERN, path: "file-link.txt" })),
  refused("grep", "a glob climbing out with ..", (f) => ({ pattern: SECRET_PATTERN, glob: `../${path.basename(f.outside)}/*` })),
  searched("grep", "a glob through a symlinked folder", () => ({ pattern: SECRET_PATTERN, glob: "link/*" })),
  searched("grep", "a search of everything", () => ({ pattern: SECRET_PATTERN })),
];

/** Calls on names that start with `..`: each must succeed; what it answers (and writes) is checked. */
const dottedNames: { tool: string; input: Record<string, unknown>; answer: RegExp; writes?: [string, string] }[] = [
  { tool: "read_file", input: { path: "..notes" }, answer: new RegExp(`^\\s+1\\t${DOTTED}$`) },
  { tool: "read_file", input: { path: "..foo/bar.txt" }, answer: new RegExp(`^\\s+1\\t${DOTTED}$`) },
  {
    tool: "write_file",
    input: { path: "..foo/new.txt", content: "new" },
    answer: /^Wrote 3 bytes to \.\.foo\/new\.txt$/,
    writes: ["..foo/new.txt", "new"],
  },
  {
    tool: "edit_file",
    input: { path: "..notes", old_text: "dotted", new_text: "edited" },
    answer: /^Replaced 1 occurrence in \.\.notes$/,
    writes: ["..notes", "edited but inside\n"],
  },
  { tool: "glob", input: { pattern: "..*/**" }, answer: /^\.\.foo\/bar\.txt$/ },
  { tool: "grep", input: { pattern: "dotted", path: "..foo" }, answer: /^\.\.foo\/bar\.txt:1: dotted but inside$/ },
];

export function pathSafetyContract(lesson: ContractLesson, options: ContractOptions = {}): void {
  describe("contract: no file tool reads or writes outside the workspace", () => {
    let f: Fixture;
    beforeEach(async () => {
      f = await makeFixture();
    });
    afterEach(async () => {
      await f.ws.cleanup();
      await Promise.all([f.outside, f.sibling].map((dir) => rm(dir, { recursive: true, force: true })));
    });

    for (const c of cases) {
      it(`${c.tool}: ${c.what}`, async () => {
        const before = await outsideState(f);
        const [result, ...extra] = await runCalls(lesson, f.ws.dir, [{ name: c.tool, input: c.input(f) }], options);
        expect(extra).toHaveLength(0);
        expect(result).toBeDefined();
        if (!c.mayAnswer) {
          expect(result!.isError).toBe(true);
          expect(result!.content).toMatch(REFUSAL);
        }
        // Nothing from outside reached the model (a refusal may quote the path it was given,
        // a search must not list it), and nothing outside changed.
        expect(result!.content.includes(SECRET)).toBe(false);
        if (c.mayAnswer) expect(result!.content.includes(OUTSIDE_FILE)).toBe(false);
        expect(await outsideState(f)).toEqual(before);
      });
    }

    for (const d of dottedNames) {
      it(`${d.tool}: a name starting with .. is inside (${JSON.stringify(d.input)})`, async () => {
        const before = await outsideState(f);
        const [result] = await runCalls(lesson, f.ws.dir, [{ name: d.tool, input: d.input }], options);
        expect(result).toMatchObject({ isError: false });
        expect(result!.content).toMatch(d.answer);
        if (d.writes) expect(await readFile(path.join(f.ws.dir, d.writes[0]), "utf8")).toBe(d.writes[1]);
        expect(await outsideState(f)).toEqual(before);
      });
    }
  });
}
