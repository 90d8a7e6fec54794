/** `/cost`: the tokens and price of the session so far (cost/meter.ts). */
import type { SlashCommand } from "@learn/core";
import type { CostMeter } from "./meter.ts";
import { PRICES_AS_OF } from "./prices.ts";

export function costCommand(meter: CostMeter): SlashCommand {
  return {
    name: "cost",
    description: "tokens and price of this session so far",
    run: () => `${meter.describe()}\n(prices as of ${PRICES_AS_OF}, USD per million tokens; a model not in the table shows tokens only)`,
  };
}
