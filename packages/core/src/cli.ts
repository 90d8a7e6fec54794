/**
 * The command line every lesson shares (DESIGN §6):
 *
 *   start                      interactive REPL (offline when no key is set)
 *   -p, --print <prompt>       run one prompt, print the final answer, exit
 *   --demo                     run the lesson's offline demo and exit
 *   --cwd <dir>                the workspace (default practice-workspace/, env LEARN_WORKDIR)
 *   --model-script <file>      answer from this script with the simulator
 *   --trace <file>             append every model request and response as JSON lines
 *
 * A lesson's main.ts is just `runCli(lesson)`.
 */
import os from "node:os";
import path from "node:path";
import { parseArgs } from "node:util";
import { createClient } from "./client.ts";
import { ConfigError, loadConfig, secretsOf, type Config } from "./config.ts";
import { describeError, isAbort } from "./errors.ts";
import type { Lesson } from "./lesson.ts";
import { Model } from "./model.ts";
import { Repl, loadHistory } from "./repl.ts";
import { loadScript, ScriptError, Simulator, type Script } from "./simulator/index.ts";
import { Tracer } from "./trace.ts";
import { paletteFor } from "./ui/colors.ts";
import { TerminalRenderer, type Renderer } from "./ui/renderer.ts";
import { copyPracticeWorkspace, resolveWorkspace, userPath, WorkspaceError } from "./workspace.ts";

export interface CliOptions {
  print?: string;
  demo: boolean;
  help: boolean;
  cwd?: string;
  modelScript?: string;
  trace?: string;
  /** Lesson flags such as --permission-mode. */
  flags: Record<string, string | undefined>;
}

export class UsageError extends Error {
  override name = "UsageError";
}

/** Parse argv. A leading `--` (what `pnpm start -- -p x` passes on) is tolerated. */
export function parseCli(argv: string[], lesson: Pick<Lesson, "flags">): CliOptions {
  const args = argv[0] === "--" ? argv.slice(1) : argv;
  const lessonFlags = lesson.flags ?? [];
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
        ...Object.fromEntries(lessonFlags.map((f) => [f.name, { type: "string" as const }])),
      },
    }));
  } catch (err) {
    throw new UsageError((err as Error).message);
  }
  const flags: Record<string, string | undefined> = {};
  for (const flag of lessonFlags) {
    const value = values[flag.name] as string | undefined;
    if (value !== undefined && flag.choices && !flag.choices.includes(value)) {
      throw new UsageError(`--${flag.name} must be one of ${flag.choices.join(", ")} (got "${value}")`);
    }
    flags[flag.name] = value;
  }
  return {
    print: values.print as string | undefined,
    demo: values.demo === true,
    help: values.help === true,
    cwd: values.cwd as string | undefined,
    modelScript: values["model-script"] as string | undefined,
    trace: values.trace as string | undefined,
    flags,
  };
}

export function usage(lesson: Lesson): string {
  const extra = (lesson.flags ?? []).map(
    (f) => `  --${f.name} <${f.choices?.join("|") ?? "value"}>  ${f.description}`,
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
    ...extra,
    "  -h, --help               this text",
  ].join("\n");
}

/** Everything a run needs, built from the options. */
interface Setup {
  config: Config;
  tracer?: Tracer;
  script?: Script;
}

async function setup(options: CliOptions, lesson: Lesson): Promise<Setup> {
  const config = loadConfig(process.env, { forceOffline: options.modelScript !== undefined || options.demo });
  const tracer = options.trace ? new Tracer(userPath(options.trace), secretsOf(config)) : undefined;
  let script: Script | undefined;
  if (options.modelScript) script = await loadScript(userPath(options.modelScript));
  else if (config.offline && !options.demo) script = await loadScript(lesson.demoScripts[0]!);
  return { config, tracer, script };
}

function buildModel(config: Config, script: Script | undefined, renderer: Renderer, tracer?: Tracer): Model {
  const client = createClient(config, script ? new Simulator(script) : undefined);
  return new Model({ client, model: config.model, maxTokens: config.maxTokens, agent: "lead", renderer, tracer });
}

function promptsOf(script: Script | undefined): string[] {
  if (!script?.prompt) return [];
  return Array.isArray(script.prompt) ? script.prompt : [script.prompt];
}

/** `--print`: one prompt, the answer on stdout, progress on stderr; exit 1 on error. */
async function runPrint(lesson: Lesson, options: CliOptions, s: Setup, cwd: string): Promise<number> {
  const renderer = new TerminalRenderer(process.stderr, { streamText: false });
  const model = buildModel(s.config, s.script, renderer, s.tracer);
  const agent = await lesson.createAgent({
    model,
    cwd,
    renderer,
    interactive: false,
    ask: async () => "n",
    flags: options.flags,
  });
  const controller = new AbortController();
  const onSigint = () => controller.abort();
  process.once("SIGINT", onSigint);
  try {
    const answer = await agent.run(options.print!, controller.signal);
    process.stdout.write(`${answer}\n`);
    return 0;
  } catch (err) {
    renderer.error(isAbort(err, controller.signal) ? "Interrupted." : describeError(err, { baseURL: s.config.baseURL }));
    return 1;
  } finally {
    process.off("SIGINT", onSigint);
    await agent.close?.();
  }
}

