/**
 * Parallel batches. Reading three files one after another wastes the user's time; writing
 * two files at once can corrupt them. So each tool says whether it is concurrency-safe, and
 * the calls of one model response are grouped:
 *
 *   [read, grep, read] [write] [read] [bash]   ← consecutive safe calls share a batch;
 *    └── together ──┘  alone   alone   alone      an unsafe call is always alone.
 *
 * Batches run one after another, calls in a batch together, and results come back in the
 * order the model asked for them — whatever order they finished in.
 */

/** Group `items` into batches: runs of consecutive safe items, and each unsafe item alone. */
export function partitionBatches<T>(items: readonly T[], isSafe: (item: T) => boolean): T[][] {
  const batches: T[][] = [];
  for (const item of items) {
    const last = batches.at(-1);
    if (isSafe(item) && last && isSafe(last[0]!)) last.push(item);
    else batches.push([item]);
  }
  return batches;
}

/** Run `items` batch by batch; return the results in the original order. */
export async function runInBatches<T, R>(
  items: readonly T[],
  isSafe: (item: T) => boolean,
  run: (item: T) => Promise<R>,
): Promise<R[]> {
  const results: R[] = [];
  for (const batch of partitionBatches(items, isSafe)) {
    results.push(...(await Promise.all(batch.map(run))));
  }
  return results;
}
