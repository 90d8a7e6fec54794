/**
 * Which commands only read and print (read-only.ts): the program and its options decide, and
 * only a command written plainly counts. Where its files are is the caller's check (s03).
 */
import { describe, expect, it } from "vitest";
import { notFileCommand, notReadOnly, parseCommandLine } from "../src/index.ts";

const verdicts = (line: string) => parseCommandLine(line).map(notReadOnly);

describe("read-only commands", () => {
  it.each([
    "cat notes.md", "head -n 3 notes.md", "tail notes.md", "wc -l notes.md", "grep -rn TODO src", "ls -la", "pwd", "date",
    "echo hi", "which node", "node --version", "git status", "git log --oneline", "git diff HEAD", "git show", "git branch",
    "find . -name '*.js'", "sort notes.md", "cat notes.md | wc -l", "cd src && cat a.js", "echo hi 2>/dev/null",
  ])("%j only reads", (line) => {
    expect(verdicts(line)).toEqual(verdicts(line).map(() => undefined));
  });
});

describe("commands that change something, run something else, or cannot be seen", () => {
  it.each([
    ["echo hi > out.txt", /writes to out.txt/],
    ["find . -delete", /-delete/],
    ["find . -exec rm {} ;", /-exec/],
    ["find . -fprint out", /-fprint/],
    ["sort -o out notes.md", /-o/],
    ["sort --output=out notes.md", /--output/],
    ["rg --pre ./x TODO", /--pre/],
    ["date -s 2020-01-01", /-s/],
    ["git diff --output=x", /--output/],
    ["git -c core.pager=x log", /not a git command known/],
    ["git branch new", /not a git command known/],
    ["git commit -m x", /not a git command known/],
    ["node app.js", /not known to only read/],
    ["rm canary.txt", /not a command known/],
    ["uniq a b", /not a command known/],
    ["LD_PRELOAD=x.so cat notes.md", /wrapper or a variable assignment/],
    ["timeout 5 cat notes.md", /wrapper/],
    ["./cat notes.md", /named by a path/],
    ["/usr/bin/cat notes.md", /named by a path/],
    ["cat $(echo x)", /substitution/],
    ["eval cat x", /./],
  ])("%j is not read-only (%s)", (line, why) => {
    expect(verdicts(line).some((v) => v !== undefined && why.test(v))).toBe(true);
  });
});

describe("file commands (acceptEdits): mv, cp, touch, mkdir written plainly, and read-only ones", () => {
  it.each(["mv a b", "cp a b", "touch x", "mkdir -p d/e", "mkdir -m 700 d", "cat x && touch y", "echo hi > out.txt"])("%j qualifies", (line) => {
    expect(parseCommandLine(line).map(notFileCommand)).toEqual(parseCommandLine(line).map(() => undefined));
  });
  // cp, mv and touch with any option are asked, as Claude Code asks ("cp with flags requires manual approval")
  it.each(["rm x", "sed -i s/a/b/ x", "ln -s a b", "chmod +x a", "FOO=1 touch x", "touch $(echo x)", "cp -r a b", "cp -p a b", "mv -f a b", "cp -- a b", "touch -c x"])("%j does not", (line) => {
    expect(parseCommandLine(line).map(notFileCommand).some((v) => v !== undefined)).toBe(true);
  });
});
