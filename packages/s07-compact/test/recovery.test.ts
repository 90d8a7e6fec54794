/**
 * Transient errors and the fallback model, through the real SDK and the simulator: which
 * errors are retried, how long each wait is (recorded, never spent), what the user is told,
 * and how many requests reached the API (the SDK's own retries must be off).
 */
import { isAbort, Kernel } from "@learn/core";
import { scriptedModel } from "@learn/core/testing";
import { describe, expect, it, vi } from "vitest";
import { abortableSleep, backoffDelay, RetriesExhaustedError, recoveryWrappers } from "../src/recovery/index.ts";
import { bodyOf, recoveringKernel } from "./recovery-helpers.ts";

const signal = () => new AbortController().signal;
const statuses = (sim: { requests: { status: number }[] }) => sim.requests.map((r) => r.status);

describe("transient errors", () => {
  it("a 429 is retried after the server's retry-after-ms, once, by this wrapper alone", async () => {
    const { kernel, simulator, waits, notices } = recoveringKernel(`
turns:
  - error: { status: 429, type: rate_limit_error, message: "Slow down" }
  - content: [ { type: text, text: "back" } ]
`);
    expect(await kernel.run("go", signal())).toBe("back");
    expect(statuses(simulator)).toEqual([429, 200]); // no SDK retry in between
    expect(waits).toEqual([20]); // the simulator's retry-after-ms
    expect(notices()).toEqual(["Rate limited (429); retrying in 20 ms (attempt 2 of 8)"]);
  });

  it("waits follow full-jitter backoff, and a retry-after in seconds is honoured exactly", async () => {
    const { kernel, simulator, waits, notices } = recoveringKernel(`
turns:
  - error: { status: 529, type: overloaded_error, message: Overloaded, headers: {} }
  - error: { status: 503, type: api_error, message: Unavailable, headers: {} }
  - error: { status: 502, type: api_error, message: Bad gateway, headers: { retry-after: "2" } }
  - error: { status: 500, type: api_error, message: Oops, headers: {} }
  - content: [ { type: text, text: "finally" } ]
`);
    expect(await kernel.run("go", signal())).toBe("finally");
    expect(statuses(simulator)).toEqual([529, 503, 502, 500, 200]);
    // random() = 0.5: half of 500 ms · 2^(n-1); the third wait is the server's 2 s.
    expect(waits).toEqual([250, 500, 2000, 2000]);
    expect(notices()).toEqual([
      "Overloaded (529); retrying in 250 ms (attempt 2 of 8)",
      "Server error (503); retrying in 500 ms (attempt 3 of 8)",
      "Server error (502); retrying in 2.0 s (attempt 4 of 8)",
      "Server error (500); retrying in 2.0 s (attempt 5 of 8)",
    ]);
  });

  it("the backoff ceiling doubles up to 30 s; jitter is anywhere below it", () => {
    const ceilings = [1, 2, 3, 4, 5, 6, 7, 8, 9].map((n) => backoffDelay(n, undefined, () => 0.999999));
    expect(ceilings).toEqual([499, 999, 1999, 3999, 7999, 15999, 29999, 29999, 29999]);
    expect(backoffDelay(5, undefined, () => 0)).toBe(0);
    expect(backoffDelay(5, 12_345, () => 0.5)).toBe(12_345);
  });

  it("a dropped connection is retried", async () => {
    const { kernel, simulator, notices } = recoveringKernel(`
turns:
  - disconnect: true
  - content: [ { type: text, text: "reconnected" } ]
`);
    expect(await kernel.run("go", signal())).toBe("reconnected");
    expect(statuses(simulator)).toEqual([0, 200]);
    expect(notices()).toEqual(["Connection dropped; retrying in 250 ms (attempt 2 of 8)"]);
  });

  it("gives up after maxAttempts with a clear error that keeps the last one as its cause", async () => {
    const { kernel, simulator, waits } = recoveringKernel(
      `
turns:
  - repeat: 4
    error: { status: 529, type: overloaded_error, message: Overloaded, headers: {} }
`,
      { maxAttempts: 4 },
    );
    const err = await kernel.run("go", signal()).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(RetriesExhaustedError);
    expect((err as Error).message).toBe(
      "The model call failed 4 times in a row (last: Overloaded (529)); giving up for now. Try again in a while.",
    );
    expect((err as Error).cause).toMatchObject({ status: 529 });
    expect(statuses(simulator)).toEqual([529, 529, 529, 529]);
    expect(waits).toEqual([250, 500, 1000]);
    expect(kernel.messages).toEqual([]); // the failed prompt was rolled back
  });

  it.each([
    [400, "invalid_request_error", "messages: bad"],
    [401, "authentication_error", "invalid x-api-key"],
  ])("a %i is not retried", async (status, type, message) => {
    const { kernel, simulator, waits, notices } = recoveringKernel(`turns: [ { error: { status: ${status}, type: ${type}, message: "${message}" } } ]`);
    const err = await kernel.run("go", signal()).catch((e: unknown) => e);
    expect(err).toMatchObject({ status });
    expect(statuses(simulator)).toEqual([status]);
    expect(waits).toEqual([]);
    expect(notices()).toEqual([]);
  });

  it("Ctrl-C during a wait stops at once (the real sleep, a 10-minute retry-after)", async () => {
    const { model, simulator, renderer } = scriptedModel(`
turns:
  - error: { status: 529, type: overloaded_error, message: Overloaded, headers: { retry-after: "600" } }
  - content: [ { type: text, text: "never asked" } ]
`);
    const kernel = new Kernel({ model, system: "s", tools: [], wrappers: recoveryWrappers(), cwd: "/tmp", renderer });
    const controller = new AbortController();
    const run = kernel.run("go", controller.signal).catch((e: unknown) => e);
    await vi.waitFor(() => expect(renderer.ofKind("notice").map((e) => e.text)).toEqual(["Overloaded (529); retrying in 600.0 s (attempt 2 of 8)"]));
    controller.abort();
    expect(isAbort(await run, controller.signal)).toBe(true);
    expect(statuses(simulator)).toEqual([529]);
    expect(simulator.remaining()).toBe(1);
  });

  it("the real sleep rejects at once when already cancelled, and resolves otherwise", async () => {
    const controller = new AbortController();
    controller.abort();
    await expect(abortableSleep(600_000, controller.signal)).rejects.toBeDefined();
    await expect(abortableSleep(1, signal())).resolves.toBeUndefined();
  });
});

