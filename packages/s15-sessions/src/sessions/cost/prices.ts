/**
 * The price table: USD per million tokens, per model id, as of a date — prices change, so the
 * date is part of the table. These are the prices Claude Code 2.1.328 charged in its own cost
 * record (`cost-state` in its transcript) for one million tokens of each kind, read on the date
 * below against a local endpoint. A model that is not here gets no price: /cost shows its
 * tokens only, rather than a guess. (Claude Code prices an id it does not know as some default
 * model; the course would rather say it does not know.)
 */
export const PRICES_AS_OF = "2026-12-06";

export interface Price {
  input: number;
  output: number;
  /** Writing the prompt cache (5-minute entries). */
  cacheWrite: number;
  cacheRead: number;
}

export const PRICES: Readonly<Record<string, Price>> = {
  "claude-opus-5-5": { input: 4, output: 20, cacheWrite: 5, cacheRead: 0.2 },
  "claude-sonnet-5-5": { input: 2, output: 10, cacheWrite: 2.5, cacheRead: 0.1 },
  "claude-opus-4-5": { input: 5, output: 25, cacheWrite: 6.25, cacheRead: 0.5 },
  "claude-sonnet-4-5": { input: 3, output: 15, cacheWrite: 3.75, cacheRead: 0.3 },
  "claude-sonnet-4": { input: 3, output: 15, cacheWrite: 3.75, cacheRead: 0.3 },
  "claude-haiku-4-5": { input: 1, output: 5, cacheWrite: 1.25, cacheRead: 0.1 },
};

/** A model's price: its id, or its id without a date suffix (`claude-sonnet-4-5-20250929`). */
export function priceOf(model: string): Price | undefined {
  return PRICES[model] ?? PRICES[model.replace(/-\d{8}$/, "")];
}
