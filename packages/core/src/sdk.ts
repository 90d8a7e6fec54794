/**
 * The Anthropic SDK, loaded once for all of core.
 *
 * Why `require` and not `import`: lessons run under tsx, whose loader hooks add a little time
 * to every ES module loaded. The SDK's ESM build is ~400 files, which made startup ~0.6 s
 * slower; its CommonJS build is the same code and loads in a third of the time. Every
 * module in core takes the SDK from here, so `instanceof Anthropic.APIError` always
 * compares against the same classes.
 */
import { createRequire } from "node:module";

type AnthropicModule = typeof import("@anthropic-ai/sdk");

const sdk = createRequire(import.meta.url)("@anthropic-ai/sdk") as AnthropicModule;

export const Anthropic = sdk.default;
export type Anthropic = InstanceType<AnthropicModule["default"]>;
