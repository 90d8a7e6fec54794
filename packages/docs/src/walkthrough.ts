/**
 * The "walkthrough" block: a real run of the lesson's demo, step by step, through the shared
 * trace renderer. Along the way it opens up three raw JSON bodies a newcomer should see once
 * — the first request (what the harness really sends), the first response (what the model
 * really answers), and a user message carrying tool results — trimmed to stay readable.
 * When several agents ran, their steps are grouped by agent (the lead first), because their
 * lines interleave differently on every run and a walkthrough must read the same every time.
 */
import path from "node:path";
import type { TraceEntry } from "@learn/core/harness";
import type { DemoRun } from "./demo-run.ts";
import type { Labels } from "./labels.ts";
import type { LessonFacts } from "./lesson-facts.ts";
import { code, details, fence, link } from "./markdown.ts";
import { byAgent } from "./normalize.ts";
import { renderStep } from "./trace-render.ts";
import { cut, cutStrings, quoted } from "./trim.ts";

/** How much of each long string the raw JSON snippets keep. */
const SYSTEM_LIMIT = 80;
const TOOL_TEXT_LIMIT = 60;
const TOOLS_SHOWN = 2;
const MESSAGE_LIMIT = 200;
const RESPONSE_LIMIT = 120;
const TOOL_RESULT_LIMIT = 400;

type Snippet = "request" | "response" | "toolResult";

export function renderWalkthrough(facts: LessonFacts, labels: Labels): string {
  // Each snippet is shown once per walkthrough, at the first step it fits.
  const shown = new Set<Snippet>();
  const showAgent = facts.demos.some((d) => d.prompts.some((p) => p.entries.some((e) => e.agent !== "lead")));
  const sections = facts.demos.map((demo) => renderDemo(demo, facts.pkg.dir, labels, { shown, showAgent }));
  return [labels.walkthroughIntro, ...sections].join("\n\n");
}

interface WalkState {
  shown: Set<Snippet>;
  showAgent: boolean;
}

function renderDemo(demo: DemoRun, packageDir: string, labels: Labels, state: WalkState): string {
  const rel = path.relative(packageDir, demo.script).split(path.sep).join("/");
  const parts = [`### ${labels.demo(demo.title ?? path.basename(demo.script))}`, `${labels.script}${labels.colon}${link(rel, rel)}`];
  if (demo.prompts.length === 0) parts.push(labels.noPrompt);
  let step = 1;
  for (const run of demo.prompts) {
    const heading = run.source ? labels.submittedPrompt(run.source) : labels.prompt;
    parts.push(`**${heading}${labels.colon.trim()}** ${code(quoted(run.prompt, Infinity))}`);
    // Agents that ran at once are shown one after another, each in its own order: the same every run.
    for (const entry of byAgent(run.entries)) {
      parts.push(renderStep(entry, step++, { labels, showAgent: state.showAgent }));
      const snippet = snippetFor(entry, state.shown, labels);
      if (snippet) parts.push(snippet);
    }
    parts.push(`**${labels.finalAnswer}${labels.colon.trim()}**`, fence("text", run.answer));
  }
  return parts.join("\n\n");
}

function snippetFor(entry: TraceEntry, shown: Set<Snippet>, labels: Labels): string | undefined {
  const once = (kind: Snippet, summary: string, value: unknown) => {
    shown.add(kind);
    return details(summary, fence("json", JSON.stringify(value, null, 2)));
  };
  if (entry.type === "request" && !shown.has("request")) {
    return once("request", labels.firstRequestBody, requestPreview(entry.body));
  }
  if (entry.type === "response" && !shown.has("response")) {
    return once("response", labels.firstResponseBody, cutStrings(entry.body, RESPONSE_LIMIT));
  }
  const last = entry.type === "request" ? lastMessage(entry.body) : undefined;
  if (last && hasToolResult(last) && !shown.has("toolResult")) {
    return once("toolResult", labels.toolResultMessage, cutStrings(last, TOOL_RESULT_LIMIT));
  }
  return undefined;
}

/** A request body with its bulk trimmed: short system prompt, the first tools, the rest named. */
function requestPreview(body: unknown): unknown {
  const b = body as Record<string, unknown>;
  return Object.fromEntries(
    Object.entries(b).map(([key, value]) => {
      if (key === "system") return [key, cutStrings(value, SYSTEM_LIMIT)];
      if (key === "tools") return [key, toolsPreview(value as { name?: string }[])];
      if (key === "messages") return [key, cutStrings(value, MESSAGE_LIMIT)];
      return [key, value];
    }),
  );
}

function toolsPreview(tools: { name?: string }[]): unknown[] {
  const shown = tools.slice(0, TOOLS_SHOWN).map((tool) => cutStrings(tool, TOOL_TEXT_LIMIT));
  const rest = tools.slice(TOOLS_SHOWN).map((tool) => String(tool.name));
  return rest.length ? [...shown, cut(`… ${rest.length} more: ${rest.join(", ")}`, 200)] : shown;
}

function lastMessage(body: unknown): { role?: string; content?: unknown } | undefined {
  return (body as { messages?: { role?: string; content?: unknown }[] }).messages?.at(-1);
}

function hasToolResult(message: { content?: unknown }): boolean {
  return Array.isArray(message.content) && message.content.some((b: { type?: string }) => b.type === "tool_result");
}