describe("the fallback model", () => {
  it("after 3 overloads in a row, the fallback model serves the retry and the rest of the session", async () => {
    const { kernel, simulator, notices, defaultModel } = recoveringKernel(
      `
turns:
  - repeat: 3
    error: { status: 529, type: overloaded_error, message: Overloaded, headers: {} }
  - expect: { model: claude-fallback }
    content: [ { type: text, text: "from the fallback" } ]
  - expect: { model: claude-fallback }
    content: [ { type: text, text: "still the fallback" } ]
`,
      { fallbackModel: "claude-fallback" },
    );
    expect(await kernel.run("go", signal())).toBe("from the fallback");
    expect(await kernel.run("again", signal())).toBe("still the fallback");
    expect(simulator.requests.map((r) => bodyOf(r).model)).toEqual([defaultModel, defaultModel, defaultModel, "claude-fallback", "claude-fallback"]);
    expect(notices()).toEqual([
      "Overloaded (529); retrying in 250 ms (attempt 2 of 8)",
      "Overloaded (529); retrying in 500 ms (attempt 3 of 8)",
      "The model was overloaded 3 times in a row; switching to the fallback model claude-fallback for the rest of the session.",
      "Overloaded (529); retrying in 1.0 s (attempt 4 of 8)",
    ]);
  });

  it("overloads that are not in a row do not switch", async () => {
    const { kernel, simulator, defaultModel } = recoveringKernel(
      `
turns:
  - repeat: 2
    error: { status: 529, type: overloaded_error, message: Overloaded, headers: {} }
  - error: { status: 500, type: api_error, message: Oops, headers: {} }
  - error: { status: 529, type: overloaded_error, message: Overloaded, headers: {} }
  - content: [ { type: text, text: "ok" } ]
`,
      { fallbackModel: "claude-fallback" },
    );
    expect(await kernel.run("go", signal())).toBe("ok");
    expect(new Set(simulator.requests.map((r) => bodyOf(r).model))).toEqual(new Set([defaultModel]));
  });

  it("without a fallback, overloads are retried within the budget, then the call gives up", async () => {
    const { kernel, simulator, notices } = recoveringKernel(`
turns:
  - repeat: 8
    error: { status: 529, type: overloaded_error, message: Overloaded, headers: {} }
`);
    const err = await kernel.run("go", signal()).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(RetriesExhaustedError);
    expect(simulator.requests).toHaveLength(8);
    expect(notices().some((n) => n.includes("fallback"))).toBe(false);
  });
});
