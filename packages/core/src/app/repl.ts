/**
 * The interactive loop around an agent: read a line, run it as a turn, repeat.
 *
 *   - an empty line does nothing (it never quits);
 *   - Ctrl-C during a turn cancels that turn and the session goes on; Ctrl-C twice at the
 *     prompt exits; `/exit` and end-of-input exit too;
 *   - lines typed while a turn runs wait their turn (a queue), as piped stdin does;
 *   - a command may answer with a turn (`{ prompt }`): it runs at once, as if typed.
 */
import readline from "node:readline";
import { announceSubmitted } from "../runtime/agent/run-until-idle.ts";
import { describeError } from "../runtime/errors.ts";
import { appendTextFile } from "../platform/state/append-file.ts";
import { readRegularText } from "../platform/state/regular-file.ts";
import { reportTurnError, type TurnErrorContext } from "./turn-errors.ts";
import { commandLineOf, describeExpansion, isCommandTurn, type Agent, type CommandResult, type CommandTurn, type SlashCommand } from "../runtime/lesson.ts";
import { paletteFor } from "./ui/colors.ts";
import type { Renderer } from "../runtime/renderer.ts";
import { Screen } from "./ui/renderer.ts";

export interface ReplOptions {
  agent: Agent;
  renderer: Renderer;
  input: NodeJS.ReadableStream;
  output: NodeJS.WritableStream;
  /** A person at a terminal (line editing, prompt, Ctrl-C as a key) or piped lines. */
  terminal: boolean;
  banner?: string;
  /** Offline: the prompts the scripted model knows; `/demo` types the next one. */
  demoPrompts?: string[];
  /** Keep line history across sessions in this file. */
  historyFile?: string;
  /** Shown with API errors, so "could not reach X" names X. */
  baseURL?: string;
  /** Offline: the prompts the scripted model knows, named when it cannot answer another. */
  offlinePrompts?: readonly string[];
  /** Also run on `/clear` (offline: the scripted model starts its script again). */
  onClear?: () => void;
  /**
   * Offline, before `/demo` types the script's first prompt: why the demo must not replay here
   * (a used workspace, see workspace-drift.ts), or undefined to go ahead.
   */
  beforeDemo?: () => Promise<string | undefined>;
  /** What the freshness check found as the session started (see TurnErrorContext): a failed turn says it. */
  freshness?: TurnErrorContext["freshness"];
  /** Offline on the student's own script (`--model-script`): a failed expectation is theirs to read. */
  ownScript?: boolean;
}

/** A line waiting its turn: typed, piped, or submitted by the agent's own mechanisms. */
interface QueuedLine {
  text: string;
  /** Set for a prompt that did not come from the keyboard ("cron", "mail from alice"). */
  source?: string;
}

export const HISTORY_SIZE = 500;

/** The REPL's own commands: an agent's command of the same name would never be reached. */
export const BUILTIN_COMMAND_NAMES: readonly string[] = ["help", "clear", "exit", "quit", "demo"];

/** Typed alone on a line, these leave as `/exit` does (what people type first). */
const EXIT_WORDS = new Set(["exit", "quit"]);

export class Repl {
  private readonly rl: readline.Interface;
  private readonly queue: QueuedLine[] = [];
  private turn: AbortController | undefined;
  private busy = false;
  private inputClosed = false;
  private exitArmed = false;
  private closing = false;
  private questions: Promise<void> = Promise.resolve();
  private finished!: () => void;
  readonly done: Promise<void>;
  private readonly commands: SlashCommand[];
  /** Lines of our own go through the shared screen, so they never cut into an agent's line. */
  private readonly screen: Screen;
  /** The demo prompts `/demo` has not typed yet. */
  private demoLeft: string[];
  /** Named when a scripted turn fails: the check before the demo found the workspace fresh, or what differs. */
  private freshness: TurnErrorContext["freshness"];

  constructor(private readonly options: ReplOptions, history: string[] = []) {
    this.rl = readline.createInterface({
      input: options.input,
      output: options.output,
      terminal: options.terminal,
      history,
      historySize: HISTORY_SIZE,
      prompt: "> ",
    });
    this.done = new Promise((resolve) => (this.finished = resolve));
    this.demoLeft = [...(options.demoPrompts ?? [])];
    this.freshness = options.freshness;
    this.screen = Screen.of(options.output);
    this.commands = [...this.builtinCommands(), ...(options.agent.commands ?? [])];
  }

