/**
 * The command line every lesson shares: parsing it, and the help text.
 * The `--` pnpm passes on is tolerated where pnpm puts it: first (`pnpm start -- -p x`) or after
 * the script's own flags (`pnpm demo -- --trace f` runs `start.mjs sNN --demo -- --trace f`).
 */
import { existsSync, statSync } from "node:fs";
import path from "node:path";
import { parseArgs } from "node:util";
import { closestName } from "../../platform/closest-name.ts";
import type { Lesson } from "../../runtime/lesson.ts";
import { userPath } from "../workspace.ts";

export interface CliOptions {
  print?: string;
  demo: boolean;
  help: boolean;
  cwd?: string;
  modelScript?: string;
  trace?: string;
  /** `--check-config`: report on the workspace's Claude Code files and exit (lessons that read them). */
  checkConfig: boolean;
  /** Lesson flags such as --permission-mode. */
  flags: Record<string, string | undefined>;
}

export class UsageError extends Error {
  override name = "UsageError";
}

/** Parse argv into options; lesson flags (`--permission-mode`) are checked against their choices. */
export function parseCli(argv: string[], lesson: Pick<Lesson, "flags" | "checkConfig">): CliOptions {
  const lessonFlags = lesson.flags ?? [];
  const valued = new Set(["-p", "--print", "--cwd", "--model-script", "--trace", ...lessonFlags.filter((f) => (f.value ?? "required") === "required").map((f) => `--${f.name}`)]);
  const optional = new Set(lessonFlags.filter((f) => f.value === "optional").map((f) => `--${f.name}`));
  const args = withOptionalValues(withoutPnpmSeparator(argv, (arg, next) => valued.has(arg) || (optional.has(arg) && !isOption(next))), optional);
  let values: Record<string, string | boolean | undefined>;
  try {
    ({ values } = parseArgs({
      args,
      strict: true,
      allowPositionals: false,
      options: {
        print: { type: "string", short: "p" },
        demo: { type: "boolean" },
        help: { type: "boolean", short: "h" },
        cwd: { type: "string" },
        "model-script": { type: "string" },
        trace: { type: "string" },
        ...(lesson.checkConfig ? { "check-config": { type: "boolean" as const } } : {}),
        ...Object.fromEntries(lessonFlags.map((f) => [f.name, { type: f.value === "none" ? ("boolean" as const) : ("string" as const) }])),
      },
    }));
  } catch (err) {
    throw new UsageError(withSuggestion((err as Error).message, ["print", "demo", "help", "cwd", "model-script", "trace", ...(lesson.checkConfig ? ["check-config"] : []), ...lessonFlags.map((f) => f.name)]));
  }
  const flags: Record<string, string | undefined> = {};
  for (const flag of lessonFlags) {
    const given = values[flag.name];
    const value = given === true ? "true" : (given as string | undefined);
    if (value !== undefined && flag.choices && !flag.choices.includes(value)) {
      throw new UsageError(`--${flag.name} must be one of ${flag.choices.join(", ")} (got "${value}")`);
    }
    flags[flag.name] = value;
  }
  if (typeof values.print === "string" && values.print.trim() === "") {
    throw new UsageError("--print needs a prompt: -p \"what to do\"");
  }
  return {
    print: values.print as string | undefined,
    demo: values.demo === true,
    help: values.help === true,
    cwd: values.cwd as string | undefined,
    modelScript: values["model-script"] as string | undefined,
    trace: values.trace as string | undefined,
    checkConfig: values["check-config"] === true,
    flags,
  };
}

/**
 * argv without the first bare `--` that is not an option's value (`-p --` asks about "--").
 * Lessons take no positional arguments, so nothing after it could mean anything else.
 */
export function withoutPnpmSeparator(argv: readonly string[], takesValue: (arg: string, next: string | undefined) => boolean): string[] {
  for (let i = 0; i < argv.length; i++) {
    if (argv[i] === "--") return [...argv.slice(0, i), ...argv.slice(i + 1)];
    if (takesValue(argv[i]!, argv[i + 1])) i++; // its value, whatever it looks like
  }
  return [...argv];
}

/** Does this argument start another option (or is there none)? Then an optional value was left out. */
function isOption(arg: string | undefined): boolean {
  return arg === undefined || arg.startsWith("-");
}

/** `--resume` with no value before another option or the end: `--resume=` (an empty value, "pick one"). */
function withOptionalValues(args: string[], optional: ReadonlySet<string>): string[] {
  return args.map((arg, i) => (optional.has(arg) && isOption(args[i + 1]) ? `${arg}=` : arg));
}

/** "Unknown option '--trce'": and the flag it most likely meant, when one is obvious. */
function withSuggestion(message: string, flags: readonly string[]): string {
  const typed = /^Unknown option '-{1,2}([^'=]+)/.exec(message)?.[1];
  const meant = typed && closestName(typed.toLowerCase(), flags);
  return meant ? `${message}: did you mean --${meant}?` : message;
}

/**
 * A file named on the command line, resolved from the folder the user typed the command in
 * (INIT_CWD under pnpm, see userPath). A missing one is a usage error naming the full path
 * and where a relative path starts from: `pnpm --filter` runs from the repo root, `pnpm start`
 * inside a lesson folder from there, and the path that works in one fails in the other.
 */
export function existingUserFile(flag: string, given: string, env: NodeJS.ProcessEnv = process.env): string {
  const file = userPath(given, env);
  if (existsSync(file)) return file;
  const from = path.isAbsolute(given) ? "" : ` (a relative path starts from ${env.INIT_CWD ?? process.cwd()})`;
  throw new UsageError(`${flag}: no such file: ${file}${from}`);
}

/**
 * The `--trace` file, resolved as existingUserFile resolves: new, or a regular file to append
 * to. A named pipe would block the first append (and the exit waiting for it) until someone
 * reads it, a device or a folder cannot hold lines: each is a usage error before anything runs.
 */
export function traceFileOf(given: string, env: NodeJS.ProcessEnv = process.env): string {
  const file = userPath(given, env);
  const info = statSync(file, { throwIfNoEntry: false });
  if (info && !info.isFile()) throw new UsageError(`--trace: ${file} is not a regular file (${info.isFIFO() ? "a named pipe" : info.isDirectory() ? "a folder" : "not a file"}): give the path of a file to append to`);
  return file;
}

export function usage(lesson: Lesson): string {
  const extra = (lesson.flags ?? []).map(
    (f) => `  --${f.name}${f.value === "none" ? "" : f.value === "optional" ? ` [${f.choices?.join("|") ?? "value"}]` : ` <${f.choices?.join("|") ?? "value"}>`}  ${f.description}`,
  );
  return [
    `${lesson.id} — ${lesson.title}: "${lesson.headline}"`,
    "",
    `Usage: pnpm --filter ${lesson.id} start [-- options]`,
    "  -p, --print <prompt>     run one prompt to the end, print the final answer, exit",
    "  --demo                   run this lesson's offline demo",
    "  --cwd <dir>              the workspace (default practice-workspace/, env LEARN_WORKDIR)",
    "  --model-script <file>    answer from this script with the offline simulator",
    "  --trace <file>           append every model request and response as JSON lines",
    ...(lesson.checkConfig ? ["  --check-config           is my .claude/ folder understood? report on its files as JSON, exit"] : []),
    ...extra,
    "  -h, --help               this text",
  ].join("\n");
}

