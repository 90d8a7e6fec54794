/**
 * Run a lesson's command line as a student does: a real child process (`node --import tsx
 * src/main.ts ...`) in the lesson's package folder, with no key from the developer's shell
 * or .env file leaking in (so the run is offline unless the test sets one).
 */
import { spawn } from "node:child_process";

export interface CliRun {
  code: number | null;
  stdout: string;
  stderr: string;
}

export function runLessonCli(
  packageDir: string,
  args: string[],
  options: { env?: Record<string, string>; stdin?: string } = {},
): Promise<CliRun> {
  const clean = Object.fromEntries(
    Object.entries(process.env).filter(([k]) => !k.startsWith("ANTHROPIC_") && k !== "MODEL_ID" && k !== "INIT_CWD"),
  );
  return new Promise((resolve) => {
    const child = spawn(process.execPath, ["--import", "tsx", "src/main.ts", ...args], {
      cwd: packageDir,
      env: { ...clean, NO_COLOR: "1", LEARN_ENV_FILE: "none", ...options.env },
    });
    let stdout = "";
    let stderr = "";
    child.stdout.on("data", (c: Buffer) => (stdout += c));
    child.stderr.on("data", (c: Buffer) => (stderr += c));
    child.stdin.end(options.stdin ?? "");
    child.on("close", (code) => resolve({ code, stdout, stderr }));
  });
}
