/**
 * Secrets: the API key and the bearer token, and the two ways they must never travel.
 *
 * 1. Out of the process as text — a trace, a transcript, an error on screen. Everything
 *    written there goes through a scrubber that replaces each secret with [REDACTED]. The
 *    secrets are read from the environment, not from the config: an offline run (a key set,
 *    but --model-script given) has no key in its config, yet the key is still in the
 *    environment, and `env` run by the model would print it.
 * 2. Into a child process — bash, a hook command. A child gets `childEnv()`: the environment
 *    without the secret variables. The model cannot leak what its commands never see.
 */

/** Where a key or token lives (.env.example: every provider uses one of these two). */
export const SECRET_ENV_VARS = ["ANTHROPIC_API_KEY", "ANTHROPIC_AUTH_TOKEN"] as const;

export const REDACTED = "[REDACTED]";

/** Shorter values are not secrets worth scrubbing, and replacing them would mangle text. */
const MIN_SECRET_LENGTH = 4;

/** The secret values set in `env` (blank ones are unset; values are trimmed, as the config reads them). */
export function secretsInEnv(env: Record<string, string | undefined> = process.env): string[] {
  return SECRET_ENV_VARS.map((name) => env[name]?.trim() ?? "").filter((s) => s.length >= MIN_SECRET_LENGTH);
}

/** A function that replaces each of `secrets` in a text with [REDACTED] (the longest first). */
export function scrubberFor(secrets: readonly string[]): (text: string) => string {
  const sorted = [...new Set(secrets)].filter((s) => s.length >= MIN_SECRET_LENGTH).sort((a, b) => b.length - a.length);
  return (text) => sorted.reduce((out, secret) => out.split(secret).join(REDACTED), text);
}

/** Scrub the secrets of this process's environment from `text` (for anything shown or saved). */
export function scrubSecrets(text: string, env: Record<string, string | undefined> = process.env): string {
  return scrubberFor(secretsInEnv(env))(text);
}

/** A copy of `env` without the secret variables: the environment every child process gets. */
export function childEnv(env: NodeJS.ProcessEnv = process.env): NodeJS.ProcessEnv {
  const copy = { ...env };
  for (const name of SECRET_ENV_VARS) delete copy[name];
  return copy;
}
