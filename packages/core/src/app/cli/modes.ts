/**
 * The three ways a lesson runs: `--print` (one prompt), `--demo` (the offline demo scripts),
 * and the REPL (a person at a terminal, or lines piped on stdin).
 */
import os from "node:os";
import path from "node:path";
import { createInterface } from "node:readline/promises";
import { LEAD_AGENT } from "../../runtime/agent/context.ts";
import { runUntilIdle } from "../../runtime/agent/run-until-idle.ts";
import { createClient } from "../../runtime/client.ts";
import { loadConfig, secretsOf, unusedSettingsNotice, type Config } from "../../platform/config.ts";
import { describeError } from "../../runtime/errors.ts";
import { reportTurnError, type TurnErrorContext } from "../turn-errors.ts";
import type { CommandTurn, Lesson } from "../../runtime/lesson.ts";
import { Model } from "../../runtime/model.ts";
import type { TurnEnd } from "../../runtime/protocol.ts";
import { Repl, loadHistory } from "../repl.ts";
import { loadScript, Simulator, type Script } from "../../simulator/index.ts";
import { withPauses } from "../../simulator/pauses.ts";
import { FileTracer, type Tracer } from "../../platform/trace.ts";
import { paletteFor } from "../ui/colors.ts";
import { knownSecrets, scrubberFor } from "../../platform/secrets.ts";
import type { Renderer } from "../../runtime/renderer.ts";
import { Screen, TerminalRenderer } from "../ui/renderer.ts";
import { removeStaleCopies } from "../stale-copies.ts";
import { lessonWorkspace, resolveWorkspace } from "../workspace.ts";
import { demoReplayRefusal } from "../workspace-drift.ts";
import { emptyUserDir, setAsideForDemo } from "./demo-user-dir.ts";
import { existingUserFile, traceFileOf, type CliOptions } from "./args.ts";
import { commandPrompt } from "./command-prompt.ts";

/** Everything a run needs, built from the options. */
export interface Setup {
  config: Config;
  /** The lesson's flags: the command line's, else their environment variables', else (offline) the demo's. */
  flags: Record<string, string | undefined>;
  tracer?: Tracer;
  script?: Script;
  /**
   * Offline, when the script is the lesson's own demo (not --model-script): why its replay in
   * `cwd` would not be the demo (a used workspace), or undefined when it would.
   */
  replayRefusal?: (cwd: string) => Promise<string | undefined>;
  /** The lesson's own demo replays: an empty Claude Code folder instead of the user's (demo-user-dir.ts). */
  userDir?: string;
}

export async function setup(options: CliOptions, lesson: Lesson): Promise<Setup> {
  const config = loadConfig(process.env, { forceOffline: options.modelScript !== undefined || options.demo });
  const unused = unusedSettingsNotice(config);
  if (unused) process.stderr.write(`${unused}\n`);
  // The tracer also scrubs the key in the environment, which an offline config does not hold.
  const tracer = options.trace ? new FileTracer(traceFileOf(options.trace), secretsOf(config)) : undefined;
  if (tracer) process.stderr.write(`Tracing every model request and response to ${tracer.file} (read it with: pnpm trace ${tracer.file})\n`);
  let script: Script | undefined;
  const flags = flagsFor(lesson, options.flags, process.env, config.offline);
  if (options.modelScript) script = await loadScript(existingUserFile("--model-script", options.modelScript));
  else if (config.offline && !options.demo) script = await loadScript(lesson.offlineScript?.(flags) ?? lesson.demoScripts[0]!);
  // Every line on screen is scrubbed too, of the secrets known at the time it is written: an
  // endpoint may echo the key back in an error.
  const scrub = (text: string) => scrubberFor([...secretsOf(config), ...knownSecrets()])(text);
  for (const stream of [process.stdout, process.stderr]) new Screen(stream, { scrub });
  const lessonScript = script && !options.modelScript ? script : undefined;
  const startsFresh = startsInFreshCopy(lesson, options);
  const replayRefusal = lessonScript && ((cwd: string) => demoReplayRefusal(lesson, cwd, lessonScript, startsFresh));
  const userDir = options.demo || lessonScript ? emptyUserDir() : undefined;
  return { config, flags, tracer, script, replayRefusal, userDir };
}

