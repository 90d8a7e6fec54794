/**
 * What the models are told. The parent gets a "subagents" section: when a subtask is worth
 * it, and that the child sees nothing of this conversation, so the prompt must say everything.
 * (The agent types and what each is for are in the task tool's description, beside its input.)
 * A child gets the previous lesson's sections — where it works, its tools, the permission
 * rules it runs under — plus its type's prompt and the rule that its last message is its report.
 */
import type { PromptSection } from "@learn/core";
import type { AgentType } from "./agent-types/load.ts";
import { REPORT_GUIDANCE } from "./agent-types/built-in.ts";

export const SUBAGENT_GUIDANCE =
  "For a broad search or a self-contained piece of work, start a subagent with the task tool: it works in a context of its own, " +
  "and only its final report comes back to you, so your context stays small. It sees nothing of this conversation: " +
  "give it a complete prompt. Independent read-only tasks (explore) called together in one response run at the same time.";

/** The sections given, plus "subagents". */
export function withSubagentGuidance(sections: PromptSection[]): PromptSection[] {
  return [...sections, { name: "subagents", text: SUBAGENT_GUIDANCE, tools: ["task"] }];
}

/** A child's sections: the previous lesson's, plus its type's prompt and how to report. */
export function childSections(sections: PromptSection[], type: AgentType): PromptSection[] {
  return [...sections, { name: "subagent", text: `${type.prompt}\n${REPORT_GUIDANCE}` }];
}
