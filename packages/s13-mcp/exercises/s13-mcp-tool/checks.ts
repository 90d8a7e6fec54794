/**
 * s13-mcp-tool: the lesson's agent with the student's tools.ts, the fixture server approved; the
 * checks read the tools offered, the questions asked and the tool results.
 */
import { expect } from "vitest";
import { defineChecks } from "@learn/exercises";
import { mcpSession } from "../check-helpers/session.ts";

export default defineChecks([
  {
    name: "the server's tools are offered as mcp__<server>__<tool>, and an allowed one runs",
    async run(t) {
      const { tools, results } = await mcpSession(t, {}, [["mcp__faulty__peek", {}]]);
      expect(tools, "the agent should have the fixture's tools under their full names (the model finds them with tool_search)").toEqual(expect.arrayContaining(["mcp__faulty__peek", "mcp__faulty__poke", "mcp__faulty__hang"]));
      expect(results[0], "mcp__faulty__peek, allowed by mcp__faulty in permissions.allow: it runs and answers 'peeked'").toMatchObject({ content: "peeked", isError: false });
    },
  },
  {
    name: "every MCP tool asks (and is refused here: no one says yes), even one marked read-only, unless a rule allows it",
    async run(t) {
      const asked = await mcpSession(t, { local: { enabledMcpjsonServers: ["faulty"] } }, [["mcp__faulty__poke", {}], ["mcp__faulty__peek", {}]], { interactive: true });
      expect(asked.asked.length, "no allow rule: default mode should ask a person about poke and about peek (its readOnlyHint is the server's word, not proof)").toBe(2);
      expect(asked.results[0]!.isError, "the person said no: an error result").toBe(true);
      const allowed = await mcpSession(t, { local: { enabledMcpjsonServers: ["faulty"], permissions: { allow: ["mcp__faulty"] } } }, [["mcp__faulty__poke", {}]]);
      expect(allowed.results[0], "with mcp__faulty in permissions.allow, poke runs without a question").toMatchObject({ content: "poked", isError: false });
    },
  },
  {
    name: "a server that crashes mid-call gives an error result, and the session goes on",
    async run(t) {
      const { results } = await mcpSession(t, { local: { enabledMcpjsonServers: ["faulty"], permissions: { allow: ["mcp__faulty"] } } }, [["mcp__faulty__crash", {}], ["bash", { command: "echo after" }]]);
      expect(results[0], "mcp__faulty__crash exits mid-call: its result should be an error naming the server").toMatchObject({ isError: true, content: expect.stringContaining('MCP server "faulty"') });
      expect(results[1]!.content, "the next call (bash echo after) still runs").toContain("after");
    },
  },
]);
