/**
 * Paths judged as the kernel opens them (issue 36, items 2 and 4a). With a link `docs/up -> ..`,
 * `docs/up/../.env` is the file above the workspace, though `path.resolve` says `docs/.env`; and
 * `/proc/self/cwd/../.env`, `/proc/self/environ` or a hard link to the key's env file are the
 * key by another name. Before, each of these read the key or wrote outside the workspace.
 *
 * The layout, all under a temp folder:
 *
 *   root/.env                     the key's env file (a canary)
 *   root/ws/                      the workspace
 *   root/ws/.env                  a Read-denied file (another canary)
 *   root/ws/docs/up -> ..         the workspace again: docs/up/.. is root/
 *   root/ws/deep/a/b -> ../../docs    deep/a/b/.. is the workspace
 *   root/ws/copy.txt              a hard link to root/.env
 */
import { link, mkdir, mkdtemp, readFile, realpath, rm, symlink, writeFile } from "node:fs/promises";
import { existsSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { runLessonCli, scriptedAgent, toolResultsOf } from "@learn/core/testing";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { decide, lesson, parseRule, policyFor, readableUnder, type PermissionMode, type RuleList } from "../src/index.ts";
import type { Behavior } from "../src/permissions/decision.ts";
import { bash, callOf, never, scriptOf, writeSettings } from "./helpers.ts";

type Rules = Partial<Record<RuleList, string[]>>;

const ABOVE = "ANTHROPIC_API_KEY=sk-canary-above-the-workspace";
const INSIDE = "API_TOKEN=canary-in-the-workspace";

let root: string;
let ws: string;
beforeEach(async () => {
  root = await realpath(await mkdtemp(path.join(os.tmpdir(), "learn-kernel-paths-")));
  ws = path.join(root, "ws");
  await mkdir(path.join(ws, "docs"), { recursive: true });
  await mkdir(path.join(ws, "deep/a"), { recursive: true });
  await writeFile(path.join(root, ".env"), `${ABOVE}\n`);
  await writeFile(path.join(ws, ".env"), `${INSIDE}\n`);
  await writeFile(path.join(ws, "README.md"), "hello\n");
  await symlink("..", path.join(ws, "docs/up"));
  await symlink("../../docs", path.join(ws, "deep/a/b"));
  await link(path.join(root, ".env"), path.join(ws, "copy.txt"));
});
afterEach(() => rm(root, { recursive: true, force: true }));

function judged(call: ReturnType<typeof callOf>, rules: Rules, mode: PermissionMode, secretFiles: string[] = []): Behavior {
  const parsed = { deny: (rules.deny ?? []).map(parseRule), ask: (rules.ask ?? []).map(parseRule), allow: (rules.allow ?? []).map(parseRule) };
  return decide(call, policyFor({ rules: parsed, degraded: false, secretFiles }, mode, ".claude/settings.json").policy, ws).behavior;
}

/** Run the calls through the lesson's agent (no terminal: an "ask" is a refusal); the results the model saw. */
async function run(calls: { name: string; input: Record<string, unknown> }[], mode: PermissionMode, permissions: Rules = {}) {
  await writeSettings(ws, { permissions });
  const { agent, simulator } = await scriptedAgent(lesson, scriptOf(calls), ws, { flags: { "permission-mode": mode } });
  await agent.run("look around", never());
  return toolResultsOf(simulator.requests[1]!.body);
}

const leaked = (text: string) => [ABOVE, INSIDE].some((canary) => text.includes(canary) || text.includes(Buffer.from(`${canary}\n`).toString("base64")));

describe("link/.. is judged where the kernel goes", () => {
  it.each<PermissionMode>(["plan", "default", "acceptEdits"])("base64 -w0 docs/up/../.env is refused in %s mode", async (mode) => {
    const [result] = await run([{ name: "bash", input: { command: "base64 -w0 docs/up/../.env" } }], mode);
    expect(result!.isError).toBe(true);
    expect(leaked(result!.content)).toBe(false);
  });

  it.each<PermissionMode>(["default", "bypassPermissions"])("cat deep/a/b/../.env is refused under Read(./.env) in %s mode", async (mode) => {
    const [result] = await run([{ name: "bash", input: { command: "cat deep/a/b/../.env" } }], mode, { deny: ["Read(./.env)"], allow: ["Bash(cat *)"] });
    expect(result).toMatchObject({ isError: true, content: expect.stringContaining("Read(./.env)") });
    expect(leaked(result!.content)).toBe(false);
  });

  it.each<PermissionMode>(["default", "acceptEdits"])("cat README.md > deep/a/b/../../w17.md writes nothing outside in %s mode", async (mode) => {
    const [result] = await run([{ name: "bash", input: { command: "cat README.md > deep/a/b/../../w17.md" } }], mode, { allow: ["Bash(cat *)", "Edit(*.md)"] });
    expect(result!.isError).toBe(true);
    expect(existsSync(path.join(root, "w17.md"))).toBe(false);
  });

  it("cd docs/up && cat ../.env: after a cd through a link, `..` is the kernel's", async () => {
    const [result] = await run([{ name: "bash", input: { command: "cd docs/up && cat ../.env" } }], "default", { allow: ["Bash(cd *)", "Bash(cat *)"] });
    expect(result!.isError).toBe(true);
    expect(leaked(result!.content)).toBe(false);
  });

  it("pnpm's relative links: node_modules/@learn/core/../../.env is the repository's .env", async () => {
    await mkdir(path.join(ws, "packages/core"), { recursive: true });
    await mkdir(path.join(ws, "node_modules/@learn"), { recursive: true });
    await symlink("../../packages/core", path.join(ws, "node_modules/@learn/core"));
    for (const mode of ["plan", "default", "bypassPermissions"] as const) {
      expect(judged(bash("base64 -w0 node_modules/@learn/core/../../.env"), {}, mode, [path.join(ws, ".env")]), mode).toBe("deny");
    }
  });

  it("an option's value is placed the same way", () => {
    const key = [path.join(root, ".env")];
    expect(judged(bash("date -f docs/up/../.env"), {}, "bypassPermissions", key)).toBe("deny");
    expect(judged(bash("date --file=deep/a/b/../.env"), { deny: ["Read(./.env)"] }, "bypassPermissions")).toBe("deny");
    expect(judged(bash("cp -t deep/a/b/../.. README.md"), { allow: ["Bash(cp *)"] }, "acceptEdits")).toBe("ask");
  });

  it("a pattern through link/.. is not expanded as text: bash lists the folder the kernel finds", async () => {
    await writeFile(path.join(root, "outside.txt"), "outside\n");
    await writeFile(path.join(ws, "docs/inside.txt"), "inside\n");
    expect(judged(bash("cat docs/up/../*.txt"), {}, "default")).toBe("ask"); // a glob library says docs/inside.txt
    expect(judged(bash("cat docs/up/../.e*"), {}, "bypassPermissions", [path.join(root, ".env")])).toBe("ask"); // it may be the key's file
    expect(judged(bash("cat docs/*.txt"), {}, "default")).toBe("allow");
  });

  it.each(["cd docs/up/.. && cat .env", "cd deep/a/b && cd ../.. && cat .env", "cd docs/up && cat ../.env"])(
    "%s: a cd through a link is not followed by guess (bash's cd reads `..` as text, the kernel does not)",
    (line) => {
      expect(judged(bash(line), { allow: ["Bash(cd *)", "Bash(cat *)"] }, "default")).toBe("ask");
    },
  );

  it.each<PermissionMode>(["default", "bypassPermissions"])("the file tools through link/.. in %s mode", async (mode) => {
    const results = await run(
      [
        { name: "read_file", input: { path: "docs/up/../.env" } },
        { name: "write_file", input: { path: "deep/a/b/../../w17.md", content: "x" } },
        { name: "edit_file", input: { path: "docs/up/../.env", old_text: "sk-canary", new_text: "changed" } },
        { name: "edit_file", input: { path: "deep/a/b/../.env", old_text: "canary", new_text: "changed" } },
        { name: "read_file", input: { path: "deep/a/b/../README.md" } }, // the workspace's README, as bash would read it
      ],
      mode,
      { deny: ["Read(./.env)"], allow: ["Read", "Edit(*.md)"] },
    );
    for (const result of results.slice(0, 4)) {
      expect(result.isError).toBe(true);
      expect(leaked(result.content)).toBe(false);
    }
    expect(results[3]!.content).toContain("Read(./.env)");
    expect(results[4]).toMatchObject({ isError: false, content: expect.stringContaining("hello") });
    expect(existsSync(path.join(root, "w17.md")) || existsSync(path.join(ws, "deep/w17.md"))).toBe(false);
    expect(await readFile(path.join(root, ".env"), "utf8")).toBe(`${ABOVE}\n`);
    expect(await readFile(path.join(ws, ".env"), "utf8")).toBe(`${INSIDE}\n`);
  });
});

describe("kernel paths are secret in every mode, with or without an env file", () => {
  it("through the agent in bypassPermissions, with no rule and no env file loaded", async () => {
    const lines = ["cat /proc/self/cwd/../.env", "cat /proc/self/environ", "cat /proc/$PPID/environ", "base64 /dev/fd/3", "cat /proc/1/root/etc/hostname"];
    const results = await run(lines.map((command) => ({ name: "bash", input: { command } })), "bypassPermissions");
    results.forEach((result, i) => {
      expect(result, lines[i]).toMatchObject({ isError: true, content: expect.stringMatching(/kernel path/) });
      expect(leaked(result.content)).toBe(false);
    });
  });

  it.each<[string, ReturnType<typeof callOf>]>([
    ["/proc/<pid>/mem", bash("head -c 10 /proc/1/mem")],
    ["/proc/<pid>/cwd/…", bash("cat /proc/1/cwd/.env")],
    ["/proc/<pid>/task/<tid>/environ", bash("cat /proc/1/task/1/environ")],
    ["/proc/self/fd/…", bash("cat /proc/self/fd/9")],
    ["/proc/thread-self/…", bash("cat /proc/thread-self/environ")],
    ["a redirection into /proc/self", bash("echo x > /proc/self/mem")],
    ["read_file", callOf("read_file", { path: "/proc/self/environ" })],
    ["grep", callOf("grep", { pattern: "KEY", path: "/proc/self/cwd/../.env" })],
  ])("%s is denied in bypassPermissions", (_what, call) => {
    expect(judged(call, { allow: ["Bash", "Read", "Grep"] }, "bypassPermissions")).toBe("deny");
  });

  it("a command's own streams are not kernel secrets", () => {
    expect(judged(bash("echo hi | tee /dev/stderr"), { allow: ["Bash"] }, "bypassPermissions")).toBe("allow");
    expect(judged(bash("cat /proc/cpuinfo"), { allow: ["Bash"] }, "bypassPermissions")).toBe("allow");
  });

  it.each<[string, ReturnType<typeof callOf>]>([
    ["cat", bash("cat copy.txt")],
    ["base64", bash("base64 -w0 copy.txt")],
    ["read_file", callOf("read_file", { path: "copy.txt" })],
    ["grep", callOf("grep", { pattern: "KEY", path: "copy.txt" })],
  ])("a hard link to the key's env file is it (%s), in every mode", (_what, call) => {
    for (const mode of ["default", "acceptEdits", "bypassPermissions"] as const) {
      expect(judged(call, { allow: ["Bash", "Read", "Grep"] }, mode, [path.join(root, ".env")]), mode).toBe("deny");
    }
  });

  it("the read guard hides the hard link from searches", () => {
    const parsed = { deny: [], ask: [], allow: [] };
    const policy = policyFor({ rules: parsed, degraded: false, secretFiles: [path.join(root, ".env")] }, "bypassPermissions", ".claude/settings.json").policy;
    const readable = readableUnder(policy, ws);
    expect(readable(path.join(ws, "copy.txt"))).toBe(false);
    expect(readable(path.join(ws, "README.md"))).toBe(true);
  });

  it.each(["ln -s .. x && cat x/../.env", "mv docs/up x && base64 -w0 x/../.env", "cat new/../.env"])(
    "%s: `..` after a name not there yet is asked, in bypassPermissions too (it may be a link by then)",
    (line) => {
      expect(judged(bash(line), { allow: ["Bash"] }, "bypassPermissions", [path.join(root, ".env")])).toBe("ask");
    },
  );

  it("a loop of links is asked, not guessed", async () => {
    await symlink("hop", path.join(ws, "hop"));
    expect(judged(bash("cat hop/x"), { allow: ["Bash"] }, "bypassPermissions")).toBe("ask");
  });
});

describe("through the lesson's command line, with the key loaded from root/.env (bypassPermissions)", () => {
  const pkg = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
  const KEY = "sk-ant-canary-kernel-paths-0123456789";

  it("no encoding of the key file leaves by link/.., /proc or a hard link", async () => {
    await writeFile(path.join(root, ".env"), `ANTHROPIC_API_KEY=${KEY}\n`);
    const lines = [
      "base64 -w0 docs/up/../.env",
      "od -An -c deep/a/b/../../.env",
      "base64 -w0 /proc/self/cwd/../.env",
      "base64 -w0 copy.txt", // the hard link
      "xxd -p /proc/self/environ",
    ];
    const turns = [
      { content: [...lines.map((command) => ({ type: "tool_use", name: "bash", input: { command } })), { type: "tool_use", name: "read_file", input: { path: "copy.txt" } }] },
      { content: [{ type: "text", text: "Done." }] },
    ];
    await writeFile(path.join(root, "script.json"), JSON.stringify({ prompt: "probe", turns }));
    const trace = path.join(root, "trace.jsonl");
    const cli = await runLessonCli(
      pkg,
      ["--", "--print", "probe", "--cwd", ws, "--permission-mode", "bypassPermissions", "--model-script", path.join(root, "script.json"), "--trace", trace],
      { env: { ANTHROPIC_API_KEY: KEY, LEARN_ENV_FILE: path.join(root, ".env") } },
    );
    expect(cli.code, cli.stdout + cli.stderr).toBe(0);
    const traceText = await readFile(trace, "utf8");
    const content = `ANTHROPIC_API_KEY=${KEY}\n`;
    const encodings = [KEY, Buffer.from(content).toString("base64"), Buffer.from(content).toString("hex"), "s   k   -   a   n   t"];
    for (const encoded of encodings) {
      expect(traceText).not.toContain(encoded);
      expect(cli.stdout + cli.stderr).not.toContain(encoded);
    }
    expect(traceText.match(/Denied: /g)?.length ?? 0).toBeGreaterThanOrEqual(lines.length + 1);
  });
});
