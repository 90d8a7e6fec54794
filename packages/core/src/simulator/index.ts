/**
 * The offline model: scripts (YAML, checked) and the simulator that serves them to the real SDK.
 */
export type { Expect, Range, Script, ScriptBlock, ScriptTurn, TurnAnswer } from "./script.ts";
export { ScriptError, loadScript, parseScript } from "./load.ts";
export { withPauses } from "./pauses.ts";
export { DEFAULT_AGENT, Simulator, UNKNOWN_PROMPT, type RecordedRequest } from "./simulator.ts";
export {
  LOOKBACK_BLOCKS,
  PromptCache,
  minimumCacheableTokens,
  type CacheFigures,
  type CacheRequest,
  type PromptCacheOptions,
} from "./prompt-cache.ts";
