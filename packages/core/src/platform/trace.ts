/**
 * Tracing: every model request and response appended to a JSON-lines file, one object a
 * line — `{"type":"request","agent":"lead","body":{...}}` — so a run can be read back step
 * by step (the docs' walkthroughs are made from these). Secrets are scrubbed on the way out:
 * the ones given, and always every known secret (secrets.ts) — online or offline, since a key
 * in the environment reaches a trace through any command that prints it (`env`). They are
 * scrubbed from the entry's strings, so the line stays valid JSON whatever a secret looks like.
 */
import { appendFile, mkdir } from "node:fs/promises";
import path from "node:path";
import { knownSecrets, scrubDeep } from "./secrets.ts";

export type TraceType = "request" | "response" | "error";

export interface TraceEntry {
  type: TraceType;
  agent: string;
  body: unknown;
}

/** Where model requests and responses are recorded: a file (`--trace`), or memory (the docs, tests). */
export interface Tracer {
  /** Record one request, response or error of `agent`'s model, as sent or received. */
  record(type: TraceType, agent: string, body: unknown): void;
  /** Resolve when everything recorded so far is stored. */
  flush(): Promise<void>;
}

/**
 * An entry as stored: a JSON round trip (what was sent, as plain data, not a live object that
 * changes afterwards), with the secrets scrubbed from its strings.
 */
function storedEntry(type: TraceType, agent: string, body: unknown, secrets: readonly string[] = []): TraceEntry {
  return scrubDeep(JSON.parse(JSON.stringify({ type, agent, body })) as TraceEntry, [...secrets, ...knownSecrets()]);
}

/** The `--trace <file>` tracer: JSON lines appended to a file, secrets scrubbed. */
export class FileTracer implements Tracer {
  /** Writes go through one promise chain: lines from concurrent agents never interleave. */
  private pending: Promise<void> = Promise.resolve();

  constructor(
    readonly file: string,
    private readonly secrets: readonly string[] = [],
  ) {}

  record(type: TraceType, agent: string, body: unknown): void {
    const line = `${JSON.stringify(storedEntry(type, agent, body, this.secrets))}\n`;
    this.pending = this.pending
      .then(async () => {
        await mkdir(path.dirname(this.file), { recursive: true });
        await appendFile(this.file, line);
      })
      .catch((err: Error) => {
        process.stderr.write(`trace: cannot write ${this.file}: ${err.message}\n`);
      });
  }

  /** Wait until every recorded line is on disk. */
  flush(): Promise<void> {
    return this.pending;
  }
}

/**
 * A tracer that keeps its entries in memory: the docs read a demo's trace straight back, and
 * tests assert on it. Each entry is what `--trace` would have written.
 */
export class MemoryTracer implements Tracer {
  readonly entries: TraceEntry[] = [];

  record(type: TraceType, agent: string, body: unknown): void {
    this.entries.push(storedEntry(type, agent, body));
  }

  flush(): Promise<void> {
    return Promise.resolve();
  }
}
