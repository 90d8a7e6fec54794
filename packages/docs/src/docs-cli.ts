/** Entry point of `pnpm docs` and `pnpm docs:check` (see docs-command.ts). */
import { runDocsCommand } from "./docs-command.ts";

const code = await runDocsCommand(process.argv.slice(2), {
  out: (text) => process.stdout.write(text),
  err: (text) => process.stderr.write(text),
});
// A lesson may leave a timer or child behind after its demo; the docs are done either way.
process.exit(code);
