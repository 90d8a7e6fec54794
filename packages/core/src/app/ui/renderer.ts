/**
 * The terminal renderer: what the user sees while an agent works, drawn on the terminal. The
 * agent reports to a `Renderer` (runtime/renderer.ts) and never writes to the terminal itself;
 * this is the renderer the command line gives it. Every terminal renderer of one stream writes
 * through that stream's `Screen`, which keeps the lines of agents running at once whole
 * (see screen.ts).
 */
import type { Message } from "../../runtime/protocol.ts";
import type { Renderer } from "../../runtime/renderer.ts";
import type { ToolOutcome } from "../../runtime/tool-outcome.ts";
import { OpenCalls } from "./open-calls.ts";
import { Screen, type Lane, type ScreenStream } from "./screen.ts";

export { Screen, type Lane, type ScreenOptions, type ScreenStream } from "./screen.ts";

const PREVIEW_LINES = 6;
const PREVIEW_CHARS = 500;

export function previewOf(text: string): string {
  text = text.trimEnd();
  const lines = text.slice(0, PREVIEW_CHARS).split("\n");
  const shown = lines.slice(0, PREVIEW_LINES).join("\n");
  const more = text.split("\n").length - Math.min(lines.length, PREVIEW_LINES);
  return more > 0 || text.length > PREVIEW_CHARS ? `${shown}\n… (${more > 0 ? `${more} more line${more === 1 ? "" : "s"}` : "more"})` : shown;
}

/** `clean` runs before the summary is cut short (a scrubber must see a secret whole). */
export function inputSummary(input: unknown, clean: (text: string) => string = (text) => text): string {
  if (typeof input === "string") return clean(input); // a tool's own summary of its call
  if (input && typeof input === "object") {
    const entries = Object.entries(input as Record<string, unknown>);
    if (entries.length === 1 && typeof entries[0]![1] === "string") return clean(entries[0]![1] as string);
  }
  const json = clean(JSON.stringify(input));
  return json.length > 200 ? `${json.slice(0, 200)}…` : json;
}

/**
 * `10 in, 5 out`; with prompt caching, "in" is the whole prompt and the cached part is named:
 * `10232 in (9800 cache read, 120 cache write), 56 out`. The API reports the three parts of the
 * input apart (input_tokens is only what was neither read nor written), so they are added up.
 */
function usageSummary(usage: Message["usage"]): string {
  const read = usage.cache_read_input_tokens ?? 0;
  const write = usage.cache_creation_input_tokens ?? 0;
  if (read === 0 && write === 0) return `${usage.input_tokens} in, ${usage.output_tokens} out`;
  return `${usage.input_tokens + read + write} in (${read} cache read, ${write} cache write), ${usage.output_tokens} out`;
}

export interface TerminalRendererOptions {
  /** Stream model text as it arrives (the REPL), or keep quiet about it (`--print`). */
  streamText?: boolean;
  /** Where this agent's lines go on the screen; children and teammates get theirs from their parent. */
  lane?: Lane;
}

export class TerminalRenderer implements Renderer {
  private readonly screen: Screen;
  private readonly lane: Lane;
  private readonly streamText: boolean;
  private readonly calls = new OpenCalls();

  /** On a stream, the renderer shares the stream's screen (`Screen.of`). */
  constructor(target: Screen | ScreenStream, options: TerminalRendererOptions = {}) {
    this.screen = target instanceof Screen ? target : Screen.of(target);
    this.lane = options.lane ?? this.screen.lane();
    this.streamText = options.streamText ?? true;
  }

  private get c() {
    return this.screen.palette;
  }

  private line(text: string, tag?: object): void {
    this.screen.line(this.lane, text, tag);
  }

  modelStart(): void {
    this.screen.wait(this.lane, true);
  }

  text(delta: string): void {
    this.screen.wait(this.lane, false);
    if (delta === "") this.screen.endLine(this.lane);
    else if (this.streamText) this.screen.text(this.lane, delta);
  }

  modelEnd(response: Message): void {
    this.screen.wait(this.lane, false);
    this.screen.endLine(this.lane);
    this.line(this.c.dim(`  [tokens: ${usageSummary(response.usage)}]`));
  }

  toolCall(name: string, input: unknown, id?: string): void {
    const summary = inputSummary(input, this.screen.scrub);
    const call = this.calls.add(name, summary, id);
    this.line(`${this.c.cyan("⏺")} ${this.c.bold(name)} ${this.c.dim(summary)}`, call);
  }

  toolResult(name: string, outcome: ToolOutcome, id?: string): void {
    const call = this.calls.take(name, id);
    // Right under its own call the result needs no label; anywhere else it names its call.
    const label = this.screen.isLast(call) ? "" : `[${call.label}] `;
    const color = outcome.isError ? this.c.red : this.c.dim;
    // Scrub before the preview cuts, so a cut never leaves half a secret on screen.
    const shown = outcome.display !== undefined ? this.screen.scrub(outcome.display) : previewOf(this.screen.scrub(outcome.content));
    const body = shown.split("\n").map((l, i) => `  ⎿ ${i === 0 ? label : ""}${l}`).join("\n");
    this.line(color(body));
  }

  notice(text: string): void {
    this.line(this.c.yellow(`● ${text}`));
  }

  error(text: string): void {
    this.line(this.c.red(`✗ ${text}`));
  }

  status(text?: string): void {
    this.screen.status(this.lane, text);
  }

  child(label: string): Renderer {
    this.line(this.c.magenta(`↳ ${label}`));
    return new TerminalRenderer(this.screen, { streamText: this.streamText, lane: this.screen.childLane(this.lane, label) });
  }

  teammate(name: string): Renderer {
    return new TerminalRenderer(this.screen, { streamText: this.streamText, lane: this.screen.teammateLane(this.lane, name) });
  }
}
