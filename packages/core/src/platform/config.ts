/**
 * Configuration: the environment plus a `.env` at the repo root, validated with zod.
 *
 * No key set → offline: the lesson runs on the simulator. A key set → the real endpoint.
 * Bad values fail early with one line that names the variable, not a stack trace.
 */
import { existsSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import dotenv from "dotenv";
import { z } from "zod";
import { readFailure, readRegularFileSync } from "./state/regular-file.ts";
import { rememberEnvFile, rememberSecrets, SECRET_ENV_VARS, secretsInEnv } from "./secrets.ts";

export const DEFAULT_MAX_TOKENS = 8000;
/** The model name the simulator answers to; any non-empty name works offline. */
export const OFFLINE_MODEL = "offline-simulator";

export interface Config {
  /** true when no key is set (or the run is forced offline): requests go to the simulator, not the network. */
  offline: boolean;
  /** ANTHROPIC_API_KEY, sent as `x-api-key`; unset offline. */
  apiKey?: string;
  /** ANTHROPIC_AUTH_TOKEN, sent as `Authorization: Bearer`; unset offline. */
  authToken?: string;
  /** ANTHROPIC_BASE_URL, the endpoint; unset means Anthropic's own (and always unset offline). */
  baseURL?: string;
  /** MODEL_ID (or its alias ANTHROPIC_MODEL): the model every request names. */
  model: string;
  /** FALLBACK_MODEL_ID, optional: the model to switch to after repeated "overloaded" errors. */
  fallbackModel?: string;
  /** LEARN_MAX_TOKENS: max_tokens of each model call. */
  maxTokens: number;
  /** Offline for want of a key: the provider settings that are set all the same, and so unused (see unusedSettingsNotice). */
  unusedSettings?: string[];
}

export class ConfigError extends Error {
  override name = "ConfigError";
}

/** What names a provider. Without a key they reach nothing, and a student who set them must hear so. */
const PROVIDER_SETTINGS = ["ANTHROPIC_BASE_URL", "MODEL_ID", "ANTHROPIC_MODEL", "FALLBACK_MODEL_ID"] as const;

const blankToUndefined = (v: unknown) => (typeof v === "string" && v.trim() === "" ? undefined : v);
const optionalText = z.preprocess(blankToUndefined, z.string().trim().optional());

const EnvSchema = z.object({
  ANTHROPIC_API_KEY: optionalText,
  ANTHROPIC_AUTH_TOKEN: optionalText,
  ANTHROPIC_BASE_URL: z.preprocess(blankToUndefined, z.url({ protocol: /^https?$/ }).optional()),
  MODEL_ID: optionalText,
  ANTHROPIC_MODEL: optionalText,
  FALLBACK_MODEL_ID: optionalText,
  LEARN_MAX_TOKENS: z.preprocess(
    blankToUndefined,
    z.coerce.number().int().positive().max(1_000_000).default(DEFAULT_MAX_TOKENS),
  ),
});

/** The repo root: the folder holding pnpm-workspace.yaml, found by walking up from here. */
export function repoRoot(from = path.dirname(fileURLToPath(import.meta.url))): string {
  let dir = from;
  while (!existsSync(path.join(dir, "pnpm-workspace.yaml"))) {
    const parent = path.dirname(dir);
    if (parent === dir) throw new ConfigError(`no pnpm-workspace.yaml above ${from}`);
    dir = parent;
  }
  return dir;
}

/**
 * The repo's practice workspace: where the agent works by default (workspace.ts), and the one
 * folder whose writes the harness notes for `pnpm reset` (workspace-ledger/).
 */
export function practiceWorkspace(): string {
  return path.join(repoRoot(), "practice-workspace");
}

/**
 * The env file to read: LEARN_ENV_FILE when set ("none" for no file at all — the tests use
 * this, so a developer's own .env with a real key never turns a test online), else `<repo>/.env`.
 */
export function envFileFrom(env: Record<string, string | undefined>): string | false {
  const chosen = env.LEARN_ENV_FILE;
  if (chosen === "none") return false;
  return chosen ? path.resolve(chosen) : path.join(repoRoot(), ".env");
}

/**
 * The env file's variables into `env`, never over one already set (the shell wins), and — for
 * the harness's own environment — every value it held told to secrets.ts: a value loaded from
 * a file is a secret to scrub (unless plainly not one, see there), set in the shell or not.
 * The key and token are the exception: they are returned, not exported. What is in
 * process.env is what a careless spawn passes on, so a key that came from a file stays in the
 * config and goes to the SDK client, and nothing the harness starts can find it in an
 * environment. Read with core's safe reader, synchronously: a named pipe there would stop the
 * whole process, signals included, so it is refused with a ConfigError that names it. No file
 * is the normal case.
 */
function loadEnvFile(file: string, env: Record<string, string | undefined>, remember: boolean): Record<string, string> {
  let bytes: Buffer;
  try {
    bytes = readRegularFileSync(file);
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === "ENOENT") return {};
    throw new ConfigError(`${file}: the env file cannot be read (${readFailure(err)}). Fix or remove it, or set LEARN_ENV_FILE.`);
  }
  const values = dotenv.parse(bytes);
  if (remember) rememberEnvFile(file, values);
  const isSecret = (name: string) => (SECRET_ENV_VARS as readonly string[]).includes(name);
  const kept = Object.fromEntries(Object.entries(values).filter(([name]) => isSecret(name) && env[name] === undefined));
  dotenv.populate(env as dotenv.DotenvPopulateInput, Object.fromEntries(Object.entries(values).filter(([name]) => !isSecret(name))));
  return kept;
}

