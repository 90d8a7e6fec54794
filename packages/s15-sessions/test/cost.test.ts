/** /cost's arithmetic: the four token counts per model, a price from the dated table, tokens only for a model not in it. */
import { describe, expect, it } from "vitest";
import { CostMeter, costOf, tokensOf } from "../src/sessions/cost/meter.ts";
import { PRICES, priceOf } from "../src/sessions/cost/prices.ts";

describe("the cost meter", () => {
  it("adds every answer's tokens per model and prices them from the table (USD per million tokens)", () => {
    const meter = new CostMeter();
    meter.add("claude-sonnet-4-5", { input_tokens: 1_000_000, output_tokens: 0, cache_creation_input_tokens: 0, cache_read_input_tokens: 0 });
    meter.add("claude-sonnet-4-5", { input_tokens: 0, output_tokens: 100_000, cache_creation_input_tokens: 200_000, cache_read_input_tokens: 1_000_000 });
    // 3 + 1.5 + 0.75 + 0.3
    expect(meter.dollars()).toBeCloseTo(5.55, 10);
    expect(meter.describe()).toBe("claude-sonnet-4-5: 2 calls, 1,000,000 in, 100,000 out, 200,000 cache writes, 1,000,000 cache reads — $5.5500");
  });

  it("a model not in the table: its tokens, and no price — for it, or for the total", () => {
    const meter = new CostMeter();
    meter.add("claude-haiku-4-5", { input_tokens: 10, output_tokens: 5 });
    meter.add("some-local-model", { input_tokens: 7, output_tokens: 3 });
    expect(meter.dollars()).toBeUndefined();
    expect(meter.describe()).toContain("some-local-model: 1 call, 7 in, 3 out, 0 cache writes, 0 cache reads — no price (not in the table: tokens only)");
    expect(meter.describe()).not.toContain("Total");
  });

  it("a dated model id finds its price; a usage with missing or odd fields counts them as 0", () => {
    expect(priceOf("claude-sonnet-4-5-20250929")).toBe(PRICES["claude-sonnet-4-5"]);
    expect(tokensOf({ input_tokens: 5, output_tokens: null, cache_read_input_tokens: "many" })).toEqual({ input: 5, output: 0, cacheWrite: 0, cacheRead: 0 });
    expect(tokensOf(undefined)).toEqual({ input: 0, output: 0, cacheWrite: 0, cacheRead: 0 });
    expect(costOf({ input: 1_000_000, output: 1_000_000, cacheWrite: 1_000_000, cacheRead: 1_000_000 }, PRICES["claude-opus-5-5"]!)).toBeCloseTo(29.2, 10);
  });

  it("no call yet says so", () => {
    expect(new CostMeter().describe()).toBe("No model calls yet in this session.");
  });
});
