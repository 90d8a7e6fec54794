/**
 * One MCP server of the session: started (a child process, or an HTTP endpoint reached), asked
 * for its tools, called, and ended with the session. Everything protocol is the SDK's Client;
 * this file adds what a harness needs around it:
 *
 *   a state for /mcp     pending → connected | failed (and why) | not started (and why)
 *   timeouts             MCP_TIMEOUT for the start, MCP_TOOL_TIMEOUT for each call (ms, as Claude Code's)
 *   no orphans           closed with the session (stdin closed, then SIGTERM, then SIGKILL); the
 *                        child carries the session's process tag (core's process registry), so
 *                        SIGINT, SIGTERM or SIGHUP of the harness kill it too; a harness that
 *                        dies outright closes its stdin, and a server ends on that
 *   a crash mid-call     the transport closes: the call fails with a clear error, the state says failed
 */
import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { StdioClientTransport } from "@modelcontextprotocol/sdk/client/stdio.js";
import { StreamableHTTPClientTransport } from "@modelcontextprotocol/sdk/client/streamableHttp.js";
import type { Transport } from "@modelcontextprotocol/sdk/shared/transport.js";
import type { CallToolResult, Tool as McpTool } from "@modelcontextprotocol/sdk/types.js";
import { childEnv, killTagged, launchOf, newProcessTag, PROCESS_TAG_VAR, trackGroup, untrackGroup } from "@learn/core/harness";
import type { ConfiguredServer } from "./config.ts";

export type ServerState =
  | { status: "pending" }
  | { status: "connected" }
  | { status: "failed"; reason: string }
  | { status: "not started"; reason: string };

export interface Timeouts {
  /** How long a server may take to start and list its tools. */
  startMs: number;
  /** How long one tool call may take. */
  toolMs: number;
}

/** Claude Code's variable names (milliseconds); the defaults are the course's: 30 s to start, 60 s a call. */
export function timeoutsFrom(env: NodeJS.ProcessEnv): Timeouts {
  return { startMs: positive(env.MCP_TIMEOUT) ?? 30_000, toolMs: positive(env.MCP_TOOL_TIMEOUT) ?? 60_000 };
}

const positive = (value: string | undefined) => (value !== undefined && /^\d+$/.test(value) && Number(value) > 0 ? Number(value) : undefined);

/** The last lines a server wrote to stderr: what a failure shows as its reason. */
const STDERR_KEPT = 2_000;

export class McpServerConnection {
  state: ServerState = { status: "pending" };
  tools: McpTool[] = [];
  private client?: Client;
  private stderr = "";
  private pid?: number;

  constructor(
    readonly server: ConfiguredServer,
    private readonly cwd: string,
    private readonly timeouts: Timeouts,
  ) {}

  get name(): string {
    return this.server.name;
  }

  /** Start it and list its tools; never throws: a failure is the state. */
  async start(): Promise<void> {
    const client = new Client({ name: "learn-agent-harness", version: "13.0.0" });
    let transport: Transport;
    try {
      transport = this.transportFor();
    } catch (err) {
      return this.fail(`could not start: ${messageOf(err, this.timeouts.startMs, "MCP_TIMEOUT")}`); // a wrapper refused to start it
    }
    this.client = client;
    // A server that dies (or an endpoint that goes) after the start: failed, with what it last said.
    client.onclose = () => {
      if (this.state.status === "connected" || this.state.status === "pending") this.fail("the server closed the connection (it exited or crashed)");
    };
    try {
      await client.connect(transport, { timeout: this.timeouts.startMs });
      if (transport instanceof StdioClientTransport && transport.pid) {
        this.pid = transport.pid;
        trackGroup(transport.pid, this.tag);
      }
      const listed = await client.listTools(undefined, { timeout: this.timeouts.startMs });
      this.tools = listed.tools;
      if (this.state.status === "pending") this.state = { status: "connected" };
    } catch (err) {
      this.fail(`could not start: ${messageOf(err, this.timeouts.startMs, "MCP_TIMEOUT")}`);
      await this.close();
    }
  }

  /** Call one of its tools; throws an Error whose message the model reads. */
  async call(tool: string, args: Record<string, unknown>, signal?: AbortSignal): Promise<CallToolResult> {
    if (this.state.status !== "connected" || !this.client) throw new Error(`MCP server "${this.name}" is not connected (${describeState(this.state)})`);
    try {
      return (await this.client.callTool({ name: tool, arguments: args }, undefined, { timeout: this.timeouts.toolMs, ...(signal ? { signal } : {}) })) as CallToolResult;
    } catch (err) {
      if (signal?.aborted) throw err;
      const reason = messageOf(err, this.timeouts.toolMs, "MCP_TOOL_TIMEOUT");
      if (this.state.status !== "connected") throw new Error(`MCP server "${this.name}" failed during the call: ${describeState(this.state)}`);
      throw new Error(`MCP server "${this.name}", tool ${tool}: ${reason}`);
    }
  }

  /** End it: the SDK closes stdin, then SIGTERM, then SIGKILL for a server that lingers. */
  async close(): Promise<void> {
    const client = this.client;
    this.client = undefined;
    if (this.state.status === "connected" || this.state.status === "pending") this.state = { status: "failed", reason: "closed with the session" };
    try {
      await client?.close();
    } catch {
      /* already gone */
    }
    // A start that failed leaves the SDK's own close still waiting on the child: end it now, by its tag.
    killTagged(this.tag);
    if (this.pid !== undefined) untrackGroup(this.pid);
  }

  /** Mark it as not started (trust.ts said no), with why. */
  skip(reason: string): void {
    this.state = { status: "not started", reason };
  }

  private readonly tag = newProcessTag();

  private transportFor(): Transport {
    const { config } = this.server;
    if (config.type === "http") return new StreamableHTTPClientTransport(new URL(config.url), { requestInit: { headers: config.headers } });
    // Started as any command of the harness is: through the process wrapper in force, if one is (core's launchOf).
    const launch = launchOf({
      file: config.command,
      args: config.args,
      cwd: config.cwd ?? this.cwd,
      // No key of the harness reaches a server (childEnv drops them); the tag finds it at exit.
      env: { ...(childEnv() as Record<string, string>), ...config.env, [PROCESS_TAG_VAR]: this.tag },
    });
    const transport = new StdioClientTransport({ command: launch.file, args: [...launch.args], cwd: launch.cwd, env: launch.env as Record<string, string>, stderr: "pipe" });
    transport.stderr?.on("data", (chunk: Buffer) => {
      this.stderr = (this.stderr + chunk.toString("utf8")).slice(-STDERR_KEPT);
    });
    return transport;
  }

  private fail(reason: string): void {
    const said = this.stderr.trim().split("\n").at(-1);
    this.state = { status: "failed", reason: said ? `${reason}; its last words on stderr: ${said}` : reason };
  }
}

/** `connected`, `failed: …`, `not started: …`. */
export function describeState(state: ServerState): string {
  return "reason" in state ? `${state.status}: ${state.reason}` : state.status;
}

function messageOf(err: unknown, timeoutMs: number, variable: string): string {
  const text = err instanceof Error ? err.message : String(err);
  if (/timed out|timeout/i.test(text)) return `no answer within ${timeoutMs} ms (${variable} sets it, in ms)`;
  return text.replace(/^MCP error -?\d+: /, "");
}
