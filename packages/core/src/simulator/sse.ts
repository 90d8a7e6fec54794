/**
 * A finished `Message` replayed as the server-sent events the real API streams: the message
 * shell first, then each block opened, filled in small deltas and closed, then the stop reason
 * and final usage. The SDK's `messages.stream()` rebuilds the message from these events, so
 * a streamed turn ends up equal to the same turn answered in one piece.
 */
import type Anthropic from "@anthropic-ai/sdk";
import type { ContentBlock, Message } from "../runtime/protocol.ts";

type StreamEvent = Anthropic.RawMessageStreamEvent | { type: "ping" };

/** How many deltas a block is cut into: enough to exercise incremental rendering. */
const DELTA_CHUNKS = 3;

/** Split text into at most `count` pieces, never inside a character (code points, not UTF-16 units). */
function chunks(text: string, count = DELTA_CHUNKS): string[] {
  const chars = Array.from(text);
  const size = Math.max(1, Math.ceil(chars.length / count));
  const pieces: string[] = [];
  for (let i = 0; i < chars.length; i += size) pieces.push(chars.slice(i, i + size).join(""));
  return pieces;
}

function blockEvents(block: ContentBlock, index: number): StreamEvent[] {
  if (block.type === "text") {
    return [
      { type: "content_block_start", index, content_block: { ...block, text: "" } },
      ...chunks(block.text).map((text): StreamEvent => ({ type: "content_block_delta", index, delta: { type: "text_delta", text } })),
      { type: "content_block_stop", index },
    ];
  }
  if (block.type === "tool_use") {
    // The input arrives as pieces of its JSON text; the client parses it once complete.
    return [
      { type: "content_block_start", index, content_block: { ...block, input: {} } },
      ...chunks(JSON.stringify(block.input)).map(
        (partial_json): StreamEvent => ({ type: "content_block_delta", index, delta: { type: "input_json_delta", partial_json } }),
      ),
      { type: "content_block_stop", index },
    ];
  }
  throw new Error(`the simulator does not stream ${block.type} blocks`);
}

export function streamEvents(message: Message): StreamEvent[] {
  // The shell carries the input usage; output tokens are only known at the end.
  const shell: Message = {
    ...message,
    content: [],
    stop_reason: null,
    stop_sequence: null,
    usage: { ...message.usage, output_tokens: 1 },
  };
  return [
    { type: "message_start", message: shell },
    { type: "ping" },
    ...message.content.flatMap(blockEvents),
    {
      type: "message_delta",
      delta: { stop_reason: message.stop_reason, stop_sequence: message.stop_sequence, stop_details: null, container: null },
      usage: {
        input_tokens: message.usage.input_tokens,
        output_tokens: message.usage.output_tokens,
        cache_creation_input_tokens: message.usage.cache_creation_input_tokens,
        cache_read_input_tokens: message.usage.cache_read_input_tokens,
        output_tokens_details: null,
        server_tool_use: null,
      },
    },
    { type: "message_stop" },
  ];
}

/** The wire format: `event: <type>` and `data: <json>` lines, a blank line between events. */
export function sseStream(events: StreamEvent[]): ReadableStream<Uint8Array> {
  const encoder = new TextEncoder();
  const queue = events.map((event) => encoder.encode(`event: ${event.type}\ndata: ${JSON.stringify(event)}\n\n`));
  // One event per read, so a client sees them arrive one by one, as over a network.
  return new ReadableStream({
    pull(controller) {
      const next = queue.shift();
      if (next) controller.enqueue(next);
      else controller.close();
    },
  });
}
