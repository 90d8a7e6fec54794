/**
 * The fallback model: when the model keeps answering "overloaded" (529), waiting may not be
 * enough — the whole model is busy. After a few overloads in a row, switch to the model the
 * user named as a fallback (FALLBACK_MODEL_ID) and stay on it for the rest of the session:
 * flapping back and forth would make every other turn slow again. Without a fallback the
 * errors pass through untouched and the retry budget decides.
 *
 * This wrapper sits INSIDE the retry loop (see index.ts): it must see every attempt's error
 * to count overloads in a row, and the switch takes effect on the very next retry. It never
 * retries by itself. The state (the count, the switch) lives in the wrapper, so it lasts as
 * long as the agent that owns it.
 */
import { isOverloaded, type ModelWrapper } from "@learn/core";

/** Overloaded answers in a row before the switch. */
export const OVERLOADS_BEFORE_FALLBACK = 3;

export function fallbackOnOverload(fallbackModel: string | undefined): ModelWrapper {
  let overloadsInARow = 0;
  let switched = false;
  return (next) => async (request, ctx) => {
    try {
      const response = await next(switched && fallbackModel ? { ...request, model: fallbackModel } : request, ctx);
      overloadsInARow = 0;
      return response;
    } catch (err) {
      overloadsInARow = isOverloaded(err) ? overloadsInARow + 1 : 0;
      if (fallbackModel && !switched && overloadsInARow >= OVERLOADS_BEFORE_FALLBACK) {
        switched = true;
        const from = request.model ? `${request.model} was` : "The model was";
        ctx.renderer.notice(`${from} overloaded ${overloadsInARow} times in a row; switching to the fallback model ${fallbackModel} for the rest of the session.`);
      }
      throw err;
    }
  };
}
