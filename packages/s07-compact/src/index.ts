/** @learn/s07 — being built. */
export {};