/**
 * Read the config from `env` (after loading the env file into it, without overriding
 * variables already set: the shell wins over the file, as everywhere else).
 */
export function loadConfig(
  env: Record<string, string | undefined> = process.env,
  options: { envFile?: string | false; forceOffline?: boolean } = {},
): Config {
  // Only the harness's own environment makes secrets of the process: a config read into a
  // scratch object (a test) must not change what every other part of the process scrubs.
  const own = env === process.env;
  const envFile = options.envFile ?? envFileFrom(env);
  const fileSecrets = envFile ? loadEnvFile(envFile, env, own) : {};
  // The key as it is now, for the whole process: scrubbed even if someone deletes it from the environment later.
  if (own) rememberSecrets(secretsInEnv(env));

  const settings = { ...env, ...fileSecrets };
  const parsed = EnvSchema.safeParse(settings);
  if (!parsed.success) {
    const issue = parsed.error.issues[0]!;
    const name = String(issue.path[0]);
    throw new ConfigError(`Invalid ${name}=${JSON.stringify(settings[name])}: ${issue.message}`);
  }
  const e = parsed.data;
  const offline = options.forceOffline === true || (!e.ANTHROPIC_API_KEY && !e.ANTHROPIC_AUTH_TOKEN);
  const model = offline ? (e.MODEL_ID ?? e.ANTHROPIC_MODEL ?? OFFLINE_MODEL) : (e.MODEL_ID ?? e.ANTHROPIC_MODEL);
  if (!model) {
    throw new ConfigError("MODEL_ID is not set: a key is set, so name the model to use (see .env.example)");
  }
  const keyless = !e.ANTHROPIC_API_KEY && !e.ANTHROPIC_AUTH_TOKEN;
  const unused = keyless ? PROVIDER_SETTINGS.filter((name) => e[name] !== undefined) : [];
  return {
    offline,
    ...(unused.length ? { unusedSettings: unused } : {}),
    apiKey: offline ? undefined : e.ANTHROPIC_API_KEY,
    authToken: offline ? undefined : e.ANTHROPIC_AUTH_TOKEN,
    baseURL: offline ? undefined : e.ANTHROPIC_BASE_URL,
    model,
    fallbackModel: e.FALLBACK_MODEL_ID,
    maxTokens: e.LEARN_MAX_TOKENS,
  };
}

/**
 * A provider configured without its key runs offline: the one line that says which settings
 * are ignored and why (undefined when there are none). Names only: a URL may hold a password.
 */
export function unusedSettingsNotice(config: Config): string | undefined {
  const names = config.unusedSettings;
  if (!names?.length) return undefined;
  const list = names.length === 1 ? names[0] : `${names.slice(0, -1).join(", ")} and ${names.at(-1)}`;
  return (
    `${list} ${names.length === 1 ? "is" : "are"} set but ignored: no key is set (ANTHROPIC_API_KEY or ANTHROPIC_AUTH_TOKEN), ` +
    "so the offline scripted model answers. Add the provider's key to .env to use it (see .env.example)."
  );
}

/**
 * The secret values of a config. Offline there are none here, yet a key may still sit in the
 * environment: what is written out is scrubbed with every known secret (see secrets.ts).
 */
export function secretsOf(config: Config): string[] {
  return [config.apiKey, config.authToken].filter((s): s is string => !!s && s.length >= 4);
}
