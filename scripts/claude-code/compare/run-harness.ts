/**
 * One session of one harness against the course's simulator, served over HTTP on 127.0.0.1:
 * the lesson in `--print` mode (node scripts/start.mjs sNN, as a student starts it) or
 * `claude -p`. Both get the same endpoint, a throwaway HOME, the stand-ins first on PATH and
 * the same permission mode; what the model says is the simulator's script.
 */
import { spawn } from "node:child_process";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { Simulator, type RecordedRequest, type Script } from "@learn/core/simulator";
import { serveSimulator } from "@learn/core/testing";
import { claudeCodeEnv } from "../binary.ts";
import type { HarnessName } from "./steps.ts";
import type { SessionFolder } from "./workspace.ts";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../../..");

export type Mode = "default" | "acceptEdits" | "plan" | "bypassPermissions";

export interface HarnessRun {
  harness: HarnessName;
  /** The lesson (`s12`) or Claude Code's binary. */
  lesson: string;
  claude: string;
}

export interface SessionResult {
  requests: RecordedRequest[];
  /** The compaction's summary requests, answered aside (when the session asked for that). */
  summaryRequests: RecordedRequest[];
  /** A subagent's requests, answered from its own script (when the session has one). */
  childRequests: RecordedRequest[];
  /** The anthropic-beta header and body of every request, as sent. */
  headers: Record<string, string | string[] | undefined>[];
  stdout: string;
  stderr: string;
  code: number | null;
  ms: number;
}

const TIMEOUT_MS = 240_000;

/** Run `prompt` through one harness in `folder` with the scripted model `script`. */
export async function runSession(
  run: HarnessRun,
  folder: SessionFolder,
  script: Script,
  options: { mode: Mode; prompt: string; env?: Record<string, string>; args?: string[]; summarise?: boolean; child?: ChildScript },
): Promise<SessionResult> {
  const simulator = new Simulator(script, { name: `compare (${run.harness})` });
  const summariser = new Simulator({ turns: [{ repeat: 20, content: [{ type: "text", text: SUMMARY }] }] }, { name: "compare summariser" });
  const child = new Simulator({ turns: options.child?.turns ?? [] }, { name: "compare subagent" });
  // Strip the course's agent header: a subagent's requests then take their turns from the one
  // queue, in the order they come, as Claude Code's (which name no agent) do. A summary request
  // (compaction) comes when each harness's own threshold says: it is answered aside. So does a
  // subagent's (its system prompt carries the agent file's words): Claude Code runs it in the
  // background, so its requests interleave with the lead's in an order of their own.
  const pick = (init?: RequestInit) =>
    options.summarise && isSummaryRequest(init) ? summariser : options.child && systemIncludes(init, options.child.marker) ? child : simulator;
  const endpoint = await serveSimulator({ fetch: (input, init) => pick(init).fetch(input, withoutAgentHeader(init)) });
  const PATH = `${folder.bin}:${process.env.PATH ?? ""}`;
  const started = Date.now();
  try {
    const { command, args, env } =
      run.harness === "course"
        ? {
            command: process.execPath,
            args: [path.join(root, "scripts", "start.mjs"), run.lesson, "--print", options.prompt, "--cwd", folder.ws, "--permission-mode", options.mode, ...(options.args ?? [])],
            env: {
              ...Object.fromEntries(Object.entries(process.env).filter(([k]) => !k.startsWith("ANTHROPIC_") && !k.startsWith("LEARN_") && k !== "MODEL_ID")),
              HOME: folder.home, PATH, NO_COLOR: "1", LEARN_ENV_FILE: "none",
              ANTHROPIC_BASE_URL: endpoint.url, ANTHROPIC_API_KEY: "sk-ant-test-local-endpoint", MODEL_ID: "claude-sim",
            },
          }
        : {
            command: run.claude,
            args: ["-p", options.prompt, "--permission-mode", options.mode, ...(options.args ?? [])],
            env: { ...claudeCodeEnv(folder.home, endpoint.url), PATH, ...(options.mode === "bypassPermissions" ? { IS_SANDBOX: "1" } : {}) },
          };
    const { stdout, stderr, code } = await spawnAndWait(command, args, { cwd: folder.ws, env: { ...env, ...options.env } });
    return { requests: simulator.requests, summaryRequests: summariser.requests, childRequests: child.requests, headers: endpoint.headers, stdout, stderr, code, ms: Date.now() - started };
  } finally {
    await endpoint.close();
  }
}

/** A subagent's turns, and the words of its system prompt that tell its requests from the lead's. */
export interface ChildScript {
  marker: string;
  turns: Script["turns"];
}

function systemIncludes(init: RequestInit | undefined, marker: string): boolean {
  const body = typeof init?.body === "string" ? init.body : "";
  try {
    return JSON.stringify((JSON.parse(body) as { system?: unknown }).system ?? "").includes(marker);
  } catch {
    return false;
  }
}

/** The summary the summariser answers with (both harnesses read what is inside the tags). */
export const SUMMARY = "<summary>\nCOMPACT-SUMMARY-MARK: the comparison session read three large files.\n</summary>";

/** The course's instruction, or Claude Code's, in the last user message of the request. */
function isSummaryRequest(init?: RequestInit): boolean {
  const body = typeof init?.body === "string" ? init.body : "";
  try {
    const { messages = [] } = JSON.parse(body) as { messages?: { role: string; content: unknown }[] };
    const last = messages.findLast((m) => m.role === "user");
    return /Summarise the conversation so far|detailed summary of the conversation|summary of the conversation so far/i.test(JSON.stringify(last?.content ?? ""));
  } catch {
    return false;
  }
}

function withoutAgentHeader(init?: RequestInit): RequestInit | undefined {
  if (!init?.headers) return init;
  const headers = Object.fromEntries(Object.entries(init.headers as Record<string, string>).filter(([k]) => k.toLowerCase() !== "x-learn-agent"));
  return { ...init, headers };
}

function spawnAndWait(command: string, args: string[], options: { cwd: string; env: NodeJS.ProcessEnv }) {
  return new Promise<{ stdout: string; stderr: string; code: number | null }>((resolve) => {
    const child = spawn(command, args, { ...options, stdio: ["ignore", "pipe", "pipe"] });
    let stdout = "";
    let stderr = "";
    child.stdout.on("data", (chunk: Buffer) => (stdout += chunk));
    child.stderr.on("data", (chunk: Buffer) => (stderr += chunk));
    // A limit, not a measure: a session that hangs is killed and its cases show no result.
    const timer = setTimeout(() => child.kill("SIGKILL"), TIMEOUT_MS);
    child.on("error", (err) => (stderr += String(err)));
    child.on("close", (code) => {
      clearTimeout(timer);
      resolve({ stdout, stderr, code });
    });
  });
}
