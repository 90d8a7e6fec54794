/**
 * One screen per output stream. Several agents can run at once in one process (a subagent
 * under the lead's call, teammates side by side), and each reports to its own renderer; all
 * those renderers write through the one `Screen` of their stream, which owns the cursor and the
 * single spinner. Each agent has a `Lane` on it: the prefix of its lines (an indent, a name)
 * and the text of its line that is not on the screen yet.
 *
 * The rule that keeps output whole: **only one agent at a time may have a half-written line
 * on the screen** — the "live" one, which streams its text as it arrives. Everyone else's text
 * is held until it is a whole line, and whole lines wait in a queue while someone is live:
 *
 *     lead (live):  "Let me look at the "          ← on the screen, cursor after it
 *     alice:        "[alice] Done.\n"               → queued: the cursor is mid-line
 *     lead:         "tests.\n"                      → ends the live line, then the queue is written
 *
 * A live line ends at its newline, or when its agent says anything else (a tool call, a
 * notice, the end of its model call). With one agent working, its text streams as before.
 *
 * Live text is released a word at a time (up to the last whitespace), so `scrub` always sees a
 * word whole: a secret split across two deltas is still caught. `scrub` runs on everything
 * written, the spinner's label included — and so does `terminalSafe` (terminal-text.ts), first:
 * no escape sequence from a model, a tool or a file reaches the terminal, only our colours.
 *
 * The spinner turns while any agent waits for its model and no line is half-written; it is
 * erased before every write, so it never leaves debris between lines.
 *
 * Between turns the REPL's prompt ("> ", and whatever the person has typed so far) holds the
 * last line. Something printed then — a background job that ended, a teammate's line — takes
 * the prompt's place and the prompt is drawn again below it, typed text and all; nobody may
 * leave half a line there, so streamed text waits until its line is whole.
 */
import { scrubSecrets } from "../../platform/secrets.ts";
import { colorFor, paletteFor, type Palette } from "./colors.ts";
import { Spinner, type SpinnerStream } from "./spinner.ts";
import { terminalSafe } from "./terminal-text.ts";

export type ScreenStream = SpinnerStream;

export interface ScreenOptions {
  /** Colours; by default from the stream (none when it is not a terminal, or NO_COLOR is set). */
  palette?: Palette;
  /** Applied to every line written (and to the spinner's label): secrets never reach the screen. Default: `scrubSecrets`. */
  scrub?: (text: string) => string;
}

/** One agent's place on a screen. The screen changes `held`; nobody else should. */
export interface Lane {
  /** Starts each of this agent's lines: an indent for a subagent, a coloured name for a teammate. */
  readonly prefix: string;
  /** Names the agent on the spinner; the lead has no name there. */
  readonly who?: string;
  /** The agent's current line, not on the screen yet. */
  held: string;
  /** What the spinner says while this agent waits ("thinking…" when unset). */
  status?: string;
}

const screens = new WeakMap<ScreenStream, Screen>();

export class Screen {
  /** The screen of a stream: the one made last for it, or a new plain one. */
  static of(out: ScreenStream): Screen {
    return screens.get(out) ?? new Screen(out);
  }

  readonly palette: Palette;
  /** The scrubber; a renderer runs it before cutting text short, so a cut never keeps half a secret. */
  readonly scrub: (text: string) => string;
  private readonly spinner: Spinner;
  /** The lane whose half-written line the cursor sits after. */
  private live: Lane | undefined;
  private readonly queue: string[] = [];
  private readonly waiting = new Set<Lane>();
  /** The tag of the last line handed out, so a tool result can tell it sits right under its call. */
  private lastTag: object | undefined;
  /** While the REPL's prompt is on the last line: draws it again (see showingPrompt). */
  private redrawPrompt: (() => void) | undefined;

  constructor(
    private readonly out: ScreenStream,
    options: ScreenOptions = {},
  ) {
    this.palette = options.palette ?? paletteFor(out);
    this.scrub = options.scrub ?? ((text) => scrubSecrets(text)); // by default, every known secret
    this.spinner = new Spinner(out, () => this.clean(this.spinnerLabel()), this.palette.dim);
    screens.set(out, this); // later renderers made from the bare stream share this screen
  }

  /** The lead's lane: no prefix. */
  lane(): Lane {
    return { prefix: "", held: "" };
  }

  /** A subagent's lane: indented under its parent's lines. */
  childLane(parent: Lane, label: string): Lane {
    return { prefix: `${parent.prefix}    `, who: label, held: "" };
  }

  /** A teammate's lane: every line starts with its name, in its own colour. */
  teammateLane(parent: Lane, name: string): Lane {
    return { prefix: `${parent.prefix}${colorFor(name, this.palette)(`[${name}]`)} `, who: name, held: "" };
  }

