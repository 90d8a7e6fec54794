/**
 * s15-cost: the lesson's cost meter (with the student's costOf) fed the usage of real-looking
 * answers; the checks read /cost's lines and the meter's total.
 */
import { expect } from "vitest";
import { defineChecks } from "@learn/exercises";
import { moduleOf } from "../check-helpers/session.ts";

type Meter = typeof import("../../src/sessions/cost/meter.ts");

export default defineChecks([
  {
    name: "input, output, cache writes and cache reads, each at its own price per million tokens",
    async run(t) {
      const { CostMeter } = await moduleOf<Meter>(t, "src/sessions/cost/meter.ts");
      const meter = new CostMeter();
      meter.add("claude-sonnet-4-5", { input_tokens: 2_000, output_tokens: 500, cache_creation_input_tokens: 10_000, cache_read_input_tokens: 100_000 });
      // 2,000 × $3 + 500 × $15 + 10,000 × $3.75 + 100,000 × $0.30, per million: $0.081
      expect(meter.dollars(), "2,000 in, 500 out, 10,000 cache writes, 100,000 cache reads of claude-sonnet-4-5 ($3 / $15 / $3.75 / $0.30 per million) cost $0.081").toBeCloseTo(0.081, 10);
      expect(meter.describe(), "/cost's line for it").toBe("claude-sonnet-4-5: 1 call, 2,000 in, 500 out, 10,000 cache writes, 100,000 cache reads — $0.0810");
    },
  },
  {
    name: "two models: each priced from its own row, and the total",
    async run(t) {
      const { CostMeter } = await moduleOf<Meter>(t, "src/sessions/cost/meter.ts");
      const meter = new CostMeter();
      meter.add("claude-haiku-4-5", { input_tokens: 1_000_000, output_tokens: 0 });
      meter.add("claude-opus-5-5", { input_tokens: 0, output_tokens: 1_000_000 });
      expect(meter.describe().split("\n").at(-1), "a million haiku input tokens ($1) and a million opus-5-5 output tokens ($20)").toBe("Total: $21.0000");
    },
  },
]);
