/** The trace renderer, on a small hand-written trace: the format every walkthrough uses. */
import { readFile } from "node:fs/promises";
import path from "node:path";
import { describe, expect, it } from "vitest";
import type { TraceEntry } from "@learn/core/harness";
import { ZH } from "../src/labels.ts";
import { parseTrace } from "../src/trace-file.ts";
import { renderSteps } from "../src/trace-render.ts";

const fixture = path.join(import.meta.dirname, "fixtures", "small-trace.jsonl");
const entries = async () => parseTrace(await readFile(fixture, "utf8"), fixture);

describe("renderSteps", () => {
  it("numbers each request, response and error, and shows what each carried", async () => {
    expect(renderSteps(await entries())).toBe(
      [
        "**Step 1 · request** · 1 message · tools: `bash`",
        "",
        '- user: `"List the files."`',
        "",
        "**Step 2 · response** · stop_reason: `tool_use` · usage: 40 in, 12 out",
        "",
        '- text: `"Listing them."`',
        '- tool_use `bash` `toolu_a`: `{"command":"ls"}`',
        "",
        "**Step 3 · request** · 3 messages · tools: `bash`",
        "",
        '- tool_result `toolu_a` · is_error: true: `"ls: cannot access: Permission denied"`',
        "",
        '**Step 4 · error** · `"529 Overloaded"`',
        "",
        "**Step 5 · response** · stop_reason: `end_turn` · usage: 70 in, 11 out",
        "",
        '- text: `"I may not list that folder: permission denied."`',
      ].join("\n"),
    );
  });

  it("speaks Chinese with the Chinese labels", async () => {
    const text = renderSteps((await entries()).slice(0, 2), { labels: ZH });
    expect(text).toContain("**第 1 步 · 请求** · 1 条消息 · 工具：`bash`");
    expect(text).toContain("**第 2 步 · 响应** · stop_reason: `tool_use` · 用量：输入 40，输出 12");
  });

  it("cuts long strings with … unless the limit is Infinity", () => {
    const long = "x".repeat(500);
    const trace: TraceEntry[] = [{ type: "request", agent: "lead", body: { messages: [{ role: "user", content: long }] } }];
    expect(renderSteps(trace)).toContain(`"${"x".repeat(160)}…"`);
    expect(renderSteps(trace, { limit: Infinity })).toContain(`"${long}"`);
  });

  it("names the agent on each step when several agents share the trace", () => {
    const trace: TraceEntry[] = [
      { type: "request", agent: "lead", body: { messages: [{ role: "user", content: "go" }] } },
      { type: "request", agent: "alice", body: { messages: [{ role: "user", content: "your part" }] } },
    ];
    const text = renderSteps(trace);
    expect(text).toContain("**Step 1 · request** · agent `lead`");
    expect(text).toContain("**Step 2 · request** · agent `alice`");
  });

  it("keeps backticks in model text from breaking the Markdown", () => {
    const trace: TraceEntry[] = [
      { type: "response", agent: "lead", body: { content: [{ type: "text", text: "run `ls`" }], stop_reason: "end_turn" } },
    ];
    expect(renderSteps(trace)).toContain('- text: ``"run `ls`"``');
  });
});
