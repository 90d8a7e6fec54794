/** Entry point of `pnpm trace` (see trace-command.ts). */
import { paletteFor } from "@learn/core/harness";
import { runTraceCommand } from "./trace-command.ts";

// `pnpm trace t.jsonl | head`: a reader that stops reading is not an error.
process.stdout.on("error", (err: NodeJS.ErrnoException) => {
  if (err.code === "EPIPE") process.exit(0);
  throw err;
});

const code = await runTraceCommand(process.argv.slice(2), {
  out: (text) => process.stdout.write(text),
  err: (text) => process.stderr.write(text),
  cwd: process.env.INIT_CWD ?? process.cwd(),
  palette: paletteFor(process.stdout),
});
process.exitCode = code;
