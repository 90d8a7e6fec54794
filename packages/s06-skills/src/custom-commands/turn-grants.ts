/**
 * A command's `allowed-tools`, for its own turn and no other.
 *
 *   /commit  ──► prepare(prompt, rules) ─► pending
 *   turn starts ─► UserPromptSubmit: is this the pending prompt? ─► grants.add(rules) ─► active
 *   turn ends (answer, error, Ctrl-C) ─► onEnd ─► revoke
 *
 * Two locks on one door, so a grant cannot outlive its turn:
 *   - the REPL (and --print) calls the turn's `onEnd` however the turn ended: revoke;
 *   - every UserPromptSubmit first revokes whatever is still active, and grants the pending
 *     rules only to the turn whose prompt is the one the command prepared. A host that never
 *     runs that turn, or never calls onEnd, leaks nothing past the next prompt.
 * The grants are not active between run() and the turn's start, so a command's own inline
 * commands are judged with its rules added just while they are judged (slash-commands.ts).
 */
import { defineHook, type Hook } from "@learn/core";
import type { Grants } from "@learn/s03";

export const COMMAND_GRANTS_HOOK = "command-grants";

interface Pending {
  prompt: string;
  rules: readonly string[];
  source: string;
}

export class TurnGrants {
  private pending: Pending | undefined;
  private revokeActive: (() => void) | undefined;

  constructor(private readonly grants: Grants) {}

  /** The turn that runs `prompt` next gets `rules`; call the returned function when it ends. */
  prepare(prompt: string, rules: readonly string[], source: string): () => void {
    this.end();
    this.pending = { prompt, rules, source };
    return () => this.end();
  }

  /** Revoke what is active and forget what is pending. */
  end(): void {
    this.revokeActive?.();
    this.revokeActive = undefined;
    this.pending = undefined;
  }

  /** Register with the agent's hooks: it opens a command's grants at its turn's start. */
  readonly hook: Hook<"UserPromptSubmit"> = defineHook("UserPromptSubmit", COMMAND_GRANTS_HOOK, async ({ prompt }) => {
    const pending = this.pending;
    this.end();
    if (pending && pending.prompt === prompt && pending.rules.length > 0) this.revokeActive = this.grants.add(pending.rules, pending.source);
  });
}
