/**
 * @learn/core/simulator — THE OFFLINE MODEL: a script (YAML, checked when it loads) and the
 * simulator that answers the real SDK from it, over the real Messages protocol — so every
 * lesson runs with no key and no network, and a test sees the exact requests an agent sent.
 *
 * Every name here is imported by some other package (test/entry-points.test.ts checks); what
 * only core uses (the cli's `withPauses`, the error names) is imported from its own file.
 */
export type { Script, ScriptBlock, ScriptTurn, TurnAnswer } from "./script.ts";
export { loadScript } from "./load.ts";
export { Simulator, type RecordedRequest } from "./simulator.ts";
export { PromptCache, type CacheRequest } from "./prompt-cache.ts";
export { promptTokens } from "./request.ts";
