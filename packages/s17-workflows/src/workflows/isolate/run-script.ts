/**
 * Run a workflow script in a process of its own with no capabilities, and serve its requests.
 *
 *   node --experimental-permission -e <runner.js>     no --allow-* flag: no fs, no child process, no worker
 *        env: empty                                  no key, no token, no PATH reaches it
 *        stdin/stdout: JSON lines                    the only way out is asking the harness
 *
 * Why not `node:vm` in this process: a vm context shares the process, and one `.constructor`
 * climb from an object the host passed in reaches `process` — and with it the files, the keys,
 * the shell. Node's documentation says it plainly: vm is not a security mechanism. A separate
 * process whose operating-system-level rights were dropped before the script's first line is.
 * Node 20's permission model does not cover the network, so runner.js also empties the globals
 * (fetch, WebSocket...) before the script runs; the script itself sees none of them anyway.
 */
import { spawn } from "node:child_process";
import { readFile } from "node:fs/promises";

/** What the script may ask the harness for. */
export interface ScriptHost {
  /** One agent() call: its result, or a thrown error the script sees as a rejection. */
  agent(id: number, prompt: string, opts: Record<string, unknown>): Promise<unknown>;
  phase(title: string): void;
  log(text: string): void;
  /** Output tokens spent so far, for the script's `budget.spent()`. */
  spent(): number;
}

export type ScriptEnd = { ok: true; result: unknown } | { ok: false; error: string };

interface ScriptMessage {
  type: "agent" | "phase" | "log" | "done" | "fail";
  id?: number;
  prompt?: string;
  opts?: Record<string, unknown>;
  title?: string;
  text?: string;
  result?: unknown;
  error?: string;
}

const RUNNER = new URL("./runner.js", import.meta.url);

/** The longest message the script may send: a bigger one ends the run (it could only be a flood). */
export const MAX_MESSAGE_CHARS = 1_000_000;

/** The flags of the isolated process: permissions on with nothing allowed, a small heap. */
export const ISOLATE_FLAGS = ["--experimental-permission", "--no-warnings", "--max-old-space-size=128"];

/** Run `body` (the script after its meta) with `args`; ends when the script does, or `signal` aborts (the process is killed). */
export async function runIsolated(body: string, args: unknown, budgetTotal: number | null, host: ScriptHost, signal: AbortSignal): Promise<ScriptEnd> {
  const runner = await readFile(RUNNER, "utf8");
  const child = spawn(process.execPath, [...ISOLATE_FLAGS, "-e", runner], { env: {}, stdio: ["pipe", "pipe", "pipe"] });
  const send = (message: object) => {
    if (child.stdin.writable) child.stdin.write(`${JSON.stringify(message)}\n`);
  };
  const kill = () => child.kill("SIGKILL");
  // An answer written as the process dies (stopped, killed for a flood) fails with EPIPE: the
  // process's end is reported by "close" below; the failed write itself is nothing to report.
  child.stdin.on("error", () => {});
  signal.addEventListener("abort", kill, { once: true });
  let stderr = "";
  child.stderr.setEncoding("utf8").on("data", (chunk: string) => (stderr = (stderr + chunk).slice(-2000)));
  try {
    return await new Promise<ScriptEnd>((resolve) => {
      let end: ScriptEnd | undefined;
      const serve = (message: ScriptMessage) => {
        if (message.type === "done") end = { ok: true, result: message.result ?? null };
        else if (message.type === "fail") end = { ok: false, error: message.error ?? "the script failed" };
        else if (message.type === "phase") host.phase(message.title ?? "");
        else if (message.type === "log") host.log(message.text ?? "");
        else if (message.type === "agent" && typeof message.id === "number") answer(message.id, message.prompt ?? "", message.opts ?? {});
      };
      const answer = (id: number, prompt: string, opts: Record<string, unknown>) => {
        host.agent(id, prompt, opts).then(
          (value) => send({ type: "answer", id, ok: true, value, spent: host.spent() }),
          (err: unknown) => send({ type: "answer", id, ok: false, error: err instanceof Error ? err.message : String(err), spent: host.spent() }),
        );
      };
      const refuse = (why: string) => {
        end ??= { ok: false, error: why };
        kill();
      };
      readLines(child.stdout, (line) => {
        try {
          serve(JSON.parse(line) as ScriptMessage);
        } catch {
          refuse("the script's process wrote something that is not a message");
        }
      }, () => refuse(`the script sent a message over ${MAX_MESSAGE_CHARS} characters`));
      child.on("error", (err) => resolve({ ok: false, error: `the script's process could not start: ${err.message}` }));
      child.on("close", (code, how) => {
        if (signal.aborted) resolve({ ok: false, error: "stopped" });
        else resolve(end ?? { ok: false, error: `the script's process ended (${how ?? `exit ${code}`}) without a result${stderr ? `: ${stderr.trim()}` : ""}` });
      });
      send({ type: "start", body, args, budgetTotal });
    });
  } finally {
    signal.removeEventListener("abort", kill);
    kill();
  }
}

/** Call `onLine` with each whole line of a stream; `onFlood` once a line grows past the cap (nothing more is read). */
function readLines(stream: NodeJS.ReadableStream, onLine: (line: string) => void, onFlood: () => void): void {
  let buffered = "";
  stream.setEncoding("utf8");
  stream.on("data", (chunk: string) => {
    if (buffered.length > MAX_MESSAGE_CHARS) return;
    buffered += chunk;
    if (buffered.length > MAX_MESSAGE_CHARS && !buffered.includes("\n")) return onFlood();
    let newline: number;
    while ((newline = buffered.indexOf("\n")) >= 0) {
      const line = buffered.slice(0, newline);
      buffered = buffered.slice(newline + 1);
      if (line.trim() !== "") onLine(line);
    }
  });
}
