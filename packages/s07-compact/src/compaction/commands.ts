/**
 * `/compact [focus]` summarises now, between turns; `/context` shows where the tokens go.
 *
 * Both run between turns in the context the agent gives its commands (its conversation, its
 * own wrapped model call). Before the first turn there is nothing to compact, and `/context`
 * says so: the system prompt and tools are measured from the agent's last request.
 */
import type { SlashCommand } from "@learn/core";
import { contextReport } from "./context-report.ts";
import type { Compactor } from "./compactor.ts";

export function compactCommand(compactor: Compactor): SlashCommand {
  return {
    name: "compact",
    description: "summarise the conversation now and continue from the summary (/compact <focus>)",
    async run(args, ctx) {
      if (!ctx) return "Nothing to compact: this agent gave the command no context.";
      const result = await compactor.compactNow(ctx, args.trim() || undefined);
      if (typeof result === "string") return result;
      if (!result) return ctx.messages.length ? "The conversation was not compacted." : undefined;
      return undefined; // the compactor has shown the figures
    },
  };
}

export function contextCommand(compactor: Compactor): SlashCommand {
  return {
    name: "context",
    description: "show where the context's tokens go, and how far it is from compaction",
    run(_args, ctx) {
      const messages = ctx?.messages;
      if (!messages?.length || !compactor.measured) return "No request yet: the context is measured from the agent's last model call.";
      return contextReport(compactor.request(messages), compactor.settings.autoCompactAboveTokens);
    },
  };
}
