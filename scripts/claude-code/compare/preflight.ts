/**
 * Before any case runs: each harness's shell must resolve the machine-acting commands to the
 * comparison's logging stand-ins (workspace.ts). A harness whose shell rebuilt PATH would run
 * the real `shutdown` in bypass mode; this finds that out with `command -v`, which runs nothing.
 */
import type { HarnessRun } from "./run-harness.ts";
import { runCalls } from "./session.ts";
import { STAND_INS } from "./workspace.ts";

/** A problem, or undefined when both harnesses resolve every stand-in. */
export async function checkStandIns(...runs: HarnessRun[]): Promise<string | undefined> {
  for (const run of runs) {
    const { calls } = await runCalls(run, {
      mode: "bypassPermissions",
      settings: {},
      // The names come from a file: the course refuses a command line that names sudo at all.
      files: { "stand-ins.txt": `${STAND_INS.join("\n")}\n` },
      calls: [{ step: { tool: "bash", command: "while read -r name; do command -v \"$name\"; done < stand-ins.txt" } }],
    });
    const lines = (calls[0]?.text ?? "").split("\n").map((l) => l.trim()).filter(Boolean);
    const wrong = STAND_INS.filter((name) => !lines.some((line) => new RegExp(`/cc-compare-[^/]+/bin/${name.replace(".", "\\.")}$`).test(line)));
    if (wrong.length > 0) return `${run.harness}'s shell does not resolve ${wrong.join(", ")} to the stand-ins (it said: ${JSON.stringify(calls[0]?.text ?? "nothing")})`;
  }
  return undefined;
}
