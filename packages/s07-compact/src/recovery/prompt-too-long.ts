/**
 * "prompt is too long": the conversation outgrew the model's context window before the
 * compaction hooks caught it (one huge tool result can do that in a single round). Retrying
 * the same request is pointless, so compact harder — with the function given; by default,
 * drop the middle (keepRecent) and cut long results (shrinkResults) — and try once more. A second "too long" is thrown as it is: the kernel rolls the
 * turn back and the user sees the API's own words.
 *
 * The conversation itself shrinks, not only this request: ctx.messages' contents are
 * replaced (the same array, so the kernel holds the new list), else the very next call would
 * be refused again. That works when the request carries the conversation itself
 * (`request.messages === ctx.messages`: the kernel's own call, reaching this wrapper first).
 * A side call (a summary through ctx.model) has messages of its own: only its copy is compacted.
 */
import { isPromptTooLong, type MessageParam, type ModelWrapper } from "@learn/core";
import { compactHarder as dropAndCut } from "./keep-recent.ts";

export type CompactHarder = (messages: MessageParam[]) => MessageParam[];

export function compactOnPromptTooLong(compactHarder: CompactHarder = dropAndCut): ModelWrapper {
  return (next) => async (request, ctx) => {
    try {
      return await next(request, ctx);
    } catch (err) {
      if (!isPromptTooLong(err)) throw err;
      const before = request.messages;
      const after = compactHarder(before);
      // Nothing could be dropped: a retry would be refused the same way.
      if (size(after) >= size(before)) throw err;
      ctx.renderer.notice(
        `The prompt was too long for the model; compacted harder: ${describe(before)} → ${describe(after)}. Retrying once.`,
      );
      let messages = after;
      if (before === ctx.messages) {
        ctx.messages.splice(0, ctx.messages.length, ...after);
        messages = ctx.messages;
      }
      return next({ ...request, messages }, ctx);
    }
  };
}

/** The size the model reads, roughly: characters of the messages as sent. */
function size(messages: MessageParam[]): number {
  return JSON.stringify(messages).length;
}

/** "24 messages, ~31,000 tokens" (about four characters a token). */
function describe(messages: MessageParam[]): string {
  const tokens = Math.ceil(size(messages) / 4);
  return `${messages.length} messages, ~${tokens.toLocaleString("en")} tokens`;
}
