/**
 * The kernel's public surface: what a lesson plugs in (hooks, wrappers) and the Kernel
 * itself. How it runs a round (`runToolRound`, the hook runners) stays inside: a lesson that
 * needs the loop to behave differently adds a hook or a wrapper, it never re-runs the loop.
 */
export { partitionBatches, runInBatches } from "./batches.ts";
export {
  defineHook,
  type Hook,
  type HookEvent,
  type HookEvents,
  type PostToolBatchResult,
  type PostToolUseResult,
  type PreToolUseResult,
  type StopResult,
  type ToolCall,
  type UserPromptSubmitResult,
} from "./hooks.ts";
export { DEFAULT_STOP_CONTINUATIONS, Kernel, type KernelOptions, type SystemPrompt } from "./kernel.ts";
export type { ModelCall, ModelWrapper } from "./model-wrapper.ts";
