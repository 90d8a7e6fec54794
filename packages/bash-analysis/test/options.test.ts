/** Options read as GNU getopt reads them (options.ts), and sed scripts' files and commands (sed-script.ts). */
import { describe, expect, it } from "vitest";
import { parseCommandLine } from "../src/index.ts";
import { parseOptions } from "../src/options.ts";
import { readSedScript } from "../src/sed-script.ts";

const parsed = (line: string) => parseOptions(line.split(" "))!;

describe("every spelling of an option's value", () => {
  it.each([
    ["date -f .env", [".env"]],
    ["date -f.env", [".env"]],
    ["date --file=.env", [".env"]],
    ["date --file .env", [".env"]],
    ["date --fi=.env", [".env"]], // an unambiguous prefix, as getopt_long takes it
    ["date -uf .env", [".env"]], // clustered: the last takes the next word
    ["date -ufX", ["X"]],
    ["date -- -f", []], // after --, operands
    ["file -m a:b x", ["x", "a", "b"]], // file's magic list is colon-separated
  ])("%j reads %j", (line, read) => {
    const options = parsed(line);
    expect([...(line.startsWith("file") ? options.operands : []), ...options.read]).toEqual(read);
  });

  it.each([
    ["cp -t ../out a", ["../out"]],
    ["cp -t../out a", ["../out"]],
    ["cp -vt ../out a", ["../out"]],
    ["cp --target-directory=../out a", ["../out"]],
    ["cp a --target ../out", ["../out"]], // options after operands: GNU permutes
    ["sort -o x y", ["x"]],
    ["sort -rox y", ["x"]],
    ["tar cf x.tar dir", ["x.tar"]], // old-style: values follow in order
    ["find . -fprintf out %p", ["out"]],
  ])("%j writes %j", (line, written) => {
    expect(parsed(line).written).toEqual(written);
  });

  it("values that are not files stay apart from the operands", () => {
    expect(parsed("head -n 5 a").operands).toEqual(["a"]);
    expect(parsed("grep -e x -A 2 a").operands).toEqual(["a"]);
    expect(parsed("grep x a b").operands).toEqual(["a", "b"]); // the pattern is not a file
    expect(parsed("jq --arg k v .x a.json").operands).toEqual(["a.json"]);
    expect(parsed("head -5 a").operands).toEqual(["a"]);
  });

  it.each(["cat --frobnicate", "cat -Y", "ls --f", "date --r", "find . -fancy", "cat --number=3", "strings @opts"])("%j is not an option the course knows", (line) => {
    expect(parsed(line).unknown).toBeDefined();
  });

  it.each(["tar --checkpoint-action=exec=id -cf a b", "tar --to-command=id -xf a", "tar -I gzip -cf a b", "sort --compress-program=gzip a", "install --strip-program=x a b"])(
    "%j runs a program",
    (line) => expect(parsed(line).executes).toBeDefined(),
  );

  it("a program without a spec is left to the older rules", () => {
    expect(parseOptions(["npm", "test", "--", "x"])).toBeUndefined();
  });
});

describe("sed scripts", () => {
  it.each([
    ["w out", [], ["out"]],
    ["1,3w out; p", [], ["out; p"]], // a file name runs to the end of the line
    ["/x/W a\np", [], ["a"]],
    ["s/a/b/gw out", [], ["out"]],
    ["$r in\n1R in2", ["in", "in2"], []],
    ["w /dev/stdout", [], []],
    ["s/a/b/;s|x|y|g;/re/d;y/ab/cd/;:top;N;$!btop;{p;q}", [], []],
  ])("%j reads %j and writes %j", (script, read, written) => {
    const found = readSedScript(script);
    expect([found.read, found.written, found.executes]).toEqual([read, written, undefined]);
  });

  it.each(["e", "1e id", "s/x/id/e", "Z", "s/a/b", "s/a/b/q"])("%j runs a command or cannot be followed", (script) => {
    expect(readSedScript(script).executes).toBeDefined();
  });

  it("sed's script reaches the command line's analysis: `e` is opaque, an unknown option unapprovable", () => {
    expect(parseCommandLine("sed '1e id' a")[0]!.opaque).toMatch(/runs a command/);
    expect(parseCommandLine("cat --frobnicate a")[0]!.actsOnUnnamed).toMatch(/not an option the course knows/);
    expect(parseCommandLine("sed -i.bak s/a/b/ a")[0]!.respelled).toContain("sed -i .bak s/a/b/ a");
  });
});
