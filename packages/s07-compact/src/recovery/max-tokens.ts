/**
 * An answer cut off at max_tokens. The model had more to say; the budget ran out. Two moves,
 * cheapest first:
 *
 *   1. Escalate: ask the same request again with max_tokens 64,000 (once). Most cut answers
 *      simply fit then, whole, as one answer. (A model whose output limit is lower refuses
 *      that with a 400 naming max_tokens: then go straight to continuing.)
 *   2. Continue: if even that is cut, send a COPY of the request with the partial text as an
 *      assistant message and "Continue exactly where you stopped." after it, and join the
 *      pieces — at most 3 times. The conversation itself never sees the scaffolding.
 *
 * A tool call is never cut in half: a response that stops at max_tokens while writing a tool
 * call has an incomplete input (the SDK parses partial JSON), so that last tool_use is dropped
 * and the model is asked again. A piece that holds complete tool calls ends the continuing:
 * the kernel runs them and the model carries on after their results.
 *
 * What the kernel gets back is ONE message, as if the model had answered in one go:
 *   content      the pieces' complete blocks in order, the text at each seam joined into one block
 *   stop_reason  the last piece's (still "max_tokens" if 3 continuations were not enough:
 *                the kernel then says the answer was cut off)
 *   usage        summed over every call made for it, the discarded cut attempt included (it was paid for)
 *   id, model    the last piece's
 */
import { apiErrorOf, isPromptTooLong, type ContentBlock, type Message, type MessageParam, type ModelRequest, type ModelWrapper, type Usage } from "@learn/core";

/** The output budget of the escalated retry (what current models accept). */
export const ESCALATED_MAX_TOKENS = 64_000;
/** How many times the model may be asked to continue a cut answer. */
export const MAX_CONTINUATIONS = 3;
export const CONTINUE_PROMPT = "Continue exactly where you stopped.";

export function recoverMaxTokens(): ModelWrapper {
  return (next) => async (request, ctx) => {
    const first = await next(request, ctx);
    if (first.stop_reason !== "max_tokens") return first;
    const calls = [first];
    let base = request;
    if ((request.maxTokens ?? 0) < ESCALATED_MAX_TOKENS && first.usage.output_tokens < ESCALATED_MAX_TOKENS) {
      ctx.renderer.notice(`The answer was cut off at max_tokens; asking again with max_tokens ${ESCALATED_MAX_TOKENS.toLocaleString("en")}.`);
      const escalated = { ...request, maxTokens: ESCALATED_MAX_TOKENS };
      const response = await next(escalated, ctx).catch((err: unknown) => {
        if (!isOutputLimitRefused(err)) throw err;
        // A model with a smaller output limit refuses 64,000 outright: continue at the old budget.
        ctx.renderer.notice("This model does not accept max_tokens 64,000; asking it to continue instead.");
        return undefined;
      });
      if (response) {
        base = escalated;
        calls.push(response);
      }
    }
    const pieces = [completeBlocks(calls.at(-1)!)];
    for (let n = 1; n <= MAX_CONTINUATIONS && needsMore(pieces.at(-1)!); n++) {
      ctx.renderer.notice(`Asking the model to continue the cut answer (${n} of ${MAX_CONTINUATIONS}).`);
      const response = await next(continuation(base, pieces), ctx);
      calls.push(response);
      pieces.push(completeBlocks(response));
    }
    return joinPieces(pieces, sumUsage(calls));
  };
}

/** A 400 about max_tokens itself ("max_tokens: 64000 > 8192, which is the maximum allowed ..."). */
export function isOutputLimitRefused(err: unknown): boolean {
  const api = apiErrorOf(err);
  return api?.status === 400 && !isPromptTooLong(err) && /max_tokens/i.test(api.message);
}

/** Still cut, and nothing runnable in it: ask for the rest. */
function needsMore(piece: Message): boolean {
  return piece.stop_reason === "max_tokens" && !piece.content.some((b) => b.type === "tool_use");
}

/** The response without a tool call cut in half: when it stopped at max_tokens, a last tool_use is incomplete. */
export function completeBlocks(response: Message): Message {
  const last = response.content.at(-1);
  if (response.stop_reason !== "max_tokens" || last?.type !== "tool_use") return response;
  return { ...response, content: response.content.slice(0, -1) };
}

/** A copy of `base` that shows the model what it wrote so far and asks for the rest. */
export function continuation(base: ModelRequest, pieces: Message[]): ModelRequest {
  const text = pieces.map(textOfBlocks).join("");
  // Nothing complete came back (only a cut tool call): asking again is all there is to do.
  if (text === "") return base;
  const added: MessageParam[] = [
    { role: "assistant", content: [{ type: "text", text }] },
    { role: "user", content: CONTINUE_PROMPT },
  ];
  return { ...base, messages: [...base.messages, ...added] };
}

function textOfBlocks(message: Message): string {
  return message.content.map((b) => (b.type === "text" ? b.text : "")).join("");
}

/** One message from the pieces: blocks in order, text joined at the seams (see the top of the file). */
export function joinPieces(pieces: Message[], usage: Usage): Message {
  const content: ContentBlock[] = [];
  for (const piece of pieces) {
    piece.content.forEach((block, i) => {
      const previous = content.at(-1);
      if (i === 0 && block.type === "text" && previous?.type === "text") {
        content[content.length - 1] = { ...previous, text: previous.text + block.text };
      } else {
        content.push(block);
      }
    });
  }
  return { ...pieces.at(-1)!, content, usage };
}

function sumUsage(calls: Message[]): Usage {
  const add = (pick: (u: Usage) => number | null) => calls.reduce((sum, c) => sum + (pick(c.usage) ?? 0), 0);
  return {
    ...calls.at(-1)!.usage,
    input_tokens: add((u) => u.input_tokens),
    output_tokens: add((u) => u.output_tokens),
    cache_creation_input_tokens: add((u) => u.cache_creation_input_tokens),
    cache_read_input_tokens: add((u) => u.cache_read_input_tokens),
  };
}
