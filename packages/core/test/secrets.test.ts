import { mkdtemp, readFile, rm, writeFile } from "node:fs/promises";
import http from "node:http";
import type { AddressInfo } from "node:net";
import os from "node:os";
import path from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { createClient } from "../src/runtime/client.ts";
import { loadConfig, secretsOf } from "../src/platform/config.ts";
import { describeError } from "../src/runtime/errors.ts";
import { runCommand } from "../src/platform/process.ts";
import { childEnv } from "../src/platform/child-env.ts";
import { SecretStream } from "../src/platform/secret-stream.ts";
import { knownSecrets, loadedEnvFiles, REDACTED, scrubberFor, scrubSecrets, secretsInEnv } from "../src/platform/secrets.ts";
import { loadConfigAsHarness } from "../src/testing/secret-leaks.ts";
import { FileTracer } from "../src/platform/trace.ts";

const KEY = "sk-ant-fake-key-0123456789";
const TOKEN = "tok-fake-bearer-9876543210";

let dir: string;
const saved = { key: process.env.ANTHROPIC_API_KEY, token: process.env.ANTHROPIC_AUTH_TOKEN };
beforeEach(async () => {
  dir = await mkdtemp(path.join(os.tmpdir(), "secrets-"));
  process.env.ANTHROPIC_API_KEY = KEY;
  process.env.ANTHROPIC_AUTH_TOKEN = TOKEN;
});
afterEach(async () => {
  for (const [name, value] of [["ANTHROPIC_API_KEY", saved.key], ["ANTHROPIC_AUTH_TOKEN", saved.token]] as const) {
    if (value === undefined) delete process.env[name];
    else process.env[name] = value;
  }
  await rm(dir, { recursive: true, force: true });
});

describe("scrubbing", () => {
  it("replaces every secret, the longest first", () => {
    const scrub = scrubberFor(["abcd", "abcdefgh"]);
    expect(scrub("x abcdefgh y abcd")).toBe(`x ${REDACTED} y ${REDACTED}`);
  });

  it("ignores blank and too-short values", () => {
    expect(secretsInEnv({ ANTHROPIC_API_KEY: "  ", ANTHROPIC_AUTH_TOKEN: "ab" })).toEqual([]);
    expect(scrubberFor(["", "a"])("a cat")).toBe("a cat");
  });

  it("scrubs the key and token of the environment", () => {
    expect(scrubSecrets(`key=${KEY} token=${TOKEN}`)).toBe(`key=${REDACTED} token=${REDACTED}`);
  });
});

describe("child processes", () => {
  it("never see the key or the token, even when the caller passes them", async () => {
    const r = await runCommand("env", { cwd: dir, timeoutMs: 5000, env: { ...process.env, EXTRA: "kept" } });
    expect(r.exitCode).toBe(0);
    expect(r.output).toContain("EXTRA=kept");
    expect(r.output).not.toContain(KEY);
    expect(r.output).not.toContain(TOKEN);
    expect(r.output).not.toMatch(/ANTHROPIC_(API_KEY|AUTH_TOKEN)=/);
  });

  it("get the rest of the environment by default", async () => {
    const env = childEnv({ PATH: "/bin", ANTHROPIC_API_KEY: KEY, ANTHROPIC_BASE_URL: "http://x" });
    expect(env).toEqual({ PATH: "/bin", ANTHROPIC_BASE_URL: "http://x" });
  });
});

describe("the trace", () => {
  it("scrubs a key in the environment even when the run is offline", async () => {
    const config = loadConfig({ ...process.env }, { envFile: false, forceOffline: true });
    expect(config.offline).toBe(true);
    expect(secretsOf(config)).toEqual([]); // the offline config holds no key...
    const file = path.join(dir, "trace.jsonl");
    const tracer = new FileTracer(file, secretsOf(config));
    tracer.record("request", "lead", { content: `ANTHROPIC_API_KEY=${KEY}\nANTHROPIC_AUTH_TOKEN=${TOKEN}` });
    await tracer.flush();
    const text = await readFile(file, "utf8");
    expect(text).not.toContain(KEY); // ...yet the trace never shows it
    expect(text).not.toContain(TOKEN);
    expect(text).toContain(`ANTHROPIC_API_KEY=${REDACTED}`);
  });
});

describe("describeError", () => {
  it("scrubs a key that an endpoint echoed in its error", async () => {
    // An endpoint that puts the credentials it received into its error message.
    const server = http.createServer((req, res) => {
      res.writeHead(401, { "content-type": "application/json" });
      const message = `bad credentials: ${req.headers.authorization ?? req.headers["x-api-key"]}`;
      res.end(JSON.stringify({ type: "error", error: { type: "authentication_error", message } }));
    });
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
    const baseURL = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    try {
      const config = loadConfig({ ANTHROPIC_API_KEY: KEY, ANTHROPIC_BASE_URL: baseURL, MODEL_ID: "m" }, { envFile: false });
      const client = createClient(config);
      const err = await client.messages.create({ model: "m", max_tokens: 10, messages: [{ role: "user", content: "hi" }] }).catch((e: unknown) => e);
      const line = describeError(err, { baseURL });
      expect(line).toBe(`The API answered 401 authentication_error: bad credentials: Bearer ${REDACTED}`);
    } finally {
      await new Promise((resolve) => server.close(resolve));
    }
  });
});

