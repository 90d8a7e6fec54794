/**
 * A tool wrapper: something put around every tool call's `run`, which the tool knows nothing
 * of. The command line installs one (app/reset-ledger.ts: what a call writes into the real
 * practice workspace is noted for `pnpm reset`); `defineTool` only runs whatever is installed.
 * So the runtime never imports the harness around it: the arrow points from the app down.
 *
 *   installToolWrapper(resetLedger)            the command line, once a session
 *   tool.execute(input, ctx)                   any loop: s01's, s02's, the kernel's
 *     └─ resetLedger.run(call, () => def.run(input, ctx))
 *
 * Wrappers are installed for the whole process, not per agent: every agent of a session (a
 * subagent, a teammate) calls tools the same way, and the ledger is one per process anyway.
 * The first installed is the outermost; one installed twice (the command line run inside a test
 * that installed it too) wraps a call once.
 */

/** The call a wrapper is told about. */
export interface ToolCallSite {
  /** The tool's name. */
  tool: string;
  /** The agent's working folder for this call. */
  cwd: string;
  /** Tell the user something (the agent's renderer's notice): a wrapper that fails says so here. */
  report(message: string): void;
}

export interface ToolWrapper {
  /** Its name, for messages and tests ("reset ledger"). */
  name: string;
  /** Run `call` — the tool's own `run` — and return what it returns; never swallow its error. */
  run<T>(site: ToolCallSite, call: () => Promise<T>): Promise<T>;
}

const installed: ToolWrapper[] = [];

/** Put `wrapper` around every tool call from now on. Returns what takes it off again. */
export function installToolWrapper(wrapper: ToolWrapper): () => void {
  installed.push(wrapper);
  return () => {
    const at = installed.indexOf(wrapper);
    if (at >= 0) installed.splice(at, 1);
  };
}

/** The names of the wrappers in force, outermost first. */
export function toolWrapperNames(): string[] {
  return [...new Set(installed)].map((w) => w.name);
}

/** Run one call of a tool inside every installed wrapper (the first installed outermost). */
export function runWrapped<T>(site: ToolCallSite, call: () => Promise<T> | T): Promise<T> {
  const chain = [...new Set(installed)]; // a wrapper installed while this call runs is for later calls
  const through = (i: number): Promise<T> => (i < chain.length ? chain[i]!.run(site, () => through(i + 1)) : Promise.resolve().then(call));
  return through(0);
}