/** With no --cwd nor LEARN_WORKDIR, a lesson with a workspace set-up (s12) starts in a fresh copy of its own. */
function startsInFreshCopy(lesson: Lesson, options: CliOptions): boolean {
  return lesson.workspace !== undefined && options.cwd === undefined && process.env.LEARN_WORKDIR === undefined;
}

/**
 * Each flag's value: the command line's, else its environment variable's, else — offline — the
 * demo's (a lesson runs offline as its demo does: s07 compacts early), else unset.
 */
export function flagsFor(lesson: Lesson, given: Record<string, string | undefined>, env: NodeJS.ProcessEnv, offline: boolean): Record<string, string | undefined> {
  const flags: Record<string, string | undefined> = { ...(offline ? lesson.demoFlags : {}) };
  for (const flag of lesson.flags ?? []) {
    const fromEnv = flag.env ? env[flag.env] : undefined;
    if (fromEnv !== undefined) flags[flag.name] = fromEnv;
  }
  for (const [name, value] of Object.entries(given)) if (value !== undefined || !(name in flags)) flags[name] = value;
  return flags;
}

function buildModel(config: Config, script: Script | undefined, renderer: Renderer, tracer?: Tracer, simulator?: Simulator): Model {
  const offline = simulator ?? (script ? new Simulator(script) : undefined);
  const client = createClient(config, offline);
  const onTurnEnd = offline && ((agent: string, how: TurnEnd) => offline.turnEnded(agent, how));
  return new Model({ client, model: config.model, maxTokens: config.maxTokens, agent: LEAD_AGENT, renderer, tracer, onTurnEnd });
}

function promptsOf(script: Script | undefined): string[] {
  if (!script?.prompt) return [];
  return Array.isArray(script.prompt) ? script.prompt : [script.prompt];
}

/**
 * `--print`: one prompt, the answer on stdout, progress on stderr; exit 1 on error.
 *
 * A prompt that starts with `/name` calls the agent's command `name`, as `claude -p "/cmd
 * args"` does (command-prompt.ts); an unknown `/name` exits 2, never sent to the model.
 */
export async function runPrint(lesson: Lesson, options: CliOptions, s: Setup, cwd: string): Promise<number> {
  const renderer = new TerminalRenderer(process.stderr, { streamText: false });
  const model = buildModel(s.config, s.script, renderer, s.tracer);
  const agent = await lesson.createAgent({
    model,
    cwd,
    renderer,
    interactive: false,
    ask: async () => "n",
    flags: s.flags, fallbackModel: s.config.fallbackModel, userDir: s.userDir,
  });
  const controller = new AbortController();
  const onSigint = () => controller.abort();
  process.once("SIGINT", onSigint);
  let turn: CommandTurn | undefined;
  let freshness: TurnErrorContext["freshness"];
  try {
    const printed = await commandPrompt(agent, options.print!, renderer);
    if ("exit" in printed) return printed.exit;
    // The answer goes through stdout's screen like any other text: scrubbed, and without
    // control sequences (stdout may well be a terminal).
    if ("output" in printed) {
      if (printed.output) Screen.of(process.stdout).print(printed.output);
      return 0;
    }
    turn = printed.turn;
    // A copy made fresh for this run needs no check; the workspace given or the practice one does.
    const replay = promptsOf(s.script).includes(printed.prompt) && !startsInFreshCopy(lesson, options);
    const refusal = replay ? await s.replayRefusal?.(cwd) : undefined;
    freshness = freshnessOf(lesson, options, s, refusal, replay);
    if (refusal) {
      renderer.error(`Nothing was sent to the model. ${refusal}`);
      return 2;
    }
    const answer = await runUntilIdle(agent, printed.prompt, controller.signal, renderer);
    Screen.of(process.stdout).print(answer);
    return 0;
  } catch (err) {
    // `typed`: what the user typed, as in the REPL, so an unknown prompt is called that (not a changed workspace).
    const offlinePrompts = s.script && promptsOf(s.script);
    reportTurnError(renderer, err, { signal: controller.signal, baseURL: s.config.baseURL, offlinePrompts, typed: options.print, freshness, ownScript: options.modelScript !== undefined });
    return 1;
  } finally {
    turn?.onEnd?.();
    process.off("SIGINT", onSigint);
    await agent.close?.();
  }
}

