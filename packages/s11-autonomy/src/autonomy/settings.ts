/**
 * How often an idle teammate looks for work, and how long before it gives up and shuts down:
 * `--idle-poll-ms` / LEARN_IDLE_POLL_MS (default 5,000) and `--idle-timeout-ms` /
 * LEARN_IDLE_TIMEOUT_MS (default 60,000). A value that is not a whole number of milliseconds
 * above 0 stops the agent with one line that names the setting.
 */
import { ConfigError, type LessonFlag } from "@learn/core/harness";
import { z } from "zod";

export const IDLE_POLL_FLAG = "idle-poll-ms";
export const IDLE_POLL_ENV = "LEARN_IDLE_POLL_MS";
export const IDLE_TIMEOUT_FLAG = "idle-timeout-ms";
export const IDLE_TIMEOUT_ENV = "LEARN_IDLE_TIMEOUT_MS";

export const idleFlags: readonly LessonFlag[] = [
  { name: IDLE_POLL_FLAG, env: IDLE_POLL_ENV, description: "how often an idle teammate looks for mail and tasks, in ms (default 5000)" },
  { name: IDLE_TIMEOUT_FLAG, env: IDLE_TIMEOUT_ENV, description: "an idle teammate with nothing to do shuts down after this many ms (default 60000)" },
];

export interface IdleSettings {
  pollMs: number;
  timeoutMs: number;
}

export const DEFAULT_IDLE: IdleSettings = { pollMs: 5_000, timeoutMs: 60_000 };

const millis = z.coerce.number().int().positive().max(24 * 60 * 60 * 1000);

/** The settings from the lesson's flags (the command line has merged the environment variables in). */
export function idleSettings(flags: Record<string, string | undefined>): IdleSettings {
  const read = (flag: string, env: string, fallback: number) => {
    const raw = flags[flag];
    if (raw === undefined) return fallback;
    const parsed = millis.safeParse(raw.trim() === "" ? Number.NaN : raw);
    if (!parsed.success) throw new ConfigError(`--${flag} (or ${env}) must be a whole number of milliseconds above 0, not "${raw}"`);
    return parsed.data;
  };
  return {
    pollMs: read(IDLE_POLL_FLAG, IDLE_POLL_ENV, DEFAULT_IDLE.pollMs),
    timeoutMs: read(IDLE_TIMEOUT_FLAG, IDLE_TIMEOUT_ENV, DEFAULT_IDLE.timeoutMs),
  };
}
