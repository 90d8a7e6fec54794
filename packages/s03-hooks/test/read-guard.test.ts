/**
 * `Read(...)` deny rules reach searches: grep and glob never put a denied file in front of
 * the model. Driven through the agent, the real SDK and the simulator.
 */
import { afterEach, describe, expect, it } from "vitest";
import { scriptedAgent, toolResultsOf, type TempWorkspace } from "@learn/core/testing";
import { lesson } from "../src/index.ts";
import { never, workspaceWith } from "./helpers.ts";

let ws: TempWorkspace;
afterEach(() => ws.cleanup());

const SECRET = "API_TOKEN=tok-do-not-leak";

/** One response with `calls`, then "Done."; returns the results the model got, in order. */
async function resultsOf(calls: { name: string; input: object }[]) {
  const script = JSON.stringify({
    turns: [{ content: calls.map((c) => ({ type: "tool_use", ...c })) }, { content: [{ type: "text", text: "Done." }] }],
  });
  const { agent, simulator } = await scriptedAgent(lesson, script, ws.dir);
  await agent.run("look around", never());
  return toolResultsOf(simulator.requests[1]!.body);
}

describe("Read deny rules and searches", () => {
  it("grep and glob skip a denied file, and refuse it when named; other files are searched as usual", async () => {
    ws = await workspaceWith(
      { permissions: { deny: ["Read(./.env)", "Read(secrets/**)"] } },
      { ".env": `${SECRET}\n`, "secrets/key.txt": `${SECRET}\n`, "app.js": "const token = process.env.API_TOKEN;\n" },
    );
    const results = await resultsOf([
      { name: "grep", input: { pattern: "API_TOKEN" } },
      { name: "glob", input: { pattern: "**/*" } },
      { name: "grep", input: { pattern: "API_TOKEN", path: ".env" } },
      { name: "read_file", input: { path: ".env" } },
    ]);
    expect(results[0]).toMatchObject({ isError: false, content: "app.js:1: const token = process.env.API_TOKEN;" });
    expect(results[1]!.isError).toBe(false);
    expect(results[1]!.content.split("\n")).toContain("app.js");
    expect(results[1]!.content).not.toContain(".env");
    expect(results[1]!.content).not.toContain("secrets/");
    // Naming the denied file: grep declares it reads it, so the Read rule denies the call itself.
    expect(results[2]).toMatchObject({ isError: true, content: expect.stringContaining("matches the rule Read(./.env)") });
    expect(results[3]).toMatchObject({ isError: true, content: expect.stringContaining("Read(./.env)") });
    for (const result of results) expect(result.content).not.toContain("tok-do-not-leak");
  });

  it("without a Read deny rule, searches see every file", async () => {
    ws = await workspaceWith(undefined, { ".env": `${SECRET}\n` });
    const [grep] = await resultsOf([{ name: "grep", input: { pattern: "API_TOKEN" } }]);
    expect(grep!.content).toBe(`.env:1: ${SECRET}`);
  });
});
