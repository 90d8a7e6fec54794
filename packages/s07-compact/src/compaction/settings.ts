/**
 * How much the agent keeps, and when it forgets: one object, read once when the agent is built.
 * The threshold for a full compaction comes from the command line (`--compact-threshold`) or the
 * environment (LEARN_COMPACT_THRESHOLD), the flag winning; a value that is not a positive whole
 * number stops the agent with a message that names the setting, rather than silently compacting
 * at some other size.
 */
import { ConfigError, type LessonFlag } from "@learn/core/harness";
import { z } from "zod";

export interface CompactionSettings {
  /** A tool result longer than this goes to a file, the conversation keeps its start; undefined: never. */
  persistAboveChars?: number;
  /** The same for a user message (a pasted log): it must be really large to be moved out. */
  persistMessageAboveChars: number;
  /** Micro-compaction never touches the last this-many tool results. */
  keepRecentResults: number;
  /** A result this short or shorter is cheaper to keep than to replace. */
  microCompactMinChars: number;
  /** Micro-compact only when this many old results are waiting, then all of them at once. */
  microCompactBatch: number;
  /** Summarise the conversation when a request would be larger than this (estimated tokens). */
  autoCompactAboveTokens: number;
}

/**
 * microCompactBatch 8 and autoCompactAboveTokens 40,000 were chosen on forty sessions (seeds 1–40)
 * that the benchmark's figures do not use, by an earlier rule (the highest threshold costing at
 * most 60 % of a reference that summarised at 50,000 and persisted nothing). The benchmark now
 * tunes the reference and the lesson by one rule, `pnpm bench compaction --tune`: the lowest median
 * cost among the settings that summarise at most twice in a 120-round session. By it the lesson
 * would take batch 4 at 30,000 (4 % cheaper on the tuning seeds); the bench scores both, and these
 * defaults stay until the lesson's demo and tests move with them. A lower threshold is always
 * cheaper by cost alone, but every summary forgets detail a cost figure cannot see, and batching
 * needs room: the old results a batch keeps bring a low threshold round again and again (batch 8
 * at 20,000: seventeen summaries a session). persistAboveChars and keepRecentResults are not
 * tuned: they decide what the model still sees, which a cost benchmark cannot judge.
 */
export const DEFAULT_COMPACTION: CompactionSettings = {
  persistAboveChars: 30_000,
  persistMessageAboveChars: 200_000,
  keepRecentResults: 3,
  microCompactMinChars: 120,
  microCompactBatch: 8,
  autoCompactAboveTokens: 40_000,
};

export const THRESHOLD_ENV = "LEARN_COMPACT_THRESHOLD";
export const THRESHOLD_FLAG = "compact-threshold";

export const thresholdFlag: LessonFlag = {
  name: THRESHOLD_FLAG,
  env: THRESHOLD_ENV,
  description: "compact the conversation above this many estimated tokens (default 40000)",
};

const threshold = z.coerce.number().int().positive().max(10_000_000);

/** Settings from the environment and the lesson's flags (`compact-threshold` wins over the env). */
export function compactionSettings(env: Record<string, string | undefined>, flags: Record<string, string | undefined>): CompactionSettings {
  const fromFlag = flags[THRESHOLD_FLAG];
  const fromEnv = env[THRESHOLD_ENV];
  // At the command line the environment variable arrives as the flag's value: name both.
  const [raw, source] = fromFlag !== undefined ? [fromFlag, `--${THRESHOLD_FLAG} (or ${THRESHOLD_ENV})`] : [fromEnv, THRESHOLD_ENV];
  if (raw === undefined) return { ...DEFAULT_COMPACTION };
  const parsed = threshold.safeParse(raw.trim() === "" ? Number.NaN : raw);
  if (!parsed.success) {
    // A ConfigError: the command line prints its one line and exits 2, as for any bad setting.
    throw new ConfigError(`${source} must be a whole number of tokens above 0 (e.g. 50000), not "${raw}"`);
  }
  return { ...DEFAULT_COMPACTION, autoCompactAboveTokens: parsed.data };
}
