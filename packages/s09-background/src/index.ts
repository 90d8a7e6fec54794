/** @learn/s09 — background jobs, notifications and cron: slow work that doesn't block. Later lessons import from here. */
export {};
