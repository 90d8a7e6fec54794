/** @learn/s08 — being built (branch s08). */
export {};
