/**
 * Taking a command line apart before any rule sees it: compound commands, bash grammar,
 * quotes, substitutions, redirections, wrappers, nested shells — each the way bash would run
 * it. (The verdicts these lead to, in s03's permission pipeline, are in s03's test/bash-corpus.test.ts.)
 */
import { describe, expect, it } from "vitest";
import { parseCommandLine } from "../src/index.ts";
import { stripWrappers } from "../src/wrappers.ts";

const cores = (line: string) => parseCommandLine(line).map((c) => c.core);

describe("compound commands are split into simple commands", () => {
  it.each([
    ["npm test && rm -rf build", ["npm test", "rm -rf build"]],
    ["make || echo failed", ["make", "echo failed"]],
    ["cd src; ls", ["cd src", "ls"]],
    ["cat x | grep y | wc -l", ["cat x", "grep y", "wc -l"]],
    ["sleep 1 & echo started", ["sleep 1", "echo started"]],
    ["(cd shop && npm test)", ["cd shop", "npm test"]],
    ["echo one\nrm two", ["echo one", "rm two"]],
    ["npm \\\n  test", ["npm test"]],
    ["# just a comment", []],
    ["ls a#b; rm -rf x", ["ls a#b", "rm -rf x"]],
    ["echo hi # a comment\nrm x", ["echo hi", "rm x"]],
    ["{ ls; rm x; }", ["ls", "rm x"]],
    ["if a; then b; elif c; then d; else e; fi", ["a", "b", "c", "d", "e"]],
    ["for f in x y; do rm $f; done", ["rm $f"]],
    ["while a; do b; done", ["a", "b"]],
    ["case $x in a) b;; *) c;; esac", ["b", "c"]],
    ["f() { rm x; }", ["rm x"]],
    ["! rm x", ["rm x"]],
  ])("%j → %j", (line, expected) => {
    expect(cores(line)).toEqual(expected);
  });
});

describe("quoted arguments stay one word, operators inside them are text", () => {
  it.each([
    [`git commit -m "fix; rm -rf x"`, ["git commit -m fix; rm -rf x"]],
    [`echo 'a && b' && ls`, ["echo a && b", "ls"]],
    [`grep "a|b" file.txt`, ["grep a|b file.txt"]],
    [`echo "$HOME"`, ["echo $HOME"]],
  ])("%j → %j", (line, expected) => {
    expect(cores(line)).toEqual(expected);
  });
});

describe("command substitution hides a command: it is opaque, and its inner commands are listed", () => {
  it.each([
    ["echo $(rm -rf x)", "rm -rf x"],
    ["echo `whoami`", "whoami"],
    [`echo "today is $(date)"`, "date"],
    ["x=$(cat secret) && echo ok", "cat secret"],
    ["diff <(ls a) <(ls b)", "ls a"],
    [`bash -c "rm -rf build"`, "rm -rf build"],
    [`sh -c 'curl x | sh'`, "curl x"],
    ["eval rm -rf build", "rm -rf build"],
  ])("%j hides %j", (line, inner) => {
    const commands = parseCommandLine(line);
    expect(commands.some((c) => c.opaque !== undefined)).toBe(true);
    const hidden = commands.find((c) => c.core === inner);
    expect(hidden?.opaque).toBeDefined();
  });

  it.each([
    ["bash -lc 'rm x'", "rm x"],
    ["sh -ec 'rm x'", "rm x"],
    ["bash -c -l 'rm x'", "rm x"],
    ["/bin/bash -c 'rm x'", "rm x"],
    ["bash -o pipefail -c 'rm x'", "rm x"],
    [`eval "ls; rm x"`, "rm x"],
    ["trap 'rm x' EXIT", "rm x"],
  ])("nested shell %j runs %j", (line, inner) => {
    const commands = parseCommandLine(line);
    expect(commands[0]!.opaque).toBeDefined();
    expect(commands.find((c) => c.core === inner)?.opaque).toBe("it runs inside a nested shell");
  });

  it("single quotes make `$(x)` text; double quotes still run it", () => {
    expect(parseCommandLine("echo '$(x)'")).toEqual([{ text: "echo $(x)", core: "echo $(x)", words: ["echo", "$(x)"], writes: [], reads: [] }]);
    expect(parseCommandLine(`echo "$(x)"`).map((c) => c.core)).toEqual(["echo $(x)", "x"]);
  });

  it.each([
    ["$CMD x", /program it runs is not known in advance \(\$CMD\)/],
    ["/bin/r? x", /not known in advance/],
    ["eval ls", /eval/],
    ["source x.sh", /commands of a file/],
    ["echo ls | bash", /reads its commands from its input/],
    ["time { ls; }", /keyword/],
  ])("%j is opaque: %s", (line, why) => {
    expect(parseCommandLine(line).find((c) => c.opaque)?.opaque).toMatch(why);
  });

  it("a line bash cannot parse is opaque, and its likely commands are still listed for deny rules", () => {
    const commands = parseCommandLine("if true; then rm -rf x");
    expect(commands.every((c) => c.opaque?.startsWith("bash cannot parse it"))).toBe(true);
    expect(commands.map((c) => c.core)).toContain("rm -rf x");
  });

  it("a plain command is not opaque", () => {
    expect(parseCommandLine("npm test -- --watch").every((c) => c.opaque === undefined)).toBe(true);
  });
});

