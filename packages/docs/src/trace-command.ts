/**
 * `pnpm trace <file.jsonl> [--full]`: print a trace as numbered steps, with the renderer
 * the docs use; `--to-script`: print it as an offline script instead (trace-to-script.ts). pnpm runs root scripts from the repo root, so a relative path is resolved
 * against INIT_CWD — the folder the user typed the command in — when pnpm sets it.
 */
import path from "node:path";
import { parseArgs } from "node:util";
import { readTraceFile, TraceFileError } from "./trace-file.ts";
import { paletteFor, type Palette } from "@learn/core/harness";
import { markdownForTerminal } from "./terminal-markdown.ts";
import { renderSteps } from "./trace-render.ts";
import { scriptFromTrace } from "./trace-to-script.ts";

/** No colours: what a pipe or a test gets. */
const PLAIN: Palette = paletteFor({ isTTY: false });

export interface TraceIo {
  out: (text: string) => void;
  err: (text: string) => void;
  /** Where a relative path starts. */
  cwd: string;
  /** Colours for terminal text (none when stdout is not a terminal). */
  palette?: Palette;
}

const USAGE = "Usage: pnpm trace <file.jsonl> [--full] [--markdown] [--to-script]   (--full: do not trim long strings; --markdown: print Markdown, not terminal text; --to-script: print a script --model-script replays)";

/** Run the command; return the exit code. */
export async function runTraceCommand(argv: string[], io: TraceIo): Promise<number> {
  let file: string;
  let full: boolean;
  let markdown: boolean;
  let toScript: boolean;
  try {
    const { values, positionals } = parseArgs({
      args: argv[0] === "--" ? argv.slice(1) : argv, // `pnpm trace -- x.jsonl` passes the `--` on
      allowPositionals: true,
      options: { full: { type: "boolean" }, markdown: { type: "boolean" }, "to-script": { type: "boolean" }, help: { type: "boolean", short: "h" } },
    });
    if (values.help) {
      io.out(`${USAGE}\n`);
      return 0;
    }
    if (positionals.length !== 1) throw new Error("expected one trace file");
    file = positionals[0]!;
    full = values.full === true;
    markdown = values.markdown === true;
    toScript = values["to-script"] === true;
  } catch (err) {
    io.err(`${(err as Error).message}\n${USAGE}\n`);
    return 2;
  }
  try {
    const entries = await readTraceFile(path.resolve(io.cwd, file));
    if (entries.length === 0) {
      io.out(`${file}: the trace is empty\n`);
      return 0;
    }
    if (toScript) {
      io.out(scriptFromTrace(entries, path.basename(file)));
      return 0;
    }
    const steps = renderSteps(entries, { limit: full ? Infinity : undefined });
    io.out(`${markdown ? steps : markdownForTerminal(steps, io.palette ?? PLAIN)}\n`);
    return 0;
  } catch (err) {
    if (!(err instanceof TraceFileError)) throw err;
    io.err(`${err.message}\n`);
    return 1;
  }
}
