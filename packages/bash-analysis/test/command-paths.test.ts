/**
 * The files a command names, read from its words (the program by name, wrappers removed): the
 * operands of programs known to read or change files, path-like words of any other program,
 * the paths spelled in code given on the command line — and when the files it reads cannot be
 * known from its words at all. (What s03 decides on them is in s03's fail-closed.test.ts.)
 */
import { mkdir, mkdtemp, rm, writeFile } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { pathsOf } from "../src/index.ts";

/** A folder with a `.env`, a `notes` file and a `src/` folder: some words name what exists. */
let dir: string;
beforeAll(async () => {
  dir = await mkdtemp(path.join(os.tmpdir(), "bash-analysis-paths-"));
  await writeFile(path.join(dir, ".env"), "KEY=x\n");
  await writeFile(path.join(dir, "notes"), "n\n");
  await mkdir(path.join(dir, "src"));
});
afterAll(() => rm(dir, { recursive: true, force: true }));

const of = (line: string) => pathsOf(line.split(" "), dir);

describe("programs whose operands are files they read: the operands, and nothing is changed", () => {
  it.each([
    ["cat -n notes.md ../x", ["notes.md", "../x"]],
    ["head -n 5 README.md", ["README.md"]], // options' values are told apart (option-specs.ts)
    ["grep TOKEN .env", [".env"]], // grep's first operand is its pattern
    ["grep -e TOKEN .env", [".env"]], // ...unless the pattern is given by -e
    ["jq .name package.json", ["package.json"]],
    ["cat -- -odd", ["-odd"]],
    ["ls", ["."]], // ls lists the folder it is in
  ])("%j names %j", (line, paths) => {
    expect(of(line)).toEqual({ paths, mayWrite: false });
  });
});

describe("programs whose operands are files they change", () => {
  it.each([
    ["tee out.txt", ["out.txt"]],
    ["cp a.txt ../b.txt", ["a.txt", "../b.txt"]],
    ["rm -rf build", ["build"]],
  ])("%j names %j, and may change them", (line, paths) => {
    expect(of(line)).toEqual({ paths, mayWrite: true });
  });
});

describe("programs that name no files", () => {
  it.each(["echo ../x /etc/passwd", "printf %s ../x", "date", ""])("%j names none", (line) => {
    expect(of(line)).toEqual({ paths: [], mayWrite: false });
  });
});

describe("any other program: the words that look like paths, or name something that exists", () => {
  it.each([
    ["npm test -- ./spec", ["./spec"]],
    ["make -C ../other all", ["../other"]],
    ["tool --out=../x", ["../x"]],
    ["tool notes src missing", ["notes", "src"]], // exists or not: `missing` could be anything
    ["curl https://example.invalid/a/b", []], // a URL is not a path
    ["git commit -m fix/the/thing", ["fix/the/thing"]],
  ])("%j names %j, and may change them", (line, paths) => {
    expect(of(line)).toEqual({ paths, mayWrite: true });
  });

  it("code given on the command line names the paths it spells", () => {
    expect(pathsOf(["node", "-e", "fs.readFileSync('.env')"], dir).paths).toEqual([".env"]);
    expect(pathsOf(["python3", "-c", "open('../x/y.txt')"], dir).paths).toEqual(["../x/y.txt"]);
    expect(pathsOf(["node", "app.js"], dir).paths).toEqual([]); // what a script opens, no reading of the line sees
  });

  it("`git config key value` writes the repository's config", () => {
    expect(of("git config user.name x").paths).toContain(".git/config");
    expect(of("git config --get user.name").paths).not.toContain(".git/config");
  });
});

describe("when the files it reads cannot be known from its words", () => {
  it.each([
    ["grep -rn TOKEN src", /grep reads every file under the folders/],
    ["rg TOKEN", /rg reads every file/],
    ["cp -a src dst", /cp reads every file/],
    ["git diff HEAD~1", /git diff prints the contents of files it does not name/],
    ["git log -p", /git log prints the contents/],
  ])("%j: %s", (line, why) => {
    expect(of(line).readsUnknown).toMatch(why);
  });

  it.each(["grep -n TOKEN notes", "git log --oneline", "git status"])("%j reads only what it names", (line) => {
    expect(of(line).readsUnknown).toBeUndefined();
  });
});
