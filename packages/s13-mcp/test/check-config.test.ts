/**
 * `--check-config` in s13: Claude Code's MCP settings keys and `mcp__…` rules are honoured here,
 * so they are not listed as ignored — while s12, which has no MCP tools, still lists them.
 */
import path from "node:path";
import { describe, expect, it } from "vitest";
import { lesson as previousLesson } from "@learn/s12";
import { lesson } from "../src/index.ts";
import { useMcpWorkspace, writeJson } from "./helpers.ts";

const ws = useMcpWorkspace();

describe("--check-config", () => {
  it("reports MCP rules and keys as honoured in s13, ignored in s12", async () => {
    await writeJson(path.join(ws.dir, ".claude", "settings.local.json"), {
      enabledMcpjsonServers: ["issues"],
      disabledMcpjsonServers: [],
      permissions: { allow: ["mcp__issues", "mcp__github__*", "WebFetch"] },
    });
    const place = { cwd: ws.dir, userDir: ws.userDir };
    const s13 = await lesson.checkConfig!(place);
    expect(s13.settings).toEqual([{ file: ".claude/settings.local.json", status: "loaded", problems: [], ignored: ["permissions.allow[2] WebFetch: no WebFetch tool here"] }]);
    const s12 = await previousLesson.checkConfig!(place);
    expect(s12.settings![0]!.ignored).toEqual([
      "enabledMcpjsonServers",
      "disabledMcpjsonServers",
      "permissions.allow[0] mcp__issues: no MCP tools here",
      "permissions.allow[1] mcp__github__*: no MCP tools here",
      "permissions.allow[2] WebFetch: no WebFetch tool here",
    ]);
  });
});
