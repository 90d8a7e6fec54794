/**
 * MCP, side by side (lesson 13 and Claude Code): the same `.mcp.json` naming the same server
 * (s13's test fixture: `peek` is marked read-only, `poke` is not, `picture` returns text and an
 * image), the same scripted calls; compared: the permission outcome of each call under the same
 * rules, and the shape of the tool_result and of the PreToolUse hook's payload.
 */
import { readFile } from "node:fs/promises";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { SETTINGS } from "./bash-corpus.ts";
import { classify, verdict } from "./outcome.ts";
import type { HarnessRun } from "./run-harness.ts";
import { runCalls, type SessionOutput, type SessionSpec } from "./session.ts";
import type { Row } from "./table.ts";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../../..");
const SERVER = path.join(root, "packages", "s13-mcp", "test", "fixtures", "faulty-server.mjs");
const MCP_FILES = {
  ".mcp.json": JSON.stringify({ mcpServers: { faulty: { command: process.execPath, args: [SERVER] } } }, null, 2),
  // The course starts a project's server only once approved, in the person's own file.
  ".claude/settings.local.json": JSON.stringify({ enabledMcpjsonServers: ["faulty"] }),
  ".claude/hooks/log.sh": `cat >> "$(dirname "$0")/../../pre-payloads.jsonl"; echo >> "$(dirname "$0")/../../pre-payloads.jsonl"\n`,
};
const HOOKS = { PreToolUse: [{ matcher: "mcp__.*", hooks: [{ type: "command", command: "sh .claude/hooks/log.sh", timeout: 10 }] }] };

interface McpCase {
  label: string;
  tool: string;
  rules: { allow?: string[]; deny?: string[]; ask?: string[] };
}

const CASES: McpCase[] = [
  { label: "a tool marked read-only, no rule", tool: "mcp__faulty__peek", rules: {} },
  { label: "a tool not marked read-only, no rule", tool: "mcp__faulty__poke", rules: {} },
  { label: "allow mcp__faulty (the server)", tool: "mcp__faulty__poke", rules: { allow: ["mcp__faulty"] } },
  { label: "allow mcp__faulty__* (every tool)", tool: "mcp__faulty__poke", rules: { allow: ["mcp__faulty__*"] } },
  { label: "allow mcp__faulty__poke (the tool)", tool: "mcp__faulty__poke", rules: { allow: ["mcp__faulty__poke"] } },
  { label: "deny mcp__faulty, a read-only tool", tool: "mcp__faulty__peek", rules: { deny: ["mcp__faulty"] } },
  { label: "ask mcp__faulty__peek, a read-only tool", tool: "mcp__faulty__peek", rules: { ask: ["mcp__faulty__peek"] } },
];

const load = (...names: string[]) => ({ step: { tool: "search" as const, names } });

const settingsWith = (rules: McpCase["rules"]) => {
  const { allow, deny, ask } = SETTINGS.permissions;
  return { ...SETTINGS, hooks: HOOKS, permissions: { allow: [...allow, ...(rules.allow ?? [])], deny: [...deny, ...(rules.deny ?? [])], ask: [...ask, ...(rules.ask ?? [])] } };
};

export async function mcpComparison(course: HarnessRun, claudeCode: HarnessRun): Promise<Row[]> {
  const lesson13 = { ...course, lesson: "s13" };
  const rows: Row[] = [];
  // One session per rule set (a case's rules must not approve another's call); two at a time.
  for (const c of CASES) {
    // Both defer MCP tools: the model loads the tool first (ToolSearch / tool_search), then calls it.
    const spec: SessionSpec = { mode: "default", settings: settingsWith(c.rules), files: MCP_FILES, calls: [load(c.tool), { step: { tool: "mcp", name: c.tool } }] };
    const [ours, theirs] = await Promise.all([runCalls(lesson13, spec), runCalls(claudeCode, spec)]);
    const a = classify(ours.calls[1]!.text, false);
    const b = classify(theirs.calls[1]!.text, false);
    rows.push({ mechanism: "mcp", group: "permissions", case: `${c.label}: ${c.tool}`, mode: "default", course: a, claudeCode: b, verdict: verdict(a, b), courseSaid: ours.calls[1]!.text?.slice(0, 200), claudeCodeSaid: theirs.calls[1]!.text?.slice(0, 200) });
  }
  const shapes: SessionSpec = {
    mode: "default",
    settings: settingsWith({ allow: ["mcp__faulty"] }),
    files: MCP_FILES,
    calls: [load("mcp__faulty__picture", "mcp__faulty__fail"), { step: { tool: "mcp", name: "mcp__faulty__picture" } }, { step: { tool: "mcp", name: "mcp__faulty__fail" } }],
    inspect: async (folder) => ({ pre: await readFile(path.join(folder.ws, "pre-payloads.jsonl"), "utf8").catch(() => "") }),
  };
  const [ours, theirs] = await Promise.all([runCalls(lesson13, shapes), runCalls(claudeCode, shapes)]);
  const describe = (label: string, of: (out: SessionOutput) => string) => {
    const a = of(ours);
    const b = of(theirs);
    rows.push({ mechanism: "mcp", group: "results and hooks", case: label, mode: "default", course: a, claudeCode: b, verdict: a === b ? "match" : "differs" });
  };
  describe("the search's tool_result: tool_reference blocks", (out) => blockTypes(out, 0).split(" + ").filter((t) => t === "tool_reference").join(" + ") || "none");
  describe("text and an image: the tool_result's blocks", (out) => blockTypes(out, 1));
  describe("isError: an error result", (out) => (out.calls[2]!.isError ? "is_error" : "not an error"));
  describe("the PreToolUse hook's tool_name", (out) => {
    const first = String(out.inspected.pre).split("\n").find((l) => l.trim() !== "");
    return first ? String((JSON.parse(first) as { tool_name?: string }).tool_name) : "no payload";
  });
  describe("the tools in the first request", (out) => {
    const body = out.result.requests[0]?.body as { tools?: { name: string; defer_loading?: boolean }[] } | undefined;
    const mcp = (body?.tools ?? []).filter((t) => t.name.startsWith("mcp__"));
    return mcp.length === 0 ? "no MCP schema (deferred behind a search tool)" : `${mcp.length} MCP schemas${mcp.some((t) => t.defer_loading) ? ", deferred" : ", sent whole"}`;
  });
  describe("the tools in the request after the search", (out) => {
    const body = out.result.requests[1]?.body as { tools?: { name: string; defer_loading?: boolean }[] } | undefined;
    const mcp = (body?.tools ?? []).filter((t) => t.name.startsWith("mcp__"));
    return mcp.map((t) => `${t.name}${t.defer_loading ? " (defer_loading)" : ""}`).join(", ") || "no MCP schema";
  });
  return rows;
}

/** The types of the blocks in call `i`'s tool_result, as first sent. */
function blockTypes(out: SessionOutput, i: number): string {
  const id = out.result.requests.flatMap((r) => ((r.response as { content?: { type: string; id?: string }[] } | undefined)?.content ?? []).filter((b) => b.type === "tool_use").map((b) => b.id))[i];
  for (const request of out.result.requests) {
    for (const message of (request.body as { messages?: { content: unknown }[] }).messages ?? []) {
      if (!Array.isArray(message.content)) continue;
      const block = (message.content as { type: string; tool_use_id?: string; content?: unknown }[]).find((b) => b.type === "tool_result" && b.tool_use_id === id);
      if (block) return typeof block.content === "string" ? "a string" : (block.content as { type: string }[]).map((b) => b.type).join(" + ");
    }
  }
  return "no result";
}
