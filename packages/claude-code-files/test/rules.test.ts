/**
 * Rules as written in settings.json: `Tool` or `Tool(specifier)`, Claude Code's names as
 * aliases, command patterns for bash and gitignore-style path patterns for the file tools.
 */
import { describe, expect, it } from "vitest";
import { commandPattern, parseRule, pathPattern, workspacePath } from "../src/index.ts";

describe("parsing a rule", () => {
  it.each([
    ["Bash", ["bash"]],
    ["Read", ["read_file"]],
    ["Write", ["write_file"]],
    ["Edit", ["edit_file", "write_file"]],
    ["Glob", ["glob"]],
    ["Grep", ["grep"]],
    ["bash", ["bash"]],
    ["write_file", ["write_file"]],
    ["todo_write", ["todo_write"]],
  ])("%s covers %j", (text, tools) => {
    expect(parseRule(text).tools).toEqual(tools);
  });

  it("a specifier becomes a matcher of the tool's kind", () => {
    expect(parseRule("Bash(npm test *)").command?.("npm test -- x")).toBe(true);
    expect(parseRule("Edit(src/**)").path?.({ relative: "src/a/b.js", absolute: "/ws/src/a/b.js" })).toBe(true);
    expect(parseRule("  Bash(ls)  ").text).toBe("Bash(ls)");
  });

  it.each([
    ["", /empty/],
    ["Bash(npm run", /missing the closing "\)"/],
    ["Bash()", /specifier is empty/],
    ["Ba sh", /expected Tool or Tool\(specifier\)/],
    ["mcp__github(x)", /MCP rules take no specifier/],
    ["Edit(!src)", /negation/],
    ["Bash(ls\nrm)", /one line/],
  ])("%j does not parse: %s", (text, message) => {
    expect(() => parseRule(text)).toThrow(message);
  });
});

describe("Bash command patterns", () => {
  it.each([
    ["npm test", "npm test", true],
    ["npm test", "npm test --watch", false],
    ["npm run test *", "npm run test", true],
    ["npm run test *", "npm run test -- --watch", true],
    ["npm run test *", "npm run testing", false],
    ["ls *", "ls -la", true],
    ["ls *", "lsof", false],
    ["git * main", "git push origin main", true],
    ["git * main", "git push origin dev", false],
    ["npm run test:*", "npm run test", true],
    ["npm run test:*", "npm run test --coverage", true],
    ["npm run test:*", "npm run testing", false],
    ["*", "anything at all", true],
    ["echo a.b", "echo axb", false],
    ["npm  test", "npm test", true],
  ])("%j vs %j → %s", (pattern, command, expected) => {
    expect(commandPattern(pattern)(command)).toBe(expected);
  });
});

describe("path patterns (gitignore-style, relative to the workspace)", () => {
  it.each([
    ["*.md", "README.md", true],
    ["*.md", "docs/guide.md", true],
    ["*.md", "notes.txt", false],
    ["src/**", "src/a/b.js", true],
    ["src/**", "test/a.js", false],
    ["./.env", ".env", true],
    ["./.env", "config/.env", false],
    [".env", "config/.env", true],
    [".env*", ".env.local", true],
    ["docs/", "docs/a/b.md", true],
    ["/shop/src/*.js", "shop/src/cart.js", true],
    ["/shop/src/*.js", "shop/src/deep/cart.js", false],
  ])("%j vs %j → %s", (pattern, file, expected) => {
    expect(pathPattern(pattern)({ relative: file, absolute: `/ws/${file}` })).toBe(expected);
  });

  it.each([
    ["src/a.js", "src/a.js"],
    ["./src/../b.js", "b.js"],
    ["/work/ws/c.js", "c.js"],
    ["../outside.js", undefined],
    ["/etc/passwd", undefined],
    [".", undefined],
    ["/work/ws-old/x", undefined],
  ])("the workspace path of %j is %j", (input, expected) => {
    expect(workspacePath("/work/ws", input)).toBe(expected);
  });

  it("a home rule matches in the home folder, an absolute one from the root", () => {
    const home = pathPattern("~/.ssh/**", "/home/ada");
    expect(home({ relative: undefined, absolute: "/home/ada/.ssh/id_ed25519" })).toBe(true);
    expect(home({ relative: ".ssh/id_ed25519", absolute: "/work/ws/.ssh/id_ed25519" })).toBe(false);
    const absolute = pathPattern("//etc/*.conf");
    expect(absolute({ relative: undefined, absolute: "/etc/resolv.conf" })).toBe(true);
    expect(absolute({ relative: "etc/resolv.conf", absolute: "/work/ws/etc/resolv.conf" })).toBe(false);
  });
});
