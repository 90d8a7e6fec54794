/**
 * A renderer that remembers what it was told: tests assert on what the user would see.
 *
 * Each child (a subagent) and teammate records into its own renderer, reachable by its label
 * or name (`childNamed("explore")`, `teammateNamed("alice")`), so a test asserts on one agent
 * at a time. The whole family also shares one `log` that says who said what, in order:
 * `{ who: ["alice"], event }` for a teammate, `[]` for the renderer the test made.
 */
import type { Message } from "../runtime/protocol.ts";
import type { ToolOutcome } from "../runtime/tool.ts";
import type { Renderer } from "../runtime/renderer.ts";

export type RenderEvent =
  | { kind: "text"; text: string }
  | { kind: "modelEnd"; stopReason: string | null }
  | { kind: "toolCall"; name: string; input: unknown; id?: string }
  | { kind: "toolResult"; name: string; outcome: ToolOutcome; id?: string }
  | { kind: "notice"; text: string }
  | { kind: "error"; text: string }
  | { kind: "status"; text: string | undefined }
  | { kind: "child"; label: string }
  | { kind: "teammate"; name: string };

/** One event and the agent that reported it: the labels/names from the top renderer down. */
export interface SaidEvent {
  who: string[];
  event: RenderEvent;
}

export class RecordingRenderer implements Renderer {
  /** This renderer's own events; its children's are in their own renderers. */
  readonly events: RenderEvent[] = [];
  /** Every event of this renderer's family, in order, with who reported it. */
  readonly log: SaidEvent[];
  private readonly children: { kind: "child" | "teammate"; name: string; renderer: RecordingRenderer }[] = [];

  constructor(
    private readonly prefix = "",
    /** Where this renderer sits in its family (empty for the one a test makes). */
    readonly who: string[] = [],
    log: SaidEvent[] = [],
  ) {
    this.log = log;
  }

  private record(event: RenderEvent): void {
    this.events.push(event);
    this.log.push({ who: this.who, event });
  }

  modelStart(): void {}
  text(delta: string): void {
    if (delta) this.record({ kind: "text", text: delta });
  }
  modelEnd(response: Message): void {
    this.record({ kind: "modelEnd", stopReason: response.stop_reason });
  }
  toolCall(name: string, input: unknown, id?: string): void {
    this.record({ kind: "toolCall", name, input, ...(id === undefined ? {} : { id }) });
  }
  toolResult(name: string, outcome: ToolOutcome, id?: string): void {
    this.record({ kind: "toolResult", name, outcome, ...(id === undefined ? {} : { id }) });
  }
  notice(text: string): void {
    this.record({ kind: "notice", text: this.prefix + text });
  }
  error(text: string): void {
    this.record({ kind: "error", text: this.prefix + text });
  }
  status(text?: string): void {
    this.record({ kind: "status", text });
  }
  child(label: string): RecordingRenderer {
    this.record({ kind: "child", label });
    return this.adopt("child", label);
  }
  teammate(name: string): RecordingRenderer {
    this.record({ kind: "teammate", name });
    return this.adopt("teammate", name);
  }

  /** The renderer of the child made last with this label. */
  childNamed(label: string): RecordingRenderer {
    return this.find("child", label);
  }

  /** The renderer of the teammate made last with this name. */
  teammateNamed(name: string): RecordingRenderer {
    return this.find("teammate", name);
  }

  ofKind<K extends RenderEvent["kind"]>(kind: K): Extract<RenderEvent, { kind: K }>[] {
    return this.events.filter((e): e is Extract<RenderEvent, { kind: K }> => e.kind === kind);
  }

  /** The model text this renderer was sent, joined. */
  textOf(): string {
    return this.ofKind("text").map((e) => e.text).join("");
  }

  private adopt(kind: "child" | "teammate", name: string): RecordingRenderer {
    const renderer = new RecordingRenderer(this.prefix, [...this.who, name], this.log);
    this.children.push({ kind, name, renderer });
    return renderer;
  }

  private find(kind: "child" | "teammate", name: string): RecordingRenderer {
    const found = this.children.findLast((c) => c.kind === kind && c.name === name);
    if (!found) {
      const known = this.children.filter((c) => c.kind === kind).map((c) => c.name);
      const made = known.length ? known.join(", ") : "none";
      throw new Error(`No ${kind} "${name}" was made (${kind === "child" ? "children" : "teammates"} made: ${made}).`);
    }
    return found.renderer;
  }
}
