/**
 * Secrets: the API key and the bearer token, every value the harness loaded from an env
 * file, and the ways they must never travel.
 *
 * 1. Out of the process as text. Whatever leaves as text — a tool's result on its way into
 *    the conversation (tool.ts), every request to the model (model.ts), a child's
 *    output as it is read (process-output.ts), every file the harness writes (state/), the
 *    trace, an error, the screen — goes through `scrubSecrets`, which replaces each known
 *    secret with [REDACTED]. A tool can still *read* the key (`cat /proc/$PPID/environ` shows
 *    the environment the harness started with, whatever it deletes later); what it read
 *    never gets further than the tool.
 * 2. Into a child process: a child gets `childEnv()` (child-env.ts), without the secrets
 *    (and without git's repository variables, which are no secret but point git elsewhere).
 *
 * The known secrets are one set for the whole process, so every sink scrubs the same values:
 * the key variables of the environment (read at each use: an offline run has no key in its
 * config, yet the key is still in the environment), plus what `loadConfig` remembered here
 * (the key as it was at start-up, and the env file's values).
 */
import path from "node:path";

/** Where a key or token lives (.env.example: every provider uses one of these two). */
export const SECRET_ENV_VARS = ["ANTHROPIC_API_KEY", "ANTHROPIC_AUTH_TOKEN"] as const;

export const REDACTED = "[REDACTED]";

/** A key shorter than this is not worth scrubbing, and replacing it would mangle text. */
const MIN_SECRET_LENGTH = 4;
/**
 * An env file's value must be longer to count: it is a secret only because of where it came
 * from, and short values there are flags and levels ("true", "debug") that appear everywhere.
 */
const MIN_FILE_SECRET_LENGTH = 8;

/**
 * Env-file variables that are plainly not secret: which model to use, the course's own
 * knobs (LEARN_MAX_TOKENS, LEARN_WORKDIR…), and the endpoint's address, which the banner
 * shows on purpose. Scrubbing them would turn every mention of a model name or a number into
 * [REDACTED] and hide nothing. (A password inside the base URL is a secret; it is kept.)
 */
const NOT_SECRET_VARS = new Set(["MODEL_ID", "ANTHROPIC_MODEL", "FALLBACK_MODEL_ID", "ANTHROPIC_BASE_URL"]);
const isPlainlyNotSecret = (name: string) => NOT_SECRET_VARS.has(name) || name.startsWith("LEARN_");

/** The secret values set in `env` (blank ones are unset; values are trimmed, as the config reads them). */
export function secretsInEnv(env: Record<string, string | undefined> = process.env): string[] {
  return SECRET_ENV_VARS.map((name) => env[name]?.trim() ?? "").filter((s) => s.length >= MIN_SECRET_LENGTH);
}

const remembered = new Set<string>();
const envFiles: string[] = [];

/** Remember secret values for the rest of the process (the key as loadConfig saw it). */
export function rememberSecrets(values: Iterable<string>, minLength = MIN_SECRET_LENGTH): void {
  for (const value of values) {
    const trimmed = value.trim();
    if (trimmed.length >= minLength) remembered.add(trimmed);
  }
}

/** An env file the harness loaded: its path, and every value in it that may be a secret. */
export function rememberEnvFile(file: string, values: Record<string, string>): void {
  const resolved = path.resolve(file);
  if (!envFiles.includes(resolved)) envFiles.push(resolved);
  for (const [name, value] of Object.entries(values)) {
    if (name === "ANTHROPIC_BASE_URL") rememberSecrets(passwordOf(value), MIN_SECRET_LENGTH);
    else if (!isPlainlyNotSecret(name)) rememberSecrets([value], SECRET_ENV_VARS.includes(name as never) ? MIN_SECRET_LENGTH : MIN_FILE_SECRET_LENGTH);
  }
}

/** The password of `https://user:password@host`, raw and decoded; none for a plain address. */
function passwordOf(url: string): string[] {
  try {
    const { password } = new URL(url);
    return password ? [password, decodeURIComponent(password)] : [];
  } catch {
    return [];
  }
}

/** Forget every remembered secret and env file. For tests, which share one process: each starts clean. */
export function forgetSecrets(): void {
  remembered.clear();
  envFiles.length = 0;
}

/** The env files the harness loaded, as absolute paths (a permission rule may keep tools out of them). */
export function loadedEnvFiles(): string[] {
  return [...envFiles];
}

/** Every secret value known now: remembered ones and the key variables of `env`. */
export function knownSecrets(env: Record<string, string | undefined> = process.env): string[] {
  return [...new Set([...remembered, ...secretsInEnv(env)])];
}

/**
 * The strings to look for: each secret, and each secret as JSON writes it inside a string (a
 * `"` or `\` in it escaped), so text that is already JSON (a transcript line) is scrubbed too.
 * Longest first, so a secret that contains another is replaced whole.
 */
export function secretForms(secrets: readonly string[] = knownSecrets()): string[] {
  const forms = secrets.filter((s) => s.length >= MIN_SECRET_LENGTH).flatMap((s) => [s, JSON.stringify(s).slice(1, -1)]);
  return [...new Set(forms)].sort((a, b) => b.length - a.length);
}

/**
 * A function that replaces each of `secrets` in a text with [REDACTED]. split/join on a
 * handful of strings: fast, and no regular expression built from a secret.
 */
export function scrubberFor(secrets: readonly string[]): (text: string) => string {
  const forms = secretForms(secrets);
  if (forms.length === 0) return (text) => text;
  return (text) => forms.reduce((out, secret) => (out.includes(secret) ? out.split(secret).join(REDACTED) : out), text);
}

/** Scrub every known secret from `text` (for anything shown, sent or saved). */
export function scrubSecrets(text: string, env: Record<string, string | undefined> = process.env): string {
  return scrubberFor(knownSecrets(env))(text);
}

/**
 * A copy of `value` with every string in it scrubbed (object keys too), for structured data
 * on its way out: a request to the model, a JSON state file. Only strings change, so the JSON
 * stays valid whatever a secret looks like. Parts without a secret are returned as they are,
 * not copied; with no secret known, `value` itself.
 */
export function scrubDeep<T>(value: T, secrets: readonly string[] = knownSecrets()): T {
  return secrets.length === 0 ? value : scrubEach(value, scrubberFor(secrets));
}

function scrubEach<T>(value: T, scrub: (text: string) => string): T {
  if (typeof value === "string") return scrub(value) as T;
  if (Array.isArray(value)) {
    const out = value.map((item: unknown) => scrubEach(item, scrub));
    return out.some((item, i) => item !== value[i]) ? (out as T) : value;
  }
  if (value !== null && typeof value === "object" && isPlainObject(value)) {
    const entries = Object.entries(value);
    const out = entries.map(([key, item]) => [scrub(key), scrubEach(item, scrub)] as const);
    return out.some(([key, item], i) => key !== entries[i]![0] || item !== entries[i]![1]) ? (Object.fromEntries(out) as T) : value;
  }
  return value;
}

function isPlainObject(value: object): boolean {
  const proto = Object.getPrototypeOf(value) as unknown;
  return proto === Object.prototype || proto === null;
}
