// A PreToolUse command hook: block `git push` to main (Claude Code's contract: the event as
// JSON on stdin; exit 2 blocks, with stderr as the reason the model reads; exit 0 lets it go).
//
// A teaching guard, like s01's refuse-list: it reads the command's text, so `git push origin
// HEAD:main` is caught, but a push hidden in a script is not. Server-side branch protection is
// the real guarantee.
import { readFileSync } from "node:fs";

const event = JSON.parse(readFileSync(0, "utf8"));
const command = String(event.tool_input?.command ?? "");
const pushes = /\bgit\s+(?:-\S+\s+)*push\b/.test(command);
const toMain = /(?:^|[\s:])main(?:\s|$)/.test(command.slice(command.search(/\bpush\b/)));
if (pushes && toMain) {
  process.stderr.write("Pushing to main is not allowed here: push a branch and open a pull request instead.");
  process.exit(2);
}
process.exit(0);
