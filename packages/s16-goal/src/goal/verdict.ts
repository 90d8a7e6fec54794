/**
 * The evaluator's answer, in the shape Claude Code 2.1.328 asks for it: a JSON object
 *
 *   { "ok": true,  "reason": "<evidence from the transcript>" }                  met: stop
 *   { "ok": false, "reason": "<what is missing>" }                               not met: go on
 *   { "ok": false, "impossible": true, "reason": "<why it can never hold>" }     stop, and say so
 *
 * It is asked for twice over: as structured output (`output_config.format`, a JSON schema the API
 * holds the answer to) and checked here with zod, because an answer can still come back broken —
 * cut short by max_tokens, refused, or from a provider that ignores the format.
 */
import { z } from "zod";
import type { Message } from "@learn/core";

/** The JSON schema sent in `output_config.format`, exactly as Claude Code sends it. */
export const VERDICT_JSON_SCHEMA = {
  type: "object",
  properties: { ok: { type: "boolean" }, reason: { type: "string" }, impossible: { type: "boolean" } },
  required: ["ok", "reason"],
  additionalProperties: false,
} as const;

/** The same shape for zod: what the harness accepts. */
export const verdictSchema = z.strictObject({ ok: z.boolean(), reason: z.string(), impossible: z.boolean().optional() });

export type Verdict = z.infer<typeof verdictSchema>;

/** The verdict in an evaluator's answer, or why there is none (a message to show and to retry with). */
export function readVerdict(answer: Message): { verdict: Verdict } | { problem: string } {
  const text = answer.content.flatMap((b) => (b.type === "text" ? [b.text] : [])).join("").trim();
  const cut = answer.stop_reason === "max_tokens" ? " (the answer was cut short by max_tokens)" : "";
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch {
    return { problem: `the evaluator's answer is not JSON${cut}: ${JSON.stringify(text.slice(0, 120))}` };
  }
  const parsed = verdictSchema.safeParse(json);
  if (parsed.success) return { verdict: parsed.data };
  return { problem: `the evaluator's answer is not a verdict${cut}: ${z.prettifyError(parsed.error).replace(/\n\s*/g, " ")}` };
}

/** What a verdict means for the loop. */
export type Outcome = "met" | "impossible" | "not met";

export function outcomeOf(verdict: Verdict): Outcome {
  if (verdict.ok) return "met";
  return verdict.impossible === true ? "impossible" : "not met";
}
