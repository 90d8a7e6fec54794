/** Entry point of `pnpm trace` (see trace-command.ts). */
import { paletteFor } from "@learn/core";
import { runTraceCommand } from "./trace-command.ts";

const code = await runTraceCommand(process.argv.slice(2), {
  out: (text) => process.stdout.write(text),
  err: (text) => process.stderr.write(text),
  cwd: process.env.INIT_CWD ?? process.cwd(),
  palette: paletteFor(process.stdout),
});
process.exitCode = code;