  /** Start reading lines; resolves when the user exits or input ends. */
  start(): Promise<void> {
    const { options, rl } = this;
    if (options.banner) this.screen.print(options.banner);
    rl.on("line", (line) => this.enqueue(line));
    // A prompt submitted from elsewhere (a finished job, mail) waits in line like a typed one.
    options.agent.submitted?.onPush(() => this.takeSubmitted());
    rl.on("close", () => {
      // Ctrl-D at the prompt: end the prompt's line, so the shell's prompt starts on its own.
      if (options.terminal && !this.closing) options.output.write("\n");
      this.inputClosed = true;
      void this.pump();
    });
    // At a terminal readline turns Ctrl-C into this event; piped, the shell sends SIGINT.
    rl.on("SIGINT", () => this.interrupt());
    if (!options.terminal) process.on("SIGINT", this.onProcessSigint);
    this.showPrompt();
    return this.done;
  }

  /**
   * Ask the person a question mid-turn (s03's permission prompt). Questions wait in line:
   * two agents asking at once (subagents, teammates) must not talk over each other. Ctrl-C
   * withdraws a question: the answer is then "", and nothing waits for a reply forever.
   */
  ask(question: string, signal?: AbortSignal): Promise<string> {
    const answer = this.questions.then(() => this.question(question, signal));
    this.questions = answer.then(
      () => undefined,
      () => undefined,
    );
    return answer;
  }

  private question(question: string, signal?: AbortSignal): Promise<string> {
    if (signal?.aborted) return Promise.resolve("");
    return new Promise((resolve) => {
      const withdraw = () => {
        this.options.output.write("\n");
        resolve("");
      };
      signal?.addEventListener("abort", withdraw, { once: true });
      // The question quotes the model's call: no escape sequence of its own may redraw it.
      this.rl.question(this.screen.clean(question), signal ? { signal } : {}, (reply) => {
        signal?.removeEventListener("abort", withdraw);
        resolve(reply);
      });
    });
  }

  /** Ctrl-C: cancel the running turn, or arm / confirm exit at the prompt. */
  interrupt(): void {
    if (this.turn) {
      this.turn.abort();
      return;
    }
    if (this.exitArmed) {
      this.rl.close();
      return;
    }
    this.exitArmed = true;
    this.screen.print("\n(Press Ctrl-C again to exit, or type /exit)");
    this.showPrompt();
  }

  private readonly onProcessSigint = () => this.interrupt();

  private enqueue(line: string): void {
    this.screen.showingPrompt(undefined); // the line was entered: the prompt has scrolled up with it
    this.exitArmed = false;
    if (this.options.historyFile && line.trim()) {
      // Through the scrubber: a key pasted at the prompt is not kept in the history.
      appendHistory(this.options.historyFile, line).catch(() => {});
    }
    this.queue.push({ text: line });
    void this.pump();
  }

  private takeSubmitted(): void {
    this.screen.dropPrompt(); // a turn starts where the prompt was
    for (let next = this.options.agent.submitted?.take(); next; next = this.options.agent.submitted?.take()) {
      this.queue.push({ text: next.prompt, source: next.source ?? "the agent" });
    }
    void this.pump();
  }

  /** Run queued lines one at a time; finish when input has ended and nothing is left. */
  private async pump(): Promise<void> {
    if (this.busy) return;
    this.busy = true;
    while (this.queue.length > 0) {
      const { text, source } = this.queue.shift()!;
      const line = text.trim();
      if (line === "") {
        this.showPrompt();
        continue;
      }
      if (source) announceSubmitted(this.options.renderer, line, source);
      else if (!this.options.terminal) this.screen.print(`> ${line}`);
      const keepGoing = source ? await this.runTurn(line, undefined) : await this.dispatch(line);
      if (!keepGoing) {
        this.queue.length = 0;
        this.inputClosed = true;
        break;
      }
      this.showPrompt();
    }
    this.busy = false;
    if (this.inputClosed) await this.finish();
  }

  /** A typed line: a command, a bare exit word, or a prompt for the agent. */
  private dispatch(line: string): Promise<boolean> {
    if (EXIT_WORDS.has(line)) return Promise.resolve(false);
    return line.startsWith("/") ? this.command(line) : this.runTurn(line);
  }

  /** `typed`: what the user typed for it (a command line for a command's turn; nothing for a submitted turn). */
  private async runTurn(prompt: string, typed: string | undefined = prompt): Promise<boolean> {
    const { agent, renderer } = this.options;
    this.turn = new AbortController();
    try {
      await agent.run(prompt, this.turn.signal);
    } catch (err) {
      const { baseURL, offlinePrompts, ownScript } = this.options;
      reportTurnError(renderer, err, { signal: this.turn.signal, baseURL, offlinePrompts, typed, repl: true, freshness: this.freshness, ownScript });
    } finally {
      this.turn = undefined;
    }
    return true;
  }

