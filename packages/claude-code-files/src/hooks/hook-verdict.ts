/**
 * What a command hook's run comes to, once read by Claude Code's contract (verdict.ts reads the
 * exit code, json-answer.ts a JSON answer): its own file, so both can name it without
 * importing each other.
 */
export interface HookVerdict {
  /** Exit 2, or `decision: "block"`: the reason to block with. */
  block?: string;
  /** `continue: false`: no further model call; the stopReason, for the user. */
  stop?: string;
  /** `systemMessage`: for the user's eyes only. */
  notice?: string;
  /** PreToolUse's JSON answer. */
  decision?: "allow" | "deny" | "ask";
  reason?: string;
  /** PreToolUse: run the call with this input instead, in Claude Code's field names. */
  updatedInput?: unknown;
  /** Text for the model. */
  context?: string;
  /** Something went wrong with the hook itself: shown to the user, does not block. */
  error?: string;
}