/** `--demo`: each demo script, offline, in a fresh copy of the practice workspace. */
async function runDemo(lesson: Lesson, options: CliOptions, s: Setup): Promise<number> {
  const out = process.stdout;
  const c = paletteFor(out);
  for (const file of lesson.demoScripts) {
    const script = await loadScript(file);
    const cwd = options.cwd ? await resolveWorkspace(options.cwd) : await copyPracticeWorkspace(`${lesson.id}-demo`);
    out.write(c.bold(`\n${lesson.id} demo: ${script.title ?? path.basename(file)}\n`) + c.dim(`workspace: ${cwd}\n`));
    const renderer = new TerminalRenderer(out);
    const model = buildModel(s.config, script, renderer, s.tracer);
    const agent = await lesson.createAgent({ model, cwd, renderer, interactive: false, ask: async () => "n", flags: options.flags });
    try {
      for (const prompt of promptsOf(script)) {
        out.write(`\n${c.green(">")} ${prompt}\n`);
        const answer = await agent.run(prompt, new AbortController().signal);
        out.write(`\n${c.bold("Final answer:")} ${answer}\n`);
      }
    } catch (err) {
      renderer.error(`The demo failed: ${describeError(err)}`);
      return 1;
    } finally {
      await agent.close?.();
    }
  }
  return 0;
}

/** The REPL: a person at a terminal, or lines piped on stdin. */
async function runInteractive(lesson: Lesson, options: CliOptions, s: Setup, cwd: string): Promise<number> {
  const terminal = process.stdin.isTTY === true;
  const renderer = new TerminalRenderer(process.stdout);
  const model = buildModel(s.config, s.script, renderer, s.tracer);
  const demoPrompts = promptsOf(s.script);
  let repl: Repl | undefined;
  const agent = await lesson.createAgent({
    model,
    cwd,
    renderer,
    interactive: terminal,
    ask: (q) => (repl ? repl.ask(q) : Promise.resolve("n")),
    flags: options.flags,
  });
  const historyFile = path.join(os.homedir(), ".learn-agent-harness_history");
  repl = new Repl(
    {
      agent,
      renderer,
      input: process.stdin,
      output: process.stdout,
      terminal,
      banner: banner(lesson, options, s, cwd, demoPrompts),
      demoPrompts,
      historyFile: terminal ? historyFile : undefined,
      baseURL: s.config.baseURL,
    },
    terminal ? await loadHistory(historyFile) : [],
  );
  await repl.start();
  return 0;
}

function banner(lesson: Lesson, options: CliOptions, s: Setup, cwd: string, demoPrompts: string[]): string {
  const c = paletteFor(process.stdout);
  const lines = [c.bold(`${lesson.id} · ${lesson.title}`) + c.dim(` — ${lesson.headline}`), c.dim(`workspace: ${cwd}`)];
  if (s.script) {
    lines.push(
      c.yellow(
        options.modelScript
          ? `Offline mode: the scripted model of ${options.modelScript} answers.`
          : "Offline mode: no API key is set, so a scripted model answers (set one in .env for a real model).",
      ),
    );
    if (demoPrompts.length) {
      lines.push("The scripted model knows these prompts; type one, or /demo to send the next:");
      lines.push(...demoPrompts.map((p) => `  ${c.green(p)}`));
    }
  } else {
    lines.push(c.dim(`model: ${s.config.model}${s.config.baseURL ? ` at ${s.config.baseURL}` : ""}`));
  }
  lines.push(c.dim("Type /help for commands, Ctrl-C to cancel a turn, /exit to leave."));
  return lines.join("\n");
}

/** Run a lesson from the command line and return the exit code. */
export async function runCli(lesson: Lesson, argv = process.argv.slice(2)): Promise<number> {
  let options: CliOptions;
  try {
    options = parseCli(argv, lesson);
  } catch (err) {
    process.stderr.write(`${(err as Error).message}\n\n${usage(lesson)}\n`);
    return 2;
  }
  if (options.help) {
    process.stdout.write(`${usage(lesson)}\n`);
    return 0;
  }
  let s: Setup | undefined;
  try {
    s = await setup(options, lesson);
    if (options.demo) return await runDemo(lesson, options, s);
    const cwd = await resolveWorkspace(options.cwd);
    if (options.print !== undefined) return await runPrint(lesson, options, s, cwd);
    return await runInteractive(lesson, options, s, cwd);
  } catch (err) {
    // Bad input from the user's side: one clear line, no stack trace.
    if (err instanceof ConfigError || err instanceof ScriptError || err instanceof WorkspaceError) {
      process.stderr.write(`${err.message}\n`);
      return 2;
    }
    throw err;
  } finally {
    await s?.tracer?.flush();
  }
}

/** For main.ts: run, then exit with the code (child processes and timers must not hold us). */
export function main(lesson: Lesson): void {
  runCli(lesson).then(
    (code) => process.exit(code),
    (err: unknown) => {
      process.stderr.write(`${err instanceof Error ? (err.stack ?? err.message) : String(err)}\n`);
      process.exit(1);
    },
  );
}
