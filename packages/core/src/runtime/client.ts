/**
 * The model client: always the real `@anthropic-ai/sdk`. Online it talks to the configured
 * endpoint; offline the same SDK gets the simulator's `fetch`, so everything above this
 * line — requests, streaming, retries, errors — is the real thing either way.
 */
import v8 from "node:v8";
import { Anthropic } from "./sdk.ts";
import type { Config } from "../platform/config.ts";

/** The SDK retries 429, 5xx and dropped connections this many times before giving up. */
export const SDK_MAX_RETRIES = 2;
/** A base URL that can never resolve: offline requests must never leave the process. */
export const SIMULATOR_BASE_URL = "http://simulator.invalid";

export function createClient(config: Config, simulator?: { fetch: typeof fetch }): Anthropic {
  if (simulator || config.offline) {
    if (!simulator) throw new Error("offline mode needs a simulator (a model script)");
    return new Anthropic({
      apiKey: "offline",
      authToken: null,
      baseURL: SIMULATOR_BASE_URL,
      fetch: simulator.fetch,
      maxRetries: SDK_MAX_RETRIES,
    });
  }
  baselineWebAssemblyOnly();
  return new Anthropic({
    apiKey: config.apiKey ?? null,
    authToken: config.authToken ?? null,
    baseURL: config.baseURL,
    maxRetries: SDK_MAX_RETRIES,
  });
}

/**
 * Node's `fetch` reads HTTP responses with llhttp, a parser compiled to WebAssembly. After the
 * first response V8 recompiles its big parsing function with its optimizing compiler
 * (TurboFan) on a worker thread, about 100 ms of work, and a process that exits meanwhile
 * waits for that worker: a one-round `--print` ended about 100 ms after its last byte. The
 * quick baseline code (Liftoff) parses a few responses in no time, so keep to it. The flag
 * touches only WebAssembly, and must be set before llhttp is first compiled (the first
 * request). s03's bash parser sets the same flag for the same reason (bash-analysis).
 */
function baselineWebAssemblyOnly(): void {
  v8.setFlagsFromString("--liftoff-only");
}