describe("the env file's values", () => {
  it("are known secrets, but for the plainly public ones (model names, the course's knobs, the endpoint, short flags)", async () => {
    const file = path.join(dir, "course.env");
    const secret = "hunter2-but-longer-0987";
    await writeFile(file, `DB_PASSWORD=${secret}\nMODEL_ID=claude-model-name\nLEARN_COMPACT_THRESHOLD=50000000\nANTHROPIC_BASE_URL=https://proxy.example.com\nDEBUG=true\n`);
    const restore = loadConfigAsHarness({}, file);
    try {
      expect(loadedEnvFiles()).toEqual([path.resolve(file)]);
      expect(knownSecrets()).toContain(secret);
      const text = `pw ${secret} model claude-model-name at https://proxy.example.com, threshold 50000000, debug true`;
      expect(scrubSecrets(text)).toBe(`pw ${REDACTED} model claude-model-name at https://proxy.example.com, threshold 50000000, debug true`);
      // And never in a child's environment, under whatever name.
      const env = { DB_PASSWORD: process.env.DB_PASSWORD, MODEL_ID: process.env.MODEL_ID, LEARN_COMPACT_THRESHOLD: process.env.LEARN_COMPACT_THRESHOLD, DEBUG: process.env.DEBUG };
      expect(childEnv({ ...env, ALIAS: secret })).toEqual({ MODEL_ID: "claude-model-name", LEARN_COMPACT_THRESHOLD: "50000000", DEBUG: "true" });
    } finally {
      restore();
    }
    expect(knownSecrets()).not.toContain(secret); // the next test file starts clean
  });

  it("are remembered only when loaded into the harness's own environment, not into a scratch object", async () => {
    const file = path.join(dir, "scratch.env");
    await writeFile(file, "DB_PASSWORD=not-this-process-secret\n");
    loadConfig({}, { envFile: file, forceOffline: true });
    expect(knownSecrets()).not.toContain("not-this-process-secret");
    expect(loadedEnvFiles()).toEqual([]);
  });

  it("a password inside the endpoint's address is a secret", async () => {
    const file = path.join(dir, "proxy.env");
    await writeFile(file, "ANTHROPIC_BASE_URL=https://me:pr0xy-passw0rd@proxy.example.com\n");
    const restore = loadConfigAsHarness({}, file);
    try {
      expect(scrubSecrets("https://me:pr0xy-passw0rd@proxy.example.com")).toBe(`https://me:${REDACTED}@proxy.example.com`);
    } finally {
      restore();
    }
  });
});

describe("a secret split across pieces of a stream", () => {
  it("is caught wherever the split falls, and nothing else is held back at the end", () => {
    const text = `a ${KEY} b ${TOKEN}\nsk-ant-not-quite`;
    const whole = scrubSecrets(text);
    for (let cut = 0; cut <= text.length; cut++) {
      for (let second = cut; second <= text.length; second += 7) {
        const stream = new SecretStream();
        const out = stream.push(text.slice(0, cut)) + stream.push(text.slice(cut, second)) + stream.push(text.slice(second)) + stream.end();
        expect(out).toBe(whole);
      }
    }
  });
});

describe("git's repository variables", () => {
  it("never reach a child: an allowed `git commit` in the workspace lands in the workspace's repository", async () => {
    // Another repository, with one commit; the harness runs with GIT_DIR pointing at it.
    const other = path.join(dir, "other");
    const workspace = path.join(dir, "workspace");
    const git = "git -c user.name=t -c user.email=t@example.com";
    const run = (command: string, cwd: string) => runCommand(command, { cwd, timeoutMs: 20_000 });
    await run(`mkdir -p ${other} ${workspace} && cd ${other} && git init -q && echo a > a.txt && git add a.txt && ${git} commit -qm first`, dir);
    const before = (await run("git rev-parse HEAD", other)).output;
    await writeFile(path.join(workspace, "mine.txt"), "mine\n");
    const saved = { dir: process.env.GIT_DIR, tree: process.env.GIT_WORK_TREE, count: process.env.GIT_CONFIG_COUNT, key: process.env.GIT_CONFIG_KEY_0, value: process.env.GIT_CONFIG_VALUE_0 };
    Object.assign(process.env, { GIT_DIR: path.join(other, ".git"), GIT_WORK_TREE: other, GIT_CONFIG_COUNT: "1", GIT_CONFIG_KEY_0: "core.worktree", GIT_CONFIG_VALUE_0: other });
    try {
      const r = await run(`git init -q && git add mine.txt && ${git} commit -qm mine && git log --format=%s`, workspace);
      expect(r.output).toBe("mine\n");
    } finally {
      for (const [name, value] of Object.entries({ GIT_DIR: saved.dir, GIT_WORK_TREE: saved.tree, GIT_CONFIG_COUNT: saved.count, GIT_CONFIG_KEY_0: saved.key, GIT_CONFIG_VALUE_0: saved.value })) {
        if (value === undefined) delete process.env[name];
        else process.env[name] = value;
      }
    }
    expect((await run("git rev-parse HEAD", other)).output).toBe(before);
    expect((await run("git log --format=%s", other)).output).toBe("first\n");
    expect((await run("git status --porcelain", other)).output).toBe("");
  });

  it("are the ones `git rev-parse --local-env-vars` names, and the numbered config pairs", async () => {
    const r = await runCommand("git rev-parse --local-env-vars", { cwd: dir, timeoutMs: 10_000 });
    const names = r.output.trim().split("\n");
    expect(names.length).toBeGreaterThan(10);
    const env = Object.fromEntries([...names, "GIT_NAMESPACE", "GIT_CONFIG_KEY_3", "GIT_CONFIG_VALUE_3"].map((n) => [n, "x"]));
    expect(childEnv({ ...env, GIT_AUTHOR_NAME: "kept", PATH: "/bin" })).toEqual({ GIT_AUTHOR_NAME: "kept", PATH: "/bin" });
  });
});
