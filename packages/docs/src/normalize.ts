/**
 * Making a traced run reproducible text. A run differs from the last one only in what the
 * machine chose: the temporary workspace's path, generated ids, timestamps, timings. Each is
 * replaced by a stable stand-in, so `pnpm docs` twice — or on another machine — writes the
 * same bytes, and `pnpm docs:check` fails only when the code really changed.
 */
import os from "node:os";
import path from "node:path";
import { repoRoot, type TraceEntry } from "@learn/core/harness";
import { PromptCache, type CacheRequest } from "@learn/core/simulator";

export const WORKSPACE = "<workspace>";
const HOOK_TRANSCRIPTS = /learn-agent-hooks-\d+/g;
/** The course's own checkout (a bundled skill's folder, say): where it was cloned is not the lesson's business. */
export const COURSE = "<course>";

/** Ids the API and the simulator generate: `toolu_01Ab…`, `toolu_sim_0001`, `msg_…`, `req_…`. */
const ID = /\b(toolu|srvtoolu|msg|req)_(?=[A-Za-z0-9_]*\d)[A-Za-z0-9_]+/g;
/** Random UUIDs (a hook event's `session_id`): a new one every session. */
const UUID = /\b[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}\b/gi;
/** ISO-like timestamps, also the `2025-01-31T12-00-00-123Z` form used in file names (transcripts). */
const TIMESTAMP = /\b\d{4}-\d{2}-\d{2}[T ]\d{2}[:-]\d{2}[:-]\d{2}(?:[.,-]\d+)?(?:Z|[+-]\d{2}:?\d{2})?/g;
/** A date on its own (the prompt's "Today's date"): a walkthrough must not change at midnight. */
const DATE = /\b\d{4}-\d{2}-\d{2}\b/g;
/** Timings test runners print (`duration_ms 12.3`, `(4.2ms)`): different on every run. */
const DURATION_MS = /\b(duration_ms:?\s*)\d+(?:\.\d+)?/g;
const MILLIS = /\b\d+(?:\.\d+)?ms\b/g;
/** Measured seconds as the harness prints them, always with a decimal (`exit 0 after 3.1s`); `120s`, a setting, stays. */
const SECONDS = /\b\d+\.\d+s\b/g;
/**
 * Git commit ids, short or full (`4f1c2e0`): a commit's id depends on the second it was made.
 * Hex with at least one digit and one letter, so a word (`defaced`) or a number stays.
 */
const COMMIT = /\b(?=[0-9a-f]*\d)(?=[0-9a-f]*[a-f])[0-9a-f]{7,40}\b/g;

/** Agents that run at once; the lead comes first, the others by name. */
function agentOrder(a: string, b: string): number {
  if (a === b) return 0;
  if (a === "lead" || b === "lead") return a === "lead" ? -1 : 1;
  return a < b ? -1 : 1;
}

/**
 * Trace lines grouped by agent, each agent's lines in their own order: the lead's first, then
 * the other agents' by name. Agents that run at once interleave their lines differently on
 * every run; grouped, the same run gives the same sequence every time.
 */
export function byAgent<T extends { agent: string }>(entries: readonly T[]): T[] {
  const agents = [...new Set(entries.map((entry) => entry.agent))].sort(agentOrder);
  return agents.flatMap((agent) => entries.filter((entry) => entry.agent === agent));
}

/**
 * Renumbers ids in order of first appearance. One instance per walkthrough, so `toolu_2`
 * in a request is the same call as `toolu_2` in the response before it. With several
 * agents, "first appearance" is counted agent by agent (see `byAgent`), so the numbers do
 * not depend on how the agents happened to interleave.
 */
export class Normalizer {
  private readonly ids = new Map<string, string>();
  private readonly counters = new Map<string, number>();

  /** A normalised copy of the entries; `workspaces` are the real paths of the run's workspace. */
  entries(entries: readonly TraceEntry[], workspaces: readonly string[]): TraceEntry[] {
    const normalized = new Map<TraceEntry, TraceEntry>();
    for (const entry of byAgent(entries)) {
      normalized.set(entry, JSON.parse(this.text(JSON.stringify(entry), workspaces)) as TraceEntry);
    }
    return entries.map((entry) => normalized.get(entry)!);
  }

  /** Normalise free text (a final answer) the same way. */
  text(text: string, workspaces: readonly string[]): string {
    let out = text;
    // Longest first: a realpath may contain the path given (or the other way round). The
    // workspaces (temporary copies) before the course's checkout, which cannot contain them.
    const paths = [...workspaces].sort((a, b) => b.length - a.length).map((dir) => [dir, WORKSPACE] as const);
    for (const [dir, stand] of [...paths, [repoRoot(), COURSE] as const]) {
      out = out.split(dir).join(stand);
      const escaped = JSON.stringify(dir).slice(1, -1); // as it appears inside JSON strings
      if (escaped !== dir) out = out.split(escaped).join(stand);
    }
    // The temp folder (a hook's transcript lives there), and the user id in the name of its folder.
    out = out.split(`${os.tmpdir()}${path.sep}`).join("<tmp>/").replace(HOOK_TRANSCRIPTS, "learn-agent-hooks-<uid>");
    return out
      .replace(UUID, "<uuid>")
      .replace(TIMESTAMP, "<timestamp>")
      .replace(DATE, "<date>")
      .replace(DURATION_MS, "$1<ms>")
      .replace(MILLIS, "<ms>")
      .replace(SECONDS, "<s>")
      .replace(COMMIT, "<commit>")
      .replace(ID, (id, prefix: string) => this.idFor(id, prefix));
  }

  private idFor(id: string, prefix: string): string {
    let stable = this.ids.get(id);
    if (!stable) {
      const n = (this.counters.get(prefix) ?? 0) + 1;
      this.counters.set(prefix, n);
      stable = `${prefix}_${n}`;
      this.ids.set(id, stable);
    }
    return stable;
  }
}

/**
 * Token counts depend on the exact request, and so on the temporary path and the timings the
 * normaliser just replaced. Restate each response's usage as the simulator would count it for
 * the request as shown: the input estimate (about four characters a token, over system,
 * messages and tools) and, when the lesson uses the prompt cache, what the cache reads and
 * writes by the API's rules. Agents are taken in the walkthrough's order (the lead first), so
 * agents that ran at once share the cache the same way on every run.
 */
export function restateUsage(entries: readonly TraceEntry[]): TraceEntry[] {
  const cache = new PromptCache({ now: () => 0 }); // a run lasts seconds: no entry expires
  const lastRequest = new Map<string, CacheRequest>();
  const restated = new Map<TraceEntry, TraceEntry>();
  for (const entry of byAgent(entries)) {
    if (entry.type === "request") lastRequest.set(entry.agent, entry.body as CacheRequest);
    const request = lastRequest.get(entry.agent);
    const body = entry.body as { usage?: Record<string, unknown> } | null;
    if (entry.type !== "response" || !request || !body?.usage) continue;
    const figures = cache.account(request);
    const usage: Record<string, unknown> = { ...body.usage, input_tokens: figures.inputTokens };
    if ("cache_read_input_tokens" in usage) usage.cache_read_input_tokens = figures.cacheReadTokens;
    if ("cache_creation_input_tokens" in usage) usage.cache_creation_input_tokens = figures.cacheWriteTokens;
    restated.set(entry, { ...entry, body: { ...body, usage } });
  }
  return entries.map((entry) => restated.get(entry) ?? entry);
}
