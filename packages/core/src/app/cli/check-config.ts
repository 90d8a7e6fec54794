/**
 * `--check-config`: the lesson's loaders read the workspace's `.claude/` folder (and the user's
 * `~/.claude/settings.json`), and one JSON document goes to stdout — nothing else does, so a tool
 * can pipe it. Exit 0 when every file loaded, 1 when something was refused, 2 on a usage error
 * (a missing `--cwd`, a lesson that reads no such files).
 */
import { configExitCode, userClaudeDir } from "../../runtime/config-check.ts";
import type { Lesson } from "../../runtime/lesson.ts";
import { resolveWorkspace, WorkspaceError } from "../workspace.ts";
import type { CliOptions } from "./args.ts";

export async function reportConfig(lesson: Lesson, options: CliOptions, env: NodeJS.ProcessEnv = process.env): Promise<number> {
  if (!lesson.checkConfig) {
    process.stderr.write(`${lesson.id} reads no Claude Code files: --check-config starts at lesson 3\n`);
    return 2;
  }
  let cwd: string;
  try {
    // The workspace itself, never a fresh copy: the question is about the student's own folder.
    cwd = await resolveWorkspace(options.cwd, env);
  } catch (err) {
    if (!(err instanceof WorkspaceError)) throw err;
    process.stderr.write(`${err.message}\n`);
    return 2;
  }
  const report = await lesson.checkConfig({ cwd, userDir: userClaudeDir(env) });
  process.stdout.write(`${JSON.stringify(report, null, 2)}\n`);
  return configExitCode(report);
}
