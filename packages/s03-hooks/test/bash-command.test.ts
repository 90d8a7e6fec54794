/**
 * Taking a command line apart before any rule sees it: compound commands, quotes,
 * substitutions, redirections, wrappers — each the way bash would run it.
 */
import { describe, expect, it } from "vitest";
import { parseCommandLine, stripWrappers } from "../src/index.ts";

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
    expect(parseCommandLine("npm test 2> err.txt")).toEqual([{ text: "npm test", core: "npm test", words: ["npm", "test"], writes: ["err.txt"] }]);
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

  it("keeps the full text too (deny rules look at both)", () => {
    expect(parseCommandLine("timeout 10 rm -rf x")[0]).toMatchObject({ text: "timeout 10 rm -rf x", core: "rm -rf x" });
  });

  it("stripWrappers works on words", () => {
    expect(stripWrappers(["nice", "-5", "make"])).toEqual(["make"]);
  });
});
