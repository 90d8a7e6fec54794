/**
 * Where the cache breakpoints go in the messages. The system prompt brings two of its own
 * (s06: after the fixed layer, after the memory layer); the API allows four per request, so
 * a policy has two left for the conversation. Which place pays depends on what the policy
 * rewrites: a breakpoint only helps if a later request starts with the same blocks up to it.
 *
 *   last              s06's: on the last block of the last message. Ideal when the conversation
 *                     only grows, or changes rarely (batches).
 *   boundary          s07's: just before the oldest result micro-compaction may still replace,
 *                     where a policy that compacts every round changes the conversation next.
 *   boundary + last   both: all four breakpoints.
 */
export interface Layout {
  name: string;
  /** s06's breakpoint on the last message. */
  last: boolean;
  /** s07's breakpoint before the oldest replaceable result. */
  boundary: boolean;
}

export const LAYOUTS: readonly Layout[] = [
  { name: "last", last: true, boundary: false },
  { name: "boundary", last: false, boundary: true },
  { name: "boundary + last", last: true, boundary: true },
];

export const layoutNamed = (name: string): Layout => LAYOUTS.find((l) => l.name === name)!;