  private async command(line: string): Promise<boolean> {
    const { name, args } = commandLineOf(line) ?? { name: line.slice(1).split(" ")[0] ?? "", args: "" };
    if (name === "exit" || name === "quit") return false;
    const command = this.commands.find((c) => c.name === name);
    if (!command) {
      this.options.renderer.error(`Unknown command /${name}. Type /help for the list.`);
      return true;
    }
    let out: CommandResult;
    try {
      out = await command.run(args);
    } catch (err) {
      this.options.renderer.error(describeError(err));
      return true;
    }
    if (isCommandTurn(out)) return this.commandTurn(name, out);
    if (out) this.screen.print(out);
    return true;
  }

  /** A command's turn: say what it expanded to, run it, then let the command tidy up. */
  private async commandTurn(name: string, turn: CommandTurn): Promise<boolean> {
    this.screen.print(paletteFor(this.options.output as { isTTY?: boolean }).dim(describeExpansion(name, turn.shown ?? turn.prompt)));
    try {
      return await this.runTurn(turn.prompt, `/${name}`);
    } finally {
      try {
        turn.onEnd?.();
      } catch (err) {
        this.options.renderer.error(describeError(err));
      }
    }
  }

  private builtinCommands(): SlashCommand[] {
    const commands: SlashCommand[] = [
      { name: "help", description: "list the commands", run: () => this.help() },
      { name: "clear", description: "forget the conversation and start afresh", run: () => this.clear() },
      { name: "exit", description: "leave (Ctrl-C twice, Ctrl-D, or a bare `exit`, too)", run: () => undefined },
    ];
    if (this.demoLeft.length > 0) {
      commands.push({
        name: "demo",
        description: "type the next prompt the offline model knows",
        run: async () => {
          if (this.demoLeft.length === 0) return "No demo prompts left (/clear starts the demo again).";
          const first = this.demoLeft.length === this.options.demoPrompts?.length;
          const refusal = first ? await this.options.beforeDemo?.() : undefined;
          if (refusal) return void this.options.renderer.error(`/demo sent nothing. ${refusal}`);
          if (first && this.options.beforeDemo) this.freshness = "fresh"; // checked just now: a failure later is not an old run's doing
          const prompt = this.demoLeft.shift()!;
          this.screen.print(`> ${prompt}`);
          await this.dispatch(prompt); // a demo may type a command (s16's `/goal …`)
        },
      });
    }
    return commands;
  }

  /** `/clear`: forget the conversation; offline, the script and the demo start again too. */
  private clear(): string {
    this.options.agent.clear();
    this.options.onClear?.();
    this.demoLeft = [...(this.options.demoPrompts ?? [])];
    this.freshness = undefined; // the demo ran here: the next /demo checks again
    return this.options.onClear ? "Conversation cleared; the offline model starts its script again." : "Conversation cleared.";
  }

  private help(): string {
    const width = Math.max(...this.commands.map((c) => c.name.length)) + 2;
    const lines = this.commands.map((c) => `  /${c.name.padEnd(width)}${c.description}`);
    return ["Commands:", ...lines, "Ctrl-C cancels a running turn; an empty line does nothing."].join("\n");
  }

  /** The prompt, at a terminal: what the screen prints until the next line comes goes above it. */
  private showPrompt(): void {
    if (!this.options.terminal || this.inputClosed) return;
    this.screen.showingPrompt(() => this.rl.prompt(true)); // first: a spinner on this line stops before the prompt is drawn
    this.rl.prompt();
  }

  private async finish(): Promise<void> {
    if (this.closing) return;
    this.closing = true;
    this.screen.showingPrompt(undefined); // no prompt comes back: what closing prints (jobs stopped) is the last word
    if (!this.options.terminal) process.off("SIGINT", this.onProcessSigint);
    this.rl.close();
    await this.options.agent.close?.();
    this.finished();
  }
}

/**
 * Past lines from the history file, newest first (readline's order). History is a comfort,
 * not state: a file that cannot be read — missing, too large, a named pipe (core's reader
 * refuses it instead of waiting for a writer) — is no history.
 */
export async function loadHistory(file: string): Promise<string[]> {
  const text = await readRegularText(file).catch(() => "");
  return text.split("\n").filter(Boolean).slice(-HISTORY_SIZE).reverse();
}

/**
 * Add a line to the history file (created private to the user). Opened like every file the
 * harness touches for itself: without blocking, so a named pipe with no reader is refused at
 * once (a plain append would wait for a reader, and the session could then never exit).
 */
export async function appendHistory(file: string, line: string): Promise<void> {
  // core's appender: secrets scrubbed (a key pasted at the prompt is not kept), a pipe refused.
  await appendTextFile(file, `${line}\n`, 0o600);
}
