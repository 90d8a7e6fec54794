/**
 * What the session has cost so far: every answer's tokens, by model — input, output, cache
 * writes, cache reads (the four counts the API reports in `usage`) — and a price where the
 * model is in the table. One meter per session, shared by the lead and every agent it started
 * (a subagent's tokens are paid for too, as Claude Code's /cost counts them).
 */
import { priceOf, type Price } from "./prices.ts";

export interface Tokens {
  input: number;
  output: number;
  cacheWrite: number;
  cacheRead: number;
}

const none = (): Tokens => ({ input: 0, output: 0, cacheWrite: 0, cacheRead: 0 });

/** The API's `usage` object, read defensively: a provider may leave fields out or send null. */
export function tokensOf(usage: unknown): Tokens {
  const u = (typeof usage === "object" && usage !== null ? usage : {}) as Record<string, unknown>;
  const n = (key: string) => (typeof u[key] === "number" && Number.isFinite(u[key]) ? (u[key] as number) : 0);
  return { input: n("input_tokens"), output: n("output_tokens"), cacheWrite: n("cache_creation_input_tokens"), cacheRead: n("cache_read_input_tokens") };
}

export class CostMeter {
  private readonly byModel = new Map<string, Tokens & { calls: number }>();

  add(model: string | undefined, usage: unknown): void {
    const name = model ?? "(unknown model)";
    const sum = this.byModel.get(name) ?? { ...none(), calls: 0 };
    const t = tokensOf(usage);
    this.byModel.set(name, { input: sum.input + t.input, output: sum.output + t.output, cacheWrite: sum.cacheWrite + t.cacheWrite, cacheRead: sum.cacheRead + t.cacheRead, calls: sum.calls + 1 });
  }

  get calls(): number {
    return [...this.byModel.values()].reduce((n, t) => n + t.calls, 0);
  }

  /** USD for the models in the table; undefined when any model used is not in it (then: tokens only). */
  dollars(): number | undefined {
    let total = 0;
    for (const [model, t] of this.byModel) {
      const price = priceOf(model);
      if (!price) return undefined;
      total += costOf(t, price);
    }
    return total;
  }

  /** `/cost`: one line per model, then the total (or why there is no price). */
  describe(): string {
    if (this.byModel.size === 0) return "No model calls yet in this session.";
    const lines = [...this.byModel].map(([model, t]) => {
      const price = priceOf(model);
      const cost = price ? `$${costOf(t, price).toFixed(4)}` : "no price (not in the table: tokens only)";
      return `${model}: ${t.calls} call${t.calls === 1 ? "" : "s"}, ${fmt(t.input)} in, ${fmt(t.output)} out, ${fmt(t.cacheWrite)} cache writes, ${fmt(t.cacheRead)} cache reads — ${cost}`;
    });
    const total = this.dollars();
    if (total !== undefined && this.byModel.size > 1) lines.push(`Total: $${total.toFixed(4)}`);
    return lines.join("\n");
  }
}

export function costOf(t: Tokens, price: Price): number {
  return (t.input * price.input + t.output * price.output + t.cacheWrite * price.cacheWrite + t.cacheRead * price.cacheRead) / 1_000_000;
}

const fmt = (n: number) => n.toLocaleString("en-US");
