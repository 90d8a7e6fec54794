/**
 * s13-trust: the lesson's agent with the student's trust.ts; the fixture server named in the
 * project's .mcp.json, in ~/.claude.json, approved or not; the checks read /mcp afterwards.
 */
import { expect } from "vitest";
import { defineChecks } from "@learn/exercises";
import { faultyServer, mcpSession } from "../check-helpers/session.ts";

export default defineChecks([
  {
    name: "an approved project server starts (by name, or all of them)",
    async run(t) {
      for (const local of [{ enabledMcpjsonServers: ["faulty"] }, { enableAllProjectMcpServers: true }]) {
        const { mcp } = await mcpSession(t, { local }, []);
        expect(mcp, `with ${JSON.stringify(local)} in .claude/settings.local.json, /mcp should say faulty is connected`).toMatch(/^faulty .*connected/m);
      }
    },
  },
  {
    name: "an unapproved project server is not started; disabledMcpjsonServers wins over an approval",
    async run(t) {
      const none = await mcpSession(t, { local: {} }, []);
      expect(none.mcp, "with no approval and no terminal, /mcp should say faulty was not started").toMatch(/^faulty .*not started: not approved/m);
      const both = await mcpSession(t, { local: { enableAllProjectMcpServers: true, disabledMcpjsonServers: ["faulty"] } }, []);
      expect(both.mcp, "enableAllProjectMcpServers with faulty in disabledMcpjsonServers: disabled should win").toMatch(/^faulty .*not started: disabled/m);
    },
  },
  {
    name: "a server from ~/.claude.json starts with no approval: the person wrote it",
    async run(t) {
      const { mcp } = await mcpSession(t, { servers: {}, local: {}, user: { mcpServers: { mine: faultyServer } } }, []);
      expect(mcp, "a server of ~/.claude.json (scope user) should start without enabledMcpjsonServers").toMatch(/^mine .*connected/m);
    },
  },
]);
