/**
 * `/compact [focus]` summarises now, between turns; `/context` shows where the tokens go.
 *
 * A slash command gets no agent context (it runs outside a turn), so both act through the
 * Compactor, which keeps the context of the agent's last model call: `/compact` builds a
 * context of its own from it (a fresh cancel signal, the same wrapped model call). Before the
 * first turn there is nothing to compact, and `/context` says so.
 */
import type { SlashCommand } from "@learn/core";
import { contextReport } from "./context-report.ts";
import type { Compactor } from "./compactor.ts";

export function compactCommand(compactor: Compactor): SlashCommand {
  return {
    name: "compact",
    description: "summarise the conversation now and continue from the summary (/compact <focus>)",
    async run(args) {
      const result = await compactor.compactNow(args.trim() || undefined);
      if (typeof result === "string") return result;
      if (!result) return compactor.conversation?.length ? "The conversation was not compacted." : undefined;
      return undefined; // the compactor has shown the figures
    },
  };
}

export function contextCommand(compactor: Compactor): SlashCommand {
  return {
    name: "context",
    description: "show where the context's tokens go, and how far it is from compaction",
    run() {
      const messages = compactor.conversation;
      if (!messages) return "No request yet: the context is measured from the agent's last model call.";
      return contextReport(compactor.request(messages), compactor.settings.autoCompactAboveTokens);
    },
  };
}
