/**
 * The compaction case: eight large reads push both harnesses past their threshold; the
 * summary request and the request after it are compared. "Re-attached" means a read file's
 * content is back in the request after the summary *outside* the tool results the compaction
 * kept: a kept result holds its file's marker whether or not anything was re-attached, so it
 * proves nothing (an earlier check looked for the eighth read's marker and passed either way).
 */
import type { HarnessRun } from "./run-harness.ts";
import { both, described } from "./mechanism-rows.ts";
import type { SessionOutput, SessionSpec } from "./session.ts";
import { SETTINGS } from "./bash-corpus.ts";
import type { Row } from "./table.ts";

const READS = [1, 2, 3, 4, 5, 6, 7, 8, 9, 10];
const MARK = /RECALL-MARK-(\d+)/g;
const NAME = /big(\d+)\.txt/g;

type Block = { type?: string; text?: string; content?: unknown };
type Body = { system?: unknown; tools?: { name: string }[]; messages?: { role: string; content: unknown }[] };

/**
 * Which reads a request carries, by where: inside a tool_result block (a result the compaction
 * kept) or anywhere else (a user or system text: a file re-attached). `reattached` holds the
 * reads found outside the kept results and not among them.
 */
export function readsIn(body: Body | undefined): { kept: number[]; reattached: number[]; named: number[] } {
  const kept = new Set<number>();
  const elsewhere = new Set<number>();
  const names = new Set<number>();
  const find = (re: RegExp, value: unknown, into: Set<number>) => {
    for (const m of JSON.stringify(value ?? "").matchAll(re)) into.add(Number(m[1]));
  };
  for (const message of body?.messages ?? []) {
    const blocks = Array.isArray(message.content) ? (message.content as Block[]) : [{ type: "text", text: String(message.content) }];
    for (const block of blocks) {
      if (block.type === "tool_result") find(MARK, block, kept);
      else if (block.type !== "tool_use") {
        find(MARK, block, elsewhere);
        find(NAME, block, names);
      }
    }
  }
  const sorted = (set: Set<number>) => [...set].sort((a, b) => a - b).filter((n) => !kept.has(n));
  const reattached = sorted(elsewhere);
  return { kept: [...kept].sort((a, b) => a - b), reattached, named: sorted(names).filter((n) => !reattached.includes(n)) };
}

/** What the request after the summary carries, in words both harnesses are compared by. */
export function afterSummary(summarised: boolean, next: Body | undefined): string {
  if (!summarised) return "no summary";
  if (!JSON.stringify(next?.messages ?? []).includes("COMPACT-SUMMARY-MARK")) return "summary not in the next request";
  const { reattached, named } = readsIn(next);
  if (reattached.length > 0) return "the summary and a read file re-attached";
  return named.length > 0 ? "the summary and a read file named, not its content" : "the summary only";
}

export async function compaction(course: HarnessRun, claudeCode: HarnessRun): Promise<Row[]> {
  // Ten reads of about 4,500 tokens each: past both thresholds, each under the course's 30,000
  // characters above which a tool result is kept in a file instead (never compacted then), and
  // under Claude Code's 5,000 tokens above which it names a file instead of re-attaching it.
  const big = (n: number) => Array.from({ length: 300 }, (_, i) => `line ${i} of big${n}.txt RECALL-MARK-${n} padding padding padding`).join("\n");
  const spec: SessionSpec = {
    mode: "default",
    settings: SETTINGS,
    files: Object.fromEntries(READS.map((n) => [`big${n}.txt`, big(n)])),
    calls: [...READS.map((n) => ({ step: { tool: "read" as const, path: `big${n}.txt` } })), { step: { tool: "bash", command: "ls" } }],
    summarise: true,
    args: { course: ["--compact-threshold", "45000"] },
    env: { CLAUDE_CODE_AUTO_COMPACT_WINDOW: "100000", CLAUDE_AUTOCOMPACT_PCT_OVERRIDE: "45" },
  };
  const [ours, theirs] = await both(course, claudeCode, spec);
  const happened = (out: SessionOutput) => (out.result.summaryRequests.length > 0 ? "summarised" : "no summary");
  const prefix = (out: SessionOutput) => {
    const summary = out.result.summaryRequests[0]?.body as Body | undefined;
    const before = out.result.requests[0]?.body as Body | undefined;
    if (!summary || !before) return "no summary";
    const sameSystem = JSON.stringify(summary.system) === JSON.stringify(before.system);
    const sameTools = JSON.stringify((summary.tools ?? []).map((t) => t.name)) === JSON.stringify((before.tools ?? []).map((t) => t.name));
    return sameSystem && sameTools ? "same system and tools" : `${sameSystem ? "same" : "its own"} system, ${sameTools ? "same tools" : summary.tools?.length ? "other tools" : "no tools"}`;
  };
  const next = (out: SessionOutput) => out.result.requests.at(-1)?.body as Body | undefined;
  const reads = (out: SessionOutput) => {
    const { kept, reattached, named } = readsIn(next(out));
    return `kept results: ${kept.join(", ") || "none"}; re-attached: ${reattached.join(", ") || "none"}; named only: ${named.join(", ") || "none"}`;
  };
  return [
    described("compaction", "trigger", "ten large reads past the threshold", happened(ours), happened(theirs)),
    described("compaction", "summary request", "what the summary request carries", prefix(ours), prefix(theirs)),
    {
      ...described("compaction", "after the summary", "what the next request carries", afterSummary(ours.result.summaryRequests.length > 0, next(ours)), afterSummary(theirs.result.summaryRequests.length > 0, next(theirs))),
      courseSaid: reads(ours),
      claudeCodeSaid: reads(theirs),
    },
  ];
}
