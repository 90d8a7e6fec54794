/**
 * A stdio server is started as every command of the harness is: through core's process wrapper
 * when one is in force (launchOf), as it is when none is. Lesson 14 relies on it to start the
 * servers inside its sandbox; here a wrapper that marks the launch stands in for it.
 */
import os from "node:os";
import { describe, expect, it } from "vitest";
import { withProcessWrapper, type Launch } from "@learn/core/harness";
import { McpServerConnection } from "../src/mcp/server.ts";
import type { ConfiguredServer } from "../src/mcp/config.ts";
import { faulty } from "./helpers.ts";

const server = (env: Record<string, string> = {}): ConfiguredServer => ({ name: "faulty", scope: "command line", file: "test", config: { type: "stdio", ...faulty(env) } });
const timeouts = { startMs: 30_000, toolMs: 30_000 };

describe("launching a stdio server", () => {
  it("goes through the process wrapper in force: the server runs as the wrapper starts it", async () => {
    const seen: Launch[] = [];
    const connection = new McpServerConnection(server(), os.tmpdir(), timeouts);
    await withProcessWrapper({ name: "marking", wrap: (launch) => (seen.push(launch), { ...launch, file: "env", args: ["MARKED=yes", launch.file, ...launch.args] }) }, () => connection.start());
    try {
      expect(connection.state).toEqual({ status: "connected" });
      expect(seen).toHaveLength(1);
      expect(seen[0]).toMatchObject({ file: process.execPath, args: faulty().args, cwd: os.tmpdir() });
    } finally {
      await connection.close();
    }
  });

  it("a wrapper that refuses to start it: the server is failed, with the wrapper's reason, and nothing throws", async () => {
    const connection = new McpServerConnection(server(), os.tmpdir(), timeouts);
    await withProcessWrapper({ name: "refusing", wrap: () => { throw new Error("not run: the sandbox is required"); } }, () => connection.start());
    expect(connection.state).toEqual({ status: "failed", reason: "could not start: not run: the sandbox is required" });
  });
});
