/** A renderer that remembers what it was told: tests assert on what the user would see. */
import type { Message } from "../protocol.ts";
import type { ToolOutcome } from "../tool.ts";
import type { Renderer } from "../ui/renderer.ts";

export type RenderEvent =
  | { kind: "text"; text: string }
  | { kind: "modelEnd"; stopReason: string | null }
  | { kind: "toolCall"; name: string; input: unknown }
  | { kind: "toolResult"; name: string; outcome: ToolOutcome }
  | { kind: "notice"; text: string }
  | { kind: "error"; text: string }
  | { kind: "child"; label: string };

export class RecordingRenderer implements Renderer {
  readonly events: RenderEvent[] = [];

  constructor(private readonly prefix = "") {}

  modelStart(): void {}
  text(delta: string): void {
    if (delta) this.events.push({ kind: "text", text: delta });
  }
  modelEnd(response: Message): void {
    this.events.push({ kind: "modelEnd", stopReason: response.stop_reason });
  }
  toolCall(name: string, input: unknown): void {
    this.events.push({ kind: "toolCall", name, input });
  }
  toolResult(name: string, outcome: ToolOutcome): void {
    this.events.push({ kind: "toolResult", name, outcome });
  }
  notice(text: string): void {
    this.events.push({ kind: "notice", text: this.prefix + text });
  }
  error(text: string): void {
    this.events.push({ kind: "error", text: this.prefix + text });
  }
  child(label: string): Renderer {
    this.events.push({ kind: "child", label });
    return this;
  }

  ofKind<K extends RenderEvent["kind"]>(kind: K): Extract<RenderEvent, { kind: K }>[] {
    return this.events.filter((e): e is Extract<RenderEvent, { kind: K }> => e.kind === kind);
  }
}
