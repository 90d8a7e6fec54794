#!/usr/bin/env node
/**
 * A tiny issue tracker as an MCP server: the kind of tool a coding agent gets from another
 * process. Written with the SDK's server side; it keeps its issues in issues.json in the folder
 * it was started in (the workspace), and speaks MCP on stdin/stdout.
 *
 *   list_issues     read-only (annotations.readOnlyHint): the agent may call it without asking
 *   create_issue    changes the file: asks in default mode, like any tool that writes
 *   close_issue     likewise
 *
 * Plain JavaScript, run by node from this package's folder, so it finds the SDK in node_modules
 * and nothing is downloaded at run time.
 */
import { readFileSync, renameSync, writeFileSync } from "node:fs";
import path from "node:path";
import { McpServer } from "@modelcontextprotocol/sdk/server/mcp.js";
import { StdioServerTransport } from "@modelcontextprotocol/sdk/server/stdio.js";
import { z } from "zod";

const FILE = path.resolve(process.env.ISSUES_FILE ?? "issues.json");

function load() {
  try {
    return JSON.parse(readFileSync(FILE, "utf8"));
  } catch (err) {
    if (err.code === "ENOENT") return { issues: [] };
    throw err;
  }
}

/** Written whole or not at all: a crash mid-write leaves the old file. */
function save(data) {
  const temp = `${FILE}.${process.pid}.tmp`;
  writeFileSync(temp, `${JSON.stringify(data, null, 2)}\n`);
  renameSync(temp, FILE);
}

const line = (i) => `#${i.id} [${i.status}] ${i.title}`;
const text = (t) => ({ content: [{ type: "text", text: t }] });

const server = new McpServer({ name: "issues", version: "1.0.0" });

server.registerTool(
  "list_issues",
  {
    description: "List the project's issues, open ones first (or only those with the given status).",
    inputSchema: { status: z.enum(["open", "closed"]).optional() },
    annotations: { readOnlyHint: true },
  },
  async ({ status }) => {
    const issues = load().issues.filter((i) => !status || i.status === status);
    issues.sort((a, b) => (a.status === b.status ? a.id - b.id : a.status === "open" ? -1 : 1));
    return text(issues.length ? issues.map(line).join("\n") : "No issues.");
  },
);

server.registerTool(
  "create_issue",
  {
    description: "File a new issue with a title and an optional body.",
    inputSchema: { title: z.string().min(1), body: z.string().optional() },
  },
  async ({ title, body }) => {
    const data = load();
    const id = Math.max(0, ...data.issues.map((i) => i.id)) + 1;
    const issue = { id, title, body: body ?? "", status: "open" };
    data.issues.push(issue);
    save(data);
    return text(`Created ${line(issue)}`);
  },
);

server.registerTool(
  "close_issue",
  { description: "Close an issue by its number.", inputSchema: { id: z.number().int() } },
  async ({ id }) => {
    const data = load();
    const issue = data.issues.find((i) => i.id === id);
    if (!issue) return { ...text(`No issue #${id}.`), isError: true };
    issue.status = "closed";
    save(data);
    return text(`Closed ${line(issue)}`);
  },
);

// The client closing our stdin is the end of the session: exit, never linger as an orphan.
process.stdin.on("end", () => process.exit(0));
await server.connect(new StdioServerTransport());
