import { describe, expect, it } from "vitest";
import { apiErrorOf, isOverloaded, isPromptTooLong, isRateLimited } from "../src/runtime/errors.ts";
import { Anthropic } from "../src/runtime/sdk.ts";

/** An error as the SDK builds it from an HTTP response. */
function sdkError(status: number, type: string, message: string, headers: Record<string, string> = {}) {
  return Anthropic.APIError.generate(status, { type: "error", error: { type, message } }, undefined, new Headers(headers));
}

/** The same error thrown by another copy of the SDK: the same shape, a different class. */
function foreignError(status: number, type: string, message: string, headers: Record<string, string> = {}) {
  return Object.assign(new Error(`${status} ${message}`), { status, headers, error: { type: "error", error: { type, message } } });
}

describe("apiErrorOf", () => {
  it("reads status, type, message and headers from an SDK error", () => {
    const info = apiErrorOf(sdkError(429, "rate_limit_error", "slow down", { "Retry-After": "7", "request-id": "req_1" }));
    expect(info).toEqual({
      status: 429,
      type: "rate_limit_error",
      message: "slow down",
      headers: { "retry-after": "7", "request-id": "req_1" },
      retryAfterMs: 7000,
    });
  });

  it("prefers retry-after-ms to retry-after", () => {
    expect(apiErrorOf(sdkError(529, "overloaded_error", "busy", { "retry-after-ms": "250", "retry-after": "9" }))?.retryAfterMs).toBe(250);
  });

  it("reads an error from another copy of the SDK by its shape", () => {
    expect(apiErrorOf(foreignError(529, "overloaded_error", "busy"))).toMatchObject({ status: 529, type: "overloaded_error", message: "busy" });
  });

  it("is undefined for errors that are not HTTP answers", () => {
    expect(apiErrorOf(new Error("boom"))).toBeUndefined();
    expect(apiErrorOf(new Anthropic.APIConnectionError({ message: "no route" }))).toBeUndefined();
    expect(apiErrorOf("text")).toBeUndefined();
    expect(apiErrorOf(null)).toBeUndefined();
  });
});

describe("classifiers", () => {
  const tooLong = "prompt is too long: 210000 tokens > 200000 maximum";
  it.each([
    ["prompt too long", sdkError(400, "invalid_request_error", tooLong), { tooLong: true, overloaded: false, rateLimited: false }],
    ["prompt too long (other copy)", foreignError(400, "invalid_request_error", tooLong), { tooLong: true, overloaded: false, rateLimited: false }],
    ["a provider's context-length wording", foreignError(400, "invalid_request_error", "This model's maximum context length is 128000 tokens"), { tooLong: true, overloaded: false, rateLimited: false }],
    ["another bad request", sdkError(400, "invalid_request_error", "messages: field required"), { tooLong: false, overloaded: false, rateLimited: false }],
    ["overloaded (529)", sdkError(529, "overloaded_error", "Overloaded"), { tooLong: false, overloaded: true, rateLimited: false }],
    ["overloaded by type", foreignError(503, "overloaded_error", "Overloaded"), { tooLong: false, overloaded: true, rateLimited: false }],
    ["rate limited (429)", sdkError(429, "rate_limit_error", "slow down"), { tooLong: false, overloaded: false, rateLimited: true }],
    ["a server error", sdkError(500, "api_error", "oops"), { tooLong: false, overloaded: false, rateLimited: false }],
    ["not an API error", new Error("prompt is too long"), { tooLong: false, overloaded: false, rateLimited: false }],
  ])("%s", (_name, err, expected) => {
    expect({ tooLong: isPromptTooLong(err), overloaded: isOverloaded(err), rateLimited: isRateLimited(err) }).toEqual(expected);
  });
});
