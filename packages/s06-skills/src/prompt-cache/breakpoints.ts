/**
 * The second cache breakpoint: on the last block of the last message, so the next request —
 * this conversation plus one round — reads everything up to here from the cache and pays full
 * price only for what is new.
 *
 *   request n:    [tools][system ◆][m1 m2 … m7 ◆]
 *   request n+1:  [tools][system ◆][m1 m2 … m7 · m8 m9 ◆]     read: up to m7; written: m8 m9
 *
 * The mark goes on a copy: the conversation itself never keeps it. (A breakpoint left on every
 * old message would soon pass the API's limit of four per request.) The wrapper is the
 * innermost one, so it marks whatever message really ends the request.
 *
 * A request whose last block is a one-off question (`oneOffLastBlock`) gets its breakpoint on
 * the block before it, as Claude Code does: a cache entry holding the question would never be
 * read, and the one just before it is the prefix the next request will share.
 */
import { blocksOf, type ContentBlockParam, type MessageParam, type ModelWrapper } from "@learn/core";

/** The only cache type the API has: entries live five minutes, refreshed on every read. */
export const EPHEMERAL = { type: "ephemeral" } as const;

export const markLastMessage: ModelWrapper = (next) => (request, ctx) =>
  next({ ...request, messages: request.oneOffLastBlock ? withBeforeLastMarked(request.messages) : withLastMarked(request.messages) }, ctx);

/** The messages, with a breakpoint on the last block of the last one (a copy; the input is untouched). */
export function withLastMarked(messages: readonly MessageParam[]): MessageParam[] {
  const last = messages.at(-1);
  if (!last) return [...messages];
  const blocks = [...blocksOf(last)];
  const end = blocks.at(-1);
  if (!end || !canCarryBreakpoint(end)) return [...messages];
  blocks[blocks.length - 1] = { ...end, cache_control: EPHEMERAL } as ContentBlockParam;
  return [...messages.slice(0, -1), { ...last, content: blocks } as MessageParam];
}

/** The breakpoint on the block before the last one (`oneOffLastBlock`): the messages marked without that block, then the block put back. */
export function withBeforeLastMarked(messages: readonly MessageParam[]): MessageParam[] {
  const last = messages.at(-1);
  const blocks = last ? blocksOf(last) : [];
  const question = blocks.at(-1);
  if (!last || !question) return withLastMarked(messages);
  if (blocks.length === 1) return [...withLastMarked(messages.slice(0, -1)), last];
  const marked = withLastMarked([...messages.slice(0, -1), { ...last, content: blocks.slice(0, -1) } as MessageParam]);
  const head = marked.at(-1)!;
  return [...marked.slice(0, -1), { ...head, content: [...blocksOf(head), question] } as MessageParam];
}

/** Thinking blocks cannot carry a breakpoint, and an empty text block is refused outright. */
export function canCarryBreakpoint(block: ContentBlockParam): boolean {
  if (block.type === "thinking" || block.type === "redacted_thinking") return false;
  return block.type !== "text" || block.text !== "";
}
