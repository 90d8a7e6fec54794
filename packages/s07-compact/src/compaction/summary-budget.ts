/**
 * How long the summary may be: Claude Code asks for 128,000 output tokens (what current models
 * accept; it sends the model's own limit when that is lower), so a long conversation's summary
 * is never cut. A provider or model whose limit is lower refuses that with a 400 naming
 * max_tokens ("max_tokens: 128000 > 8192, which is the maximum allowed …"): then the same
 * request goes again with the limit the error names — or, if it names none, the agent's own
 * max_tokens. One retry; any other error is the caller's.
 */
import type { Message, ModelRequest } from "@learn/core";
import { apiErrorOf } from "@learn/core";
import { isOutputLimitRefused } from "../recovery/max-tokens.ts";

export const SUMMARY_MAX_TOKENS = 128_000;

/** Send `request` with max_tokens SUMMARY_MAX_TOKENS; refused for its size, once more within the model's limit. */
export async function withinOutputLimit(request: ModelRequest, send: (request: ModelRequest) => Promise<Message>): Promise<Message> {
  try {
    return await send({ ...request, maxTokens: SUMMARY_MAX_TOKENS });
  } catch (err) {
    if (!isOutputLimitRefused(err)) throw err;
    const allowed = /> (\d+), which is the maximum/.exec(apiErrorOf(err)?.message ?? "")?.[1];
    return send(allowed ? { ...request, maxTokens: Number(allowed) } : request);
  }
}
