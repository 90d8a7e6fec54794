/**
 * A local Messages API endpoint that answers every request with the same short text, streamed
 * or not as the request asks. For the start-up benchmark: it times start to exit of one round,
 * so every harness must get the same answer at once, and what is in the request does not
 * matter — Claude Code's requests carry fields the course's simulator rightly refuses
 * (`context_management`, mid-conversation `role: "system"` turns), which would time its retries
 * instead of its start.
 */
import http from "node:http";
import type { AddressInfo } from "node:net";

export interface FixedEndpoint {
  url: string;
  /** How many requests arrived (a harness that sends more than one round's worth shows here). */
  requests: () => number;
  close: () => Promise<void>;
}

function message(text: string) {
  return { id: "msg_fixed", type: "message", role: "assistant", model: "fixed-answer", content: [{ type: "text", text }], stop_reason: "end_turn", stop_sequence: null, usage: { input_tokens: 1, output_tokens: 1 } };
}

/** The server-sent events of one streamed text answer. */
function streamed(text: string): string {
  const { content: _content, stop_reason: _stop, ...start } = message(text);
  const events: [string, unknown][] = [
    ["message_start", { type: "message_start", message: { ...start, content: [], stop_reason: null } }],
    ["content_block_start", { type: "content_block_start", index: 0, content_block: { type: "text", text: "" } }],
    ["content_block_delta", { type: "content_block_delta", index: 0, delta: { type: "text_delta", text } }],
    ["content_block_stop", { type: "content_block_stop", index: 0 }],
    ["message_delta", { type: "message_delta", delta: { stop_reason: "end_turn", stop_sequence: null }, usage: { output_tokens: 1 } }],
    ["message_stop", { type: "message_stop" }],
  ];
  return events.map(([event, data]) => `event: ${event}\ndata: ${JSON.stringify(data)}\n\n`).join("");
}

export async function serveFixedAnswer(text: string): Promise<FixedEndpoint> {
  let count = 0;
  const server = http.createServer(async (req, res) => {
    let body = "";
    for await (const chunk of req) body += chunk;
    count++;
    let stream = false;
    try {
      stream = (JSON.parse(body) as { stream?: boolean }).stream === true;
    } catch {
      // not JSON: answered like any other request
    }
    if (stream) {
      res.writeHead(200, { "content-type": "text/event-stream" });
      res.end(streamed(text));
    } else {
      res.writeHead(200, { "content-type": "application/json" });
      res.end(JSON.stringify(message(text)));
    }
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  return { url: `http://127.0.0.1:${port}`, requests: () => count, close: () => new Promise((resolve) => server.close(() => resolve())) };
}
