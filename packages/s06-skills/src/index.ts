/** @learn/s06 — skills on demand, memory, CLAUDE.md, custom commands, a cached system prompt. (Being built.) */
export {};
