/**
 * A running process's output, as text: decoded, kept up to a cap, and handed on as it arrives.
 *
 * Bytes arrive in chunks of whatever size the pipe gives, and a multi-byte UTF-8 character
 * (é, 中, an emoji) can be split between two chunks. Decoding each chunk on its own turns
 * both halves into U+FFFD; a StringDecoder per stream holds the first half back until the
 * rest arrives.
 *
 * Known secrets are scrubbed here, as the output is decoded (a SecretStream per stream, so a
 * secret split between two chunks is still caught): whoever reads a child's output — a
 * tool's result, a hook's answer, a background job's log (`onOutput`) — gets it without them.
 */
import { StringDecoder } from "node:string_decoder";
import { SecretStream } from "./secret-stream.ts";

export type StreamName = "stdout" | "stderr";

export interface OutputLimits {
  /** Characters kept of the merged output, and of stderr alone. */
  maxChars: number;
  /** Characters kept of stdout alone (larger for a caller that parses the whole stream). */
  maxStdoutChars: number;
  /** Called with each decoded piece of output as it arrives. */
  onOutput?: (text: string, stream: StreamName) => void;
}

/** Append `text` to `kept` up to `max` characters; return what was kept and how much was not. */
function keep(kept: string, text: string, max: number): [string, number] {
  const room = Math.max(0, max - kept.length);
  return room >= text.length ? [kept + text, 0] : [kept + text.slice(0, room), text.length - room];
}

export class OutputCollector {
  /** stdout and stderr merged in the order they arrived, up to maxChars. */
  output = "";
  stdout = "";
  stderr = "";
  /** Characters of the merged output dropped beyond maxChars. */
  droppedChars = 0;
  private readonly decoders = { stdout: new StringDecoder("utf8"), stderr: new StringDecoder("utf8") };
  private readonly scrubbers = { stdout: new SecretStream(), stderr: new SecretStream() };
  private readonly ended = { stdout: false, stderr: false };

  constructor(private readonly limits: OutputLimits) {}

  /** Bytes arrived on `stream`. */
  add(stream: StreamName, chunk: Buffer): void {
    if (!this.ended[stream]) this.take(stream, this.scrubbers[stream].push(this.decoders[stream].write(chunk)));
  }

  /** `stream` is over: whatever its decoder still holds is an incomplete character, kept as U+FFFD. */
  end(stream: StreamName): void {
    if (this.ended[stream]) return;
    this.ended[stream] = true;
    this.take(stream, this.scrubbers[stream].push(this.decoders[stream].end()) + this.scrubbers[stream].end());
  }

  private take(stream: StreamName, text: string): void {
    if (text === "") return;
    this.limits.onOutput?.(text, stream);
    let dropped: number;
    [this.output, dropped] = keep(this.output, text, this.limits.maxChars);
    this.droppedChars += dropped;
    [this[stream]] = keep(this[stream], text, stream === "stdout" ? this.limits.maxStdoutChars : this.limits.maxChars);
  }
}