/**
 * What a failed scripted turn may say about the workspace: a copy made for this run is fresh;
 * a checked one is fresh or differs as the check said; unchecked, nothing is known.
 */
function freshnessOf(lesson: Lesson, options: CliOptions, s: Setup, refusal: string | undefined, checked: boolean): TurnErrorContext["freshness"] {
  if (!s.replayRefusal) return undefined; // a student's own script, or online
  if (startsInFreshCopy(lesson, options)) return "fresh";
  if (!checked) return undefined;
  return refusal ? { differs: refusal } : "fresh";
}

/** `--demo`: each demo script, offline, in a fresh copy of the practice workspace. */
export async function runDemo(lesson: Lesson, options: CliOptions, s: Setup): Promise<number> {
  const out = process.stdout;
  const c = paletteFor(out);
  for (const file of lesson.demoScripts) {
    const script = await loadScript(file);
    if (!options.cwd) await removeStaleCopies(`${lesson.id}-demo`); // this lesson's earlier demo copies (stale-copies.ts)
    const cwd = options.cwd ? await resolveWorkspace(options.cwd) : await lessonWorkspace(lesson, `${lesson.id}-demo`);
    const screen = Screen.of(out);
    // The flags it runs with too: a demo in acceptEdits says so (s03's practice rules approve no edit of code).
    screen.print([c.bold(`\n${lesson.id} demo: ${script.title ?? path.basename(file)}`), c.dim(`workspace: ${cwd}`), ...flagLines(lesson, s.flags, c)].join("\n"));
    const renderer = new TerminalRenderer(out);
    const model = buildModel(s.config, script, renderer, s.tracer);
    const agent = await lesson.createAgent({ model, cwd, renderer, interactive: false, ask: async () => "n", flags: s.flags, fallbackModel: s.config.fallbackModel, userDir: s.userDir });
    try {
      for (const prompt of promptsOf(script)) {
        screen.print(`\n${c.green(">")} ${prompt}`);
        // A demo may type a command (s16's `/goal …`): it runs as `--print` runs one.
        const typed = await commandPrompt(agent, prompt, renderer);
        if ("exit" in typed) return typed.exit;
        if ("output" in typed) {
          screen.print(typed.output);
          continue;
        }
        try {
          const answer = await runUntilIdle(agent, typed.prompt, new AbortController().signal, renderer);
          screen.print(`\n${c.bold("Final answer:")} ${answer}`);
        } finally {
          typed.turn?.onEnd?.();
        }
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
export async function runInteractive(lesson: Lesson, options: CliOptions, s: Setup, cwd: string): Promise<number> {
  const terminal = process.stdin.isTTY === true;
  const renderer = new TerminalRenderer(process.stdout);
  // Offline, /clear starts the scripted model's script again, so the demo can be run again.
  // At a terminal a person can press Ctrl-C, so the script's pauses for that are kept (pauses.ts).
  const simulator = s.script ? new Simulator(terminal ? withPauses(s.script) : s.script) : undefined;
  const model = buildModel(s.config, s.script, renderer, s.tracer, simulator);
  const demoPrompts = promptsOf(s.script);
  // Checked before the agent is made (a lesson may write its state folder as it starts), unless
  // the copy was made fresh for this session; /demo checks again before each replay.
  const startDrift = startsInFreshCopy(lesson, options) ? undefined : await s.replayRefusal?.(cwd);
  let repl: Repl | undefined;
  const agent = await lesson.createAgent({
    model,
    cwd,
    renderer,
    interactive: terminal,
    ask: (q, signal) => (repl ? repl.ask(q, signal) : terminal ? askBeforeRepl(q, signal) : Promise.resolve("n")),
    flags: s.flags, fallbackModel: s.config.fallbackModel, userDir: s.userDir,
  });
  const historyFile = path.join(os.homedir(), ".learn-agent-harness_history");
  repl = new Repl(
    {
      agent,
      renderer,
      input: process.stdin,
      output: process.stdout,
      terminal,
      banner: banner(lesson, options, s, cwd, demoPrompts, startDrift),
      demoPrompts,
      offlinePrompts: s.script && demoPrompts,
      historyFile: terminal ? historyFile : undefined,
      baseURL: s.config.baseURL,
      onClear: simulator && (() => simulator.restart()),
      beforeDemo: s.replayRefusal && (() => s.replayRefusal!(cwd)),
      freshness: freshnessOf(lesson, options, s, startDrift, true),
      ownScript: options.modelScript !== undefined,
    },
    terminal ? await loadHistory(historyFile) : [],
  );
  await repl.start();
  return 0;
}

/** `permission-mode: acceptEdits`: one line for each of the lesson's flags that has a value. */
function flagLines(lesson: Lesson, flags: Record<string, string | undefined>, c: ReturnType<typeof paletteFor>): string[] {
  return (lesson.flags ?? []).flatMap((flag) => (flags[flag.name] === undefined ? [] : [`${flag.name}: ${c.bold(flags[flag.name]!)}`]));
}

/**
 * A question asked while the agent is being built, before the REPL exists (s13: may this
 * project's MCP server start?): one readline of its own, closed before the REPL opens its own.
 * Ctrl-C or a closed input is no: the answer is "".
 */
async function askBeforeRepl(question: string, signal?: AbortSignal): Promise<string> {
  const rl = createInterface({ input: process.stdin, output: process.stdout, terminal: true });
  try {
    return await rl.question(question, signal ? { signal } : {});
  } catch {
    return "";
  } finally {
    rl.close();
  }
}

function banner(lesson: Lesson, options: CliOptions, s: Setup, cwd: string, demoPrompts: string[], drift?: string): string {
  const c = paletteFor(process.stdout);
  const lines = [c.bold(`${lesson.id} · ${lesson.title}`) + c.dim(` — ${lesson.headline}`), c.dim(`workspace: ${cwd}`)];
  if (lesson.workspace && startsInFreshCopy(lesson, options)) lines.push(c.dim(lesson.workspace.why));
  lines.push(...flagLines(lesson, s.flags, c));
  if (s.script) {
    lines.push(
      c.yellow(
        options.modelScript
          ? `Offline mode: the scripted model of ${options.modelScript} answers.`
          : "Offline mode: no API key is set, so a scripted model answers (set one in .env for a real model).",
      ),
    );
    if (demoPrompts.length) {
      lines.push(
        demoPrompts.length > 1
          ? "The scripted model knows these prompts, in this order; type them, or /demo to send the next:"
          : "The scripted model knows this prompt; type it, or /demo to send it:",
      );
      lines.push(...demoPrompts.map((p) => `  ${c.green(p)}`));
    }
    const setAside = s.userDir ? setAsideForDemo() : [];
    if (setAside.length) lines.push(c.dim(`Your Claude Code folder (${setAside.join(", ")}) is not read while the scripted model answers: its script was written without one.`));
    if (drift) lines.push(c.yellow(drift));
  } else {
    lines.push(c.dim(`model: ${s.config.model}${s.config.baseURL ? ` at ${s.config.baseURL}` : ""}`));
  }
  lines.push(c.dim("Type /help for commands, Ctrl-C to cancel a turn, /exit to leave."));
  return lines.join("\n");
}

