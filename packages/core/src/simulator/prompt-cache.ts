/**
 * Prompt caching, accounted the way the Anthropic API reports it. A request is read as one
 * long prefix: tools, then system, then messages, one block at a time. A block carrying
 * `cache_control` is a breakpoint: the API keeps the work done on the prefix up to it, and a
 * later request that starts with the same blocks reads that prefix back instead of paying
 * for it again (`cache_read_input_tokens`); what it had to store is `cache_creation_input_tokens`.
 *
 *     blocks:        tool  tool │ sys  sys* │ user  asst  user  asst  user*   (* = cache_control)
 *     breakpoint 1:  ─────────────────────┘                                   caches tools + system
 *     breakpoint 2:  ─────────────────────────────────────────────────────┘   caches the whole prefix
 *     lookback:      each breakpoint tries its own prefix, then each shorter one, up to
 *                    20 blocks back, and reads the first an earlier request wrote:
 *                                     ◀──────── up to 20 blocks ────────  *
 *
 * So a conversation that grows by a round reads last round's prefix (the lookback finds the
 * old last message) and writes only the new part. Any change to a block — one byte of the
 * system prompt, a tool's description, the key order of a tool call's input — gives every
 * prefix after it a new identity, and those prefixes miss. A prefix too short for the model
 * (the minimum below) is never cached; an entry lives 5 minutes (or an hour, `ttl: "1h"`) after
 * it was last written or read. Tokens are the simulator's estimate (characters / 4), never a
 * tokenizer's count: the figures are exact about *what* is cached, approximate about *how much*.
 *
 * The class knows nothing of the simulator, so a benchmark can account a conversation without
 * one. Checking the request (at most 4 breakpoints, the shape of `cache_control`) is validate.ts's job.
 */
import { createHash } from "node:crypto";
import { estimateTokens, promptTokens } from "./request.ts";

/** What the API reports about a request's input: the three parts add up to the total. */
export interface CacheFigures {
  /** Input not read from the cache and not written to it (`input_tokens`). */
  inputTokens: number;
  /** `cache_read_input_tokens`: the longest cached prefix found. */
  cacheReadTokens: number;
  /** `cache_creation_input_tokens`: from the end of the read prefix to the last breakpoint written. */
  cacheWriteTokens: number;
  /** The whole prompt. */
  totalTokens: number;
}

/** A Messages API request, as far as caching is concerned (a `MessageCreateParams` fits). */
export interface CacheRequest {
  model: string;
  system?: string | readonly object[] | null;
  messages: readonly { role: string; content: string | readonly object[] }[];
  tools?: readonly object[] | null;
}

export interface PromptCacheOptions {
  /** The clock, in milliseconds (a test moves it to expire entries without waiting). */
  now?: () => number;
}

/**
 * The shortest prefix each model caches, in tokens; a shorter one is simply not cached.
 * Figures from the API's prompt-caching documentation. Anything else — Sonnet 4 and 4.5,
 * Opus 4 and 4.1, and the made-up model ids of offline scripts — gets the default.
 */
const MINIMUM_BY_MODEL: [RegExp, number][] = [
  [/opus-4-[56]\b/, 4096],
  [/haiku-4-5\b/, 4096],
  [/sonnet-4-6\b/, 2048],
  [/claude-3-(5-)?haiku\b/, 2048],
];
const DEFAULT_MINIMUM = 1024;

export function minimumCacheableTokens(model: string): number {
  return MINIMUM_BY_MODEL.find(([pattern]) => pattern.test(model))?.[1] ?? DEFAULT_MINIMUM;
}

/** How far back from a breakpoint the API looks for an earlier prefix: block boundaries, not tokens. */
export const LOOKBACK_BLOCKS = 20;

const TTL_MS = { "5m": 5 * 60_000, "1h": 60 * 60_000 } as const;
type Ttl = keyof typeof TTL_MS;

/** One block of the prefix: its place in the hash chain, its size, and its breakpoint if it is one. */
interface PrefixBlock {
  /** Identity of the prefix that ends with this block (model and every block up to here). */
  hash: string;
  /** Tokens of the prefix that ends with this block. */
  tokens: number;
  breakpoint?: Ttl;
}

interface Entry {
  expiresAt: number;
  ttlMs: number;
}

type Obj = Record<string, unknown>;

export class PromptCache {
  readonly #now: () => number;
  /** Cached prefixes by identity. The model is part of the identity: one map serves every model. */
  readonly #entries = new Map<string, Entry>();

  constructor(options: PromptCacheOptions = {}) {
    this.#now = options.now ?? Date.now;
  }

