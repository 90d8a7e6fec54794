import { mkdtemp, writeFile } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { ConfigError, DEFAULT_MAX_TOKENS, loadConfig, OFFLINE_MODEL, secretsOf, unusedSettingsNotice } from "../src/platform/config.ts";

const load = (env: Record<string, string>) => loadConfig({ ...env }, { envFile: false });

describe("loadConfig", () => {
  it("is offline without a key", () => {
    expect(load({})).toEqual({ offline: true, model: OFFLINE_MODEL, maxTokens: DEFAULT_MAX_TOKENS });
  });

  it("is online with a key, a base URL and a model", () => {
    const c = load({ ANTHROPIC_AUTH_TOKEN: "tok-123", ANTHROPIC_BASE_URL: "http://localhost:4000", MODEL_ID: "m1" });
    expect(c).toMatchObject({ offline: false, authToken: "tok-123", baseURL: "http://localhost:4000", model: "m1" });
    expect(secretsOf(c)).toEqual(["tok-123"]);
  });

  it("a provider configured without its key is offline, and says which settings it ignores and why", () => {
    const c = load({ ANTHROPIC_BASE_URL: "https://api.deepseek.com/anthropic", MODEL_ID: "deepseek-chat" });
    expect(c).toMatchObject({ offline: true, unusedSettings: ["ANTHROPIC_BASE_URL", "MODEL_ID"] });
    expect(unusedSettingsNotice(c)).toBe(
      "ANTHROPIC_BASE_URL and MODEL_ID are set but ignored: no key is set (ANTHROPIC_API_KEY or ANTHROPIC_AUTH_TOKEN), " +
        "so the offline scripted model answers. Add the provider's key to .env to use it (see .env.example).",
    );
    expect(unusedSettingsNotice(load({}))).toBeUndefined();
    // With a key, forced offline (--model-script, --demo) is what the student asked for: nothing to say.
    expect(unusedSettingsNotice(loadConfig({ ANTHROPIC_API_KEY: "k-1", MODEL_ID: "m" }, { envFile: false, forceOffline: true }))).toBeUndefined();
  });

  it("accepts ANTHROPIC_MODEL as an alias", () => {
    expect(load({ ANTHROPIC_API_KEY: "k-123", ANTHROPIC_MODEL: "m2" }).model).toBe("m2");
  });

  it("treats blank values as unset", () => {
    expect(load({ ANTHROPIC_API_KEY: "", LEARN_MAX_TOKENS: "" })).toMatchObject({ offline: true, maxTokens: 8000 });
  });

  it.each([
    [{ LEARN_MAX_TOKENS: "lots" }, /^Invalid LEARN_MAX_TOKENS="lots": /],
    [{ LEARN_MAX_TOKENS: "-5" }, /^Invalid LEARN_MAX_TOKENS="-5": /],
    [{ ANTHROPIC_BASE_URL: "not a url" }, /^Invalid ANTHROPIC_BASE_URL="not a url": /],
    [{ ANTHROPIC_API_KEY: "k-123" }, /MODEL_ID is not set/],
  ])("rejects %j with one line naming the variable", (env, message) => {
    expect(() => load(env)).toThrow(ConfigError);
    expect(() => load(env)).toThrow(message);
  });

  it("LEARN_ENV_FILE picks another env file, or none", async () => {
    const dir = await mkdtemp(path.join(os.tmpdir(), "cfg-"));
    const file = path.join(dir, "course.env");
    await writeFile(file, "ANTHROPIC_API_KEY=k-from-file\nMODEL_ID=m-file\n");
    expect(loadConfig({ LEARN_ENV_FILE: file })).toMatchObject({ offline: false, model: "m-file" });
    expect(loadConfig({ LEARN_ENV_FILE: "none" })).toMatchObject({ offline: true });
  });

  it("a key from the env file goes into the config, not into the environment (a child could read it there); the shell's key still wins", async () => {
    const dir = await mkdtemp(path.join(os.tmpdir(), "cfg-"));
    const file = path.join(dir, ".env");
    await writeFile(file, "ANTHROPIC_API_KEY=k-from-file\nANTHROPIC_AUTH_TOKEN=t-from-file\nMODEL_ID=m-file\n");
    const env: Record<string, string | undefined> = {};
    expect(loadConfig(env, { envFile: file })).toMatchObject({ offline: false, apiKey: "k-from-file", authToken: "t-from-file", model: "m-file" });
    expect(env).toEqual({ MODEL_ID: "m-file" });
    expect(loadConfig({ ANTHROPIC_API_KEY: "k-shell" }, { envFile: file }).apiKey).toBe("k-shell");
  });

  it("reads a .env file without overriding the shell", async () => {
    const dir = await mkdtemp(path.join(os.tmpdir(), "cfg-"));
    const file = path.join(dir, ".env");
    await writeFile(file, "MODEL_ID=from-file\nLEARN_MAX_TOKENS=1234\n");
    const c = loadConfig({ LEARN_MAX_TOKENS: "99" }, { envFile: file });
    expect(c.model).toBe("from-file");
    expect(c.maxTokens).toBe(99);
  });
});
