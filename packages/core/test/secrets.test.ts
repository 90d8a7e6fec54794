import { mkdtemp, readFile, rm } from "node:fs/promises";
import http from "node:http";
import type { AddressInfo } from "node:net";
import os from "node:os";
import path from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { createClient } from "../src/client.ts";
import { loadConfig, secretsOf } from "../src/config.ts";
import { describeError } from "../src/errors.ts";
import { runCommand } from "../src/process.ts";
import { childEnv, REDACTED, scrubberFor, scrubSecrets, secretsInEnv } from "../src/secrets.ts";
import { FileTracer } from "../src/trace.ts";

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
