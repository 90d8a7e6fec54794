/**
 * `/context`: where the tokens of the next request go, and how far it is from the threshold.
 *
 *   Context (estimated tokens: characters / 4)
 *     system                 2,310   11.9 %
 *     tools                  3,020   15.5 %
 *     …
 *     total                 19,480 of 50,000 before auto-compaction · 30,520 free
 */
import { CONTEXT_KINDS, tokensByKind, type RequestParts } from "./estimate.ts";

const n = (x: number) => x.toLocaleString("en-US");

export function contextReport(request: RequestParts, threshold: number): string {
  const tokens = tokensByKind(request);
  const total = Object.values(tokens).reduce((a, b) => a + b, 0);
  const rows = CONTEXT_KINDS.map((kind) => {
    const share = total === 0 ? 0 : (tokens[kind] / total) * 100;
    return `  ${kind.padEnd(18)} ${n(tokens[kind]).padStart(9)}  ${share.toFixed(1).padStart(5)} %`;
  });
  const free = threshold - total;
  const tail = free >= 0 ? `${n(free)} free` : `${n(-free)} over: the next model call compacts`;
  return [
    "Context (estimated tokens: characters / 4)",
    ...rows,
    `  ${"total".padEnd(18)} ${n(total).padStart(9)}  of ${n(threshold)} before auto-compaction · ${tail}`,
  ].join("\n");
}
