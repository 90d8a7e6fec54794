/**
 * A tool input nested too deep. The model's JSON is parsed without recursion, but nearly
 * everything the harness then does with an input is recursive — JSON.stringify for the screen,
 * the trace and the next request, zod, the secret scrubber — and 100,000 levels overflow the
 * stack: the turn would end with a RangeError instead of a tool error the model can act on.
 *
 * So, as soon as a response arrives and before anything walks it, each tool_use input is
 * measured without recursion; one deeper than MAX_TOOL_INPUT_DEPTH is replaced by a flat
 * placeholder that says why (the conversation can still be sent), and run-tools.ts answers it
 * with a tool error. No tool of the course takes input nested more than a few levels.
 */
import type { Message } from "./protocol.ts";

export const MAX_TOOL_INPUT_DEPTH = 64;
/** The key of the placeholder that stands in for an input too deep to keep. */
export const TOO_DEEP_KEY = "input_too_deep";

/** True when `value` nests objects or arrays more than `limit` levels deep (measured with a stack, not recursion). */
export function nestedDeeperThan(value: unknown, limit: number): boolean {
  const stack: [unknown, number][] = [[value, 0]];
  while (stack.length > 0) {
    const [item, depth] = stack.pop()!;
    if (item === null || typeof item !== "object") continue;
    if (depth >= limit) return true;
    for (const child of Object.values(item)) if (child !== null && typeof child === "object") stack.push([child, depth + 1]);
  }
  return false;
}

/** Replace every too-deep tool_use input of `response` with the flat placeholder, in place. */
export function flattenDeepInputs(response: Pick<Message, "content">): void {
  for (const block of response.content) {
    if (block.type === "tool_use" && nestedDeeperThan(block.input, MAX_TOOL_INPUT_DEPTH)) {
      block.input = { [TOO_DEEP_KEY]: `the input was nested more than ${MAX_TOOL_INPUT_DEPTH} levels deep, and was not kept` };
    }
  }
}

/** The tool error for an input that was too deep (or still is), else undefined. */
export function tooDeepProblem(name: string, input: unknown): string | undefined {
  const placeholder = input !== null && typeof input === "object" && Object.hasOwn(input, TOO_DEEP_KEY);
  if (!placeholder && !nestedDeeperThan(input, MAX_TOOL_INPUT_DEPTH)) return undefined;
  return `Invalid input for ${name}: nested more than ${MAX_TOOL_INPUT_DEPTH} levels deep. Send the input again, flat: no tool here takes structures that deep.`;
}
