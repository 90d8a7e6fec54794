/**
 * What a compaction leaves behind, as in Claude Code: the files the agent worked on last, read
 * again from disk and attached after the summary (only those it had opened with success); and
 * the thrash guard — when the context is back at the threshold right after each compaction,
 * auto-compaction stops instead of paying for a summary every round.
 */
import { readFile, writeFile } from "node:fs/promises";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { z } from "zod";
import { agentFrom, defineTool, partsWith, type AgentOptions, type MessageParam } from "@learn/core";
import type { Script } from "@learn/core/simulator";
import { scriptedModel, useTempWorkspace } from "@learn/core/testing";
import { readFileTool } from "@learn/s02";
import { compaction, DEFAULT_COMPACTION, recentFiles, REATTACH_MAX_FILES, type CompactionSettings } from "../src/compaction/index.ts";
import { text } from "./compaction-helpers.ts";

const SUMMARY = "Goal: fix the cart. Files changed: none yet. Remaining: edit cart.js.";
const summaryTurn = { expect: { lastUserIncludes: "Summarise the conversation so far" }, content: [{ type: "text" as const, text: SUMMARY }] };
const call = (name: string, input: Record<string, unknown> = {}) => ({ content: [{ type: "tool_use" as const, name, input }] });
type Body = { messages: MessageParam[] };

describe("recentFiles", () => {
  const use = (id: string, name: string, file: string): MessageParam => ({ role: "assistant", content: [{ type: "tool_use", id, name, input: { path: file } }] });
  const result = (id: string, isError = false): MessageParam => ({ role: "user", content: [{ type: "tool_result", tool_use_id: id, content: "…", is_error: isError }] });

  it("the paths of file calls that succeeded, newest first, each once, at most five", () => {
    const messages: MessageParam[] = [{ role: "user", content: "go" }];
    const calls: [string, string, string, boolean][] = [
      ["t1", "read_file", "a.js", false],
      ["t2", "bash", "b.js", false],
      ["t3", "edit_file", "c.js", false],
      ["t4", "read_file", "secret.env", true], // refused: never read again
      ["t5", "write_file", "d.js", false],
      ["t6", "read_file", "a.js", false],
      ["t7", "read_file", "e.js", false],
      ["t8", "read_file", "f.js", false],
      ["t9", "read_file", "g.js", false],
    ];
    for (const [id, name, file, failed] of calls) messages.push(use(id, name, file), result(id, failed));
    expect(recentFiles(messages)).toEqual(["g.js", "f.js", "e.js", "a.js", "d.js"]);
    expect(recentFiles(messages, 10)).toEqual(["g.js", "f.js", "e.js", "a.js", "d.js", "c.js"]);
    expect(REATTACH_MAX_FILES).toBe(5);
  });
});

describe("after a compaction", () => {
  const ws = useTempWorkspace({ "cart.js": "export const total = (lines) => lines.reduce((s, l) => s - l, 0);\n" });
  /** A big log, which also changes cart.js on disk: what is re-attached is the file as it is now. */
  const readLog = defineTool({
    name: "read_log",
    description: "Read the test log.",
    input: z.object({}),
    permission: { mutating: false },
    run: async (_input, ctx) => {
      await writeFile(path.join(ctx.cwd, "cart.js"), "export const total = (lines) => lines.reduce((s, l) => s + l, 0);\n");
      return "FAIL cart.test.ts\n" + text(8_000, "l");
    },
  });

  function agentWith(script: Script, settings: Partial<CompactionSettings>) {
    const scripted = scriptedModel(script);
    const own = compaction({ ...DEFAULT_COMPACTION, ...settings }, { liveState: () => [] });
    const parts = partsWith({ tools: [readFileTool, readLog, ...own.tools], hooks: own.hooks, wrappers: own.wrappers, commands: own.commands, onClear: [own.clear] });
    const options: AgentOptions = { model: scripted.model, cwd: ws.dir, renderer: scripted.renderer, interactive: false, ask: async () => "n", flags: {} };
    return { ...scripted, agent: agentFrom(parts, options) };
  }

  it("the files read last are read again and attached after the summary, fresh from disk; a file whose read failed is not", async () => {
    const { agent, simulator } = agentWith(
      {
        turns: [
          call("read_file", { path: "cart.js" }),
          call("read_file", { path: "missing.js" }),
          call("read_log"),
          summaryTurn,
          { expect: { lastUserIncludes: "FAIL cart.test.ts" }, content: [{ type: "text", text: "Fixed already." }] },
        ],
      },
      { autoCompactAboveTokens: 1_500 },
    );
    expect(await agent.run("Why does the cart test fail?", new AbortController().signal)).toBe("Fixed already.");
    const after = (simulator.requests.at(-1)!.body as Body).messages;
    const head = JSON.stringify(after[0]);
    expect(head).toContain("<summary>");
    expect(head).toContain('<recent-file path=\\"cart.js\\">');
    expect(head).toContain("reduce((s, l) => s + l, 0)"); // as it is now, not as it was read
    expect(head).not.toContain("s - l");
    expect(head).not.toContain("missing.js");
    expect(await readFile(path.join(ws.dir, "cart.js"), "utf8")).toContain("s + l");
  });

  it("compaction that thrashes stops: back at the threshold right after each of three compactions, the fourth is not tried, said once", async () => {
    const { agent, simulator, renderer } = agentWith(
      { turns: [call("read_log"), summaryTurn, call("read_log"), summaryTurn, call("read_log"), summaryTurn, call("read_log"), { content: [{ type: "text", text: "Done." }] }] },
      { autoCompactAboveTokens: 1_000 },
    );
    expect(await agent.run("Read the log until it passes.", new AbortController().signal)).toBe("Done.");
    const summaries = simulator.requests.filter((r) => JSON.stringify((r.body as Body).messages.at(-1)).includes("Summarise the conversation so far"));
    expect(summaries).toHaveLength(3);
    expect(simulator.requests).toHaveLength(8);
    const stopped = renderer.events.filter((e) => e.kind === "notice" && e.text.startsWith("Auto-compaction stopped"));
    expect(stopped).toHaveLength(1);
    expect(stopped[0]).toMatchObject({ text: expect.stringContaining("within 3 requests of the last compaction, 3 times in a row") });
  });
});
