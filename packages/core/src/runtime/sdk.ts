/**
 * The Anthropic SDK, loaded once for all of core.
 *
 * Why its CommonJS build (`index.js`) and not the package's default ESM one: run from source
 * under tsx (the fallback start, the docs generator), loader hooks add a little time to every
 * ES module loaded; the SDK's ESM build is ~400 files and made startup ~0.6 s slower, its
 * CommonJS build is the same code and loads in a third of the time. A static import (not a
 * runtime `require`) lets the start's bundler (scripts/start.mjs) put the SDK in the bundle.
 * Every module in core takes the SDK from here, so `instanceof Anthropic.APIError` always
 * compares against the same classes.
 */
import { Anthropic as AnthropicFromCommonJs } from "@anthropic-ai/sdk/index.js";

// The same class, with the types the rest of core imports (the ESM build's declarations).
type AnthropicModule = typeof import("@anthropic-ai/sdk");

export const Anthropic = AnthropicFromCommonJs as unknown as AnthropicModule["default"];
export type Anthropic = InstanceType<AnthropicModule["default"]>;
