/**
 * "Did you mean …?": the known name a typo most likely meant — a skill's name (s06), a flag
 * on the command line. Only an obvious match is offered: a wrong guess is worse than none.
 */

/** A name that is obviously what was meant: one contains the other, or two typos away at most. */
export function closestName(requested: string, names: readonly string[]): string | undefined {
  const scored = names
    .map((name) => ({ name, distance: name.includes(requested) || requested.includes(name) ? 0 : editDistance(requested, name) }))
    .filter((s) => s.distance <= 2)
    .sort((a, b) => a.distance - b.distance);
  // Two names equally close is not obvious.
  return scored.length > 0 && scored[0]!.distance !== scored[1]?.distance ? scored[0]!.name : undefined;
}

/** Levenshtein distance: the fewest single-character edits from `a` to `b`. */
function editDistance(a: string, b: string): number {
  let previous = Array.from({ length: b.length + 1 }, (_, j) => j);
  for (let i = 1; i <= a.length; i++) {
    const current = [i];
    for (let j = 1; j <= b.length; j++) {
      current[j] = Math.min(previous[j]! + 1, current[j - 1]! + 1, previous[j - 1]! + (a[i - 1] === b[j - 1] ? 0 : 1));
    }
    previous = current;
  }
  return previous[b.length]!;
}