describe("redirections: the files a command writes", () => {
  it.each([
    ["echo x > out.txt", ["out.txt"]],
    ["echo x >> log/all.log", ["log/all.log"]],
    ["npm test &> test.log", ["test.log"]],
    ["echo x >| f", ["f"]],
    ["echo x > /etc/passwd", ["/etc/passwd"]],
    ["npm test 2>&1 | tee", []],
    ["echo x >&2", []],
    ["npm test > /dev/null 2>&1", []],
    ["sort < in.txt", []],
  ])("%j writes %j", (line, writes) => {
    expect(parseCommandLine(line).flatMap((c) => c.writes)).toEqual(writes);
  });

  it("a file descriptor number is not an argument: `cmd 2> err.txt` is `cmd`", () => {
    expect(parseCommandLine("npm test 2> err.txt")).toEqual([{ text: "npm test", core: "npm test", words: ["npm", "test"], writes: ["err.txt"], reads: [] }]);
  });

  it("a redirection to a glob cannot be known in advance: opaque", () => {
    expect(parseCommandLine("echo x > *.txt")[0]!.opaque).toMatch(/redirects/);
  });
});

describe("wrappers are stripped: rules match what really runs", () => {
  it.each([
    ["timeout 10 npm test", "npm test"],
    ["timeout -s KILL -k 5 30s npm test", "npm test"],
    ["nice -n 5 npm test", "npm test"],
    ["nice npm test", "npm test"],
    ["env FOO=1 BAR=2 npm test", "npm test"],
    ["env -i -u HOME npm test", "npm test"],
    ["FOO=1 npm test", "npm test"],
    [`FOO="a b" npm test`, "npm test"],
    ["nohup node server.js", "node server.js"],
    ["time npm test", "npm test"],
    ["timeout 5 nice -n 2 env A=1 npm test", "npm test"],
    ["env", "env"],
    ["FOO=1", "FOO=1"],
    ["timeout 5", "timeout 5"],
  ])("%j → %j", (line, core) => {
    expect(parseCommandLine(line)[0]!.core).toBe(core);
  });

  it.each([
    ["command rm x", "rm x"],
    ["exec rm x", "rm x"],
    ["builtin command rm x", "rm x"],
    ["stdbuf -oL rm x", "rm x"],
    ["setsid rm x", "rm x"],
    ["xargs -n 1 rm", "rm"],
    ["/usr/bin/env rm x", "rm x"],
    ["command -v rm", "command -v rm"],
  ])("%j → %j", (line, core) => {
    expect(parseCommandLine(line)[0]!.core).toBe(core);
  });

  it("the program is also known by its name: /bin/rm is rm (what deny rules and the refuse-list see)", () => {
    expect(parseCommandLine("timeout 5 /bin/rm -rf x")[0]).toMatchObject({ core: "/bin/rm -rf x", words: ["rm", "-rf", "x"] });
    expect(parseCommandLine(`"su""do" ls`)[0]!.words).toEqual(["sudo", "ls"]);
    expect(parseCommandLine("r\\m x")[0]!.words).toEqual(["rm", "x"]);
  });

  it("find -exec runs a command too", () => {
    expect(parseCommandLine("find . -exec rm {} +").map((c) => c.core)).toEqual(["find . -exec rm {} +", "rm {}"]);
  });

  it("keeps the full text too (deny rules look at both)", () => {
    expect(parseCommandLine("timeout 10 rm -rf x")[0]).toMatchObject({ text: "timeout 10 rm -rf x", core: "rm -rf x" });
  });

  it("stripWrappers works on words", () => {
    expect(stripWrappers(["nice", "-5", "make"])).toEqual(["make"]);
  });
});
