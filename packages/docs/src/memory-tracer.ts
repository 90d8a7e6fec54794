/**
 * A Tracer that keeps its lines in memory instead of appending them to a file: the docs
 * read a demo's trace straight back, with no temp file to write, parse and delete.
 * Each entry is what `--trace` would have written on that line (a JSON round trip).
 */
import { Tracer, type TraceEntry, type TraceType } from "@learn/core";

export class MemoryTracer extends Tracer {
  readonly entries: TraceEntry[] = [];

  constructor() {
    super("(in memory)");
  }

  override record(type: TraceType, agent: string, body: unknown): void {
    this.entries.push(JSON.parse(JSON.stringify({ type, agent, body })) as TraceEntry);
  }

  override flush(): Promise<void> {
    return Promise.resolve();
  }
}