  /** Account one request: read what an earlier request cached, write what this one asks to cache. */
  account(request: CacheRequest): CacheFigures {
    const now = this.#now();
    this.#forgetExpired(now);
    const totalTokens = promptTokens(request);
    const blocks = prefixBlocks(request, totalTokens);
    const breakpoints = blocks.flatMap((block, i) => (block.breakpoint ? [i] : []));

    const readEnd = this.#read(blocks, breakpoints, now);
    const cacheReadTokens = readEnd < 0 ? 0 : blocks[readEnd]!.tokens;

    const minimum = minimumCacheableTokens(request.model);
    let writeEnd = -1;
    for (const i of breakpoints) {
      const block = blocks[i]!;
      if (block.tokens < minimum || this.#entries.has(block.hash)) continue;
      const ttlMs = TTL_MS[block.breakpoint!];
      this.#entries.set(block.hash, { expiresAt: now + ttlMs, ttlMs });
      writeEnd = i;
    }
    const cacheWriteTokens = writeEnd > readEnd ? blocks[writeEnd]!.tokens - cacheReadTokens : 0;
    const inputTokens = Math.max(0, totalTokens - cacheReadTokens - cacheWriteTokens);
    return { inputTokens, cacheReadTokens, cacheWriteTokens, totalTokens };
  }

  /**
   * The end of the longest cached prefix any breakpoint finds (-1 for none). Each breakpoint
   * walks back from itself to the first cached prefix; every entry found is a hit, and a hit
   * keeps its entry alive for another full TTL.
   */
  #read(blocks: PrefixBlock[], breakpoints: number[], now: number): number {
    let readEnd = -1;
    for (const breakpoint of breakpoints) {
      for (let i = breakpoint; i >= Math.max(0, breakpoint - LOOKBACK_BLOCKS); i--) {
        const entry = this.#entries.get(blocks[i]!.hash);
        if (!entry) continue;
        entry.expiresAt = now + entry.ttlMs;
        readEnd = Math.max(readEnd, i);
        break;
      }
    }
    return readEnd;
  }

  #forgetExpired(now: number): void {
    for (const [hash, entry] of this.#entries) if (entry.expiresAt <= now) this.#entries.delete(hash);
  }
}

/**
 * The request as a chain of blocks in prefix order: each tool, each system block, each
 * content block of each message (a string is one text block). A block's identity is its JSON
 * without `cache_control` (marking a block does not change it), plus where it sits: section,
 * message number and role, so the same block in another message is another prefix.
 */
function prefixBlocks(request: CacheRequest, totalTokens: number): PrefixBlock[] {
  const parts: { where: string; content: string | object }[] = [
    // A deferred tool (defer_loading) is not in the prefix: the API shows it where a
    // tool_reference loads it, so loading one does not change the prefix before it.
    ...(request.tools ?? []).filter((tool) => (tool as Obj).defer_loading !== true).map((content) => ({ where: "tools", content })),
    ...asParts(request.system ?? []).map((content) => ({ where: "system", content })),
    ...request.messages.flatMap((message, m) =>
      asParts(message.content).map((content) => ({ where: `messages.${m}.${message.role}`, content })),
    ),
  ];
  let hash = sha256(`model\0${request.model}`);
  let chars = 0;
  return parts.map(({ where, content }) => {
    const block = typeof content === "string" ? { type: "text", text: content } : (content as Obj);
    const identity = JSON.stringify(withoutCacheControl(block));
    hash = sha256(`${hash}\0${where}\0${identity}`);
    // Counted as sent (a string as a string): each block's JSON is a piece of the request's
    // JSON, so a prefix never counts more than the whole prompt.
    chars += typeof content === "string" ? JSON.stringify(content).length : identity.length;
    const ttl = breakpointOf(block);
    return { hash, tokens: Math.min(totalTokens, estimateTokens(chars)), ...(ttl ? { breakpoint: ttl } : {}) };
  });
}

/** A string system prompt or message content is one block; a list is one block per item. */
function asParts(content: string | readonly object[]): readonly (string | object)[] {
  return typeof content === "string" ? [content] : content;
}

/** The block without its cache_control, nor that of a tool result's own content blocks. */
function withoutCacheControl(block: Obj): Obj {
  const { cache_control: _, ...rest } = block;
  if (rest.type !== "tool_result" || !Array.isArray(rest.content)) return rest;
  return { ...rest, content: rest.content.map((inner: Obj) => withoutCacheControl(inner)) };
}

/** The TTL of the block's breakpoint, if it is one. A tool result is one when any of its own blocks is. */
function breakpointOf(block: Obj): Ttl | undefined {
  const own = ttlOf(block.cache_control);
  if (own || block.type !== "tool_result" || !Array.isArray(block.content)) return own;
  return (block.content as Obj[]).map((inner) => ttlOf(inner.cache_control)).find((ttl) => ttl !== undefined);
}

function ttlOf(cacheControl: unknown): Ttl | undefined {
  if (typeof cacheControl !== "object" || cacheControl === null) return undefined;
  return (cacheControl as { ttl?: Ttl }).ttl ?? "5m";
}

function sha256(text: string): string {
  return createHash("sha256").update(text).digest("hex");
}
