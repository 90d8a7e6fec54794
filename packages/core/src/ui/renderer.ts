/**
 * What the user sees while an agent works. Agents report events here and never write to the
 * terminal themselves, so the same agent runs in the REPL, in `--print`, in a test (a
 * recording renderer) and as an indented child (a subagent) without a change.
 */
import type { Message } from "../protocol.ts";
import type { ToolOutcome } from "../tool.ts";
import { paletteFor, type Palette } from "./colors.ts";
import { Spinner } from "./spinner.ts";

export interface Renderer {
  /** A model call starts: show that we are waiting. */
  modelStart(): void;
  /** A piece of streamed text from the model. */
  text(delta: string): void;
  /** The model call finished. */
  modelEnd(response: Message): void;
  toolCall(name: string, input: unknown): void;
  toolResult(name: string, outcome: ToolOutcome): void;
  /** Something the harness wants the user to know (a stop reason, a retry, a compaction). */
  notice(text: string): void;
  error(text: string): void;
  /** A renderer for a child agent, shown indented under this one. */
  child(label: string): Renderer;
}

const PREVIEW_LINES = 6;
const PREVIEW_CHARS = 500;

export function previewOf(text: string): string {
  text = text.trimEnd();
  const lines = text.slice(0, PREVIEW_CHARS).split("\n");
  const shown = lines.slice(0, PREVIEW_LINES).join("\n");
  const more = text.split("\n").length - Math.min(lines.length, PREVIEW_LINES);
  return more > 0 || text.length > PREVIEW_CHARS ? `${shown}\n… (${more > 0 ? `${more} more lines` : "more"})` : shown;
}

export function inputSummary(input: unknown): string {
  if (input && typeof input === "object") {
    const entries = Object.entries(input as Record<string, unknown>);
    if (entries.length === 1 && typeof entries[0]![1] === "string") return entries[0]![1] as string;
  }
  const json = JSON.stringify(input);
  return json.length > 200 ? `${json.slice(0, 200)}…` : json;
}

export interface TerminalRendererOptions {
  /** Stream model text as it arrives (the REPL), or keep quiet about it (`--print`). */
  streamText?: boolean;
  palette?: Palette;
  indent?: string;
}

export class TerminalRenderer implements Renderer {
  private readonly c: Palette;
  private readonly spinner: Spinner;
  private readonly streamText: boolean;
  private readonly indent: string;
  private midLine = false;

  constructor(
    private readonly out: NodeJS.WritableStream & { isTTY?: boolean },
    options: TerminalRendererOptions = {},
  ) {
    this.c = options.palette ?? paletteFor(out);
    this.spinner = new Spinner(out);
    this.streamText = options.streamText ?? true;
    this.indent = options.indent ?? "";
  }

  private line(text: string): void {
    this.endLine();
    const body = text.split("\n").map((l) => this.indent + l).join("\n");
    this.out.write(`${body}\n`);
  }

  private endLine(): void {
    if (this.midLine) this.out.write("\n");
    this.midLine = false;
  }

  modelStart(): void {
    this.spinner.start(this.c.dim("thinking…"));
  }

  text(delta: string): void {
    this.spinner.stop();
    if (!this.streamText || delta === "") return;
    const start = this.midLine ? "" : this.indent;
    this.out.write(start + delta.replaceAll("\n", `\n${this.indent}`));
    this.midLine = !delta.endsWith("\n");
  }

  modelEnd(response: Message): void {
    this.spinner.stop();
    this.endLine();
    const { input_tokens, output_tokens } = response.usage;
    this.line(this.c.dim(`  [tokens: ${input_tokens} in, ${output_tokens} out]`));
  }

  toolCall(name: string, input: unknown): void {
    this.line(`${this.c.cyan("⏺")} ${this.c.bold(name)} ${this.c.dim(inputSummary(input))}`);
  }

  toolResult(_name: string, outcome: ToolOutcome): void {
    const color = outcome.isError ? this.c.red : this.c.dim;
    const body = previewOf(outcome.content).split("\n").map((l) => `  ⎿ ${l}`).join("\n");
    this.line(color(body));
  }

  notice(text: string): void {
    this.spinner.stop();
    this.line(this.c.yellow(`● ${text}`));
  }

  error(text: string): void {
    this.spinner.stop();
    this.line(this.c.red(`✗ ${text}`));
  }

  child(label: string): Renderer {
    this.line(this.c.magenta(`↳ ${label}`));
    return new TerminalRenderer(this.out, { streamText: this.streamText, palette: this.c, indent: `${this.indent}    ` });
  }
}

/** A renderer that shows nothing (benchmarks, and agents nobody watches). */
export const silentRenderer: Renderer = {
  modelStart() {},
  text() {},
  modelEnd() {},
  toolCall() {},
  toolResult() {},
  notice() {},
  error() {},
  child() {
    return silentRenderer;
  },
};