  /** Streamed text from an agent: shown live if the cursor is free, else held as whole lines. */
  text(lane: Lane, delta: string): void {
    lane.held += delta;
    if ((this.live && this.live !== lane) || this.redrawPrompt) {
      for (const line of this.takeWholeLines(lane)) this.emit(`${lane.prefix}${line}\n`);
      return;
    }
    for (const line of this.takeWholeLines(lane)) {
      if (this.live === lane) this.release(`${line}\n`);
      else this.writeText(`${lane.prefix}${line}\n`);
    }
    const cut = lastWhitespace(lane.held) + 1;
    if (cut === 0) return;
    const words = lane.held.slice(0, cut);
    lane.held = lane.held.slice(cut);
    const start = this.live === lane ? "" : lane.prefix;
    this.live = lane;
    this.writeText(start + words);
  }

  /** Whole lines from an agent (a tool call, a notice); its own half line is ended first. */
  line(lane: Lane, text: string, tag?: object): void {
    this.endLine(lane);
    this.emit(text.split("\n").map((l) => `${lane.prefix}${l}\n`).join(""), tag);
  }

  /** End the agent's current line: its stream ended, or it is about to say something else. */
  endLine(lane: Lane): void {
    if (this.live === lane) this.release(`${lane.held}\n`);
    else if (lane.held) this.emit(`${lane.prefix}${lane.held}\n`);
    lane.held = "";
  }

  /** Whole lines from nobody in particular (a banner, an echoed prompt). */
  print(text: string): void {
    this.line({ prefix: "", held: "" }, text);
  }

  /** The agent waits for its model (the spinner turns), or stops waiting. */
  wait(lane: Lane, waiting: boolean): void {
    if (waiting) this.waiting.add(lane);
    else this.waiting.delete(lane);
    this.refreshSpinner();
  }

  /** What the spinner says while this agent waits; no text goes back to "thinking…". */
  status(lane: Lane, text?: string): void {
    lane.status = text;
  }

  /**
   * The REPL shows its prompt (`redraw` draws it again, typed text included), or no longer does
   * (undefined). Meanwhile what is written replaces the prompt's line, and the prompt follows it.
   */
  showingPrompt(redraw: (() => void) | undefined): void {
    this.redrawPrompt = redraw;
    this.refreshSpinner();
  }

  /** The prompt gives its line up (a turn nobody typed starts): erase it; the REPL draws it again later. */
  dropPrompt(): void {
    if (!this.redrawPrompt) return;
    this.redrawPrompt = undefined;
    this.spinner.erase();
    this.out.write(CLEAR_LINE);
    this.refreshSpinner();
  }

  /** Was the line tagged `tag` the last one handed to the screen? */
  isLast(tag: object): boolean {
    return this.lastTag === tag;
  }

  private takeWholeLines(lane: Lane): string[] {
    const end = lane.held.lastIndexOf("\n");
    if (end < 0) return [];
    const lines = lane.held.slice(0, end).split("\n");
    lane.held = lane.held.slice(end + 1);
    return lines;
  }

  /** Finish the live line and let the queued lines out. */
  private release(rest: string): void {
    this.live = undefined;
    this.writeText(rest);
    for (const text of this.queue.splice(0)) this.write(text);
  }

  /** A whole line: now if the cursor is at the start of a line, else after the live line. */
  private emit(text: string, tag?: object): void {
    this.lastTag = tag;
    if (this.live) this.queue.push(text);
    else this.write(text);
  }

  /** Model text, which no tool result can sit under (the queue, if any, is written after it). */
  private writeText(text: string): void {
    if (this.queue.length === 0) this.lastTag = undefined;
    this.write(text);
  }

  private write(text: string): void {
    this.spinner.erase();
    const redraw = this.redrawPrompt;
    if (redraw) this.out.write(CLEAR_LINE); // the prompt's line: the text takes its place
    this.out.write(this.clean(text));
    redraw?.();
    this.refreshSpinner();
  }

  /**
   * What may reach the terminal: controls out first (one could sit inside a secret and hide
   * it from the scrubber), then the secrets.
   */
  clean(text: string): string {
    return this.scrub(terminalSafe(text));
  }

  private refreshSpinner(): void {
    // Not over the prompt: between turns the last line is the person's (teammates think on quietly).
    if (this.waiting.size > 0 && !this.live && !this.redrawPrompt) this.spinner.start();
    else this.spinner.stop();
  }

  private spinnerLabel(): string {
    return [...this.waiting].map((l) => (l.who ? `${l.who}: ` : "") + (l.status ?? "thinking…")).join(" · ");
  }
}

/** Back to the start of the line, and erase it. */
const CLEAR_LINE = "\r\x1b[2K";

function lastWhitespace(text: string): number {
  for (let i = text.length - 1; i >= 0; i--) if (/\s/.test(text[i]!)) return i;
  return -1;
}
