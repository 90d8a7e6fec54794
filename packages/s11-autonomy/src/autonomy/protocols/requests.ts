/**
 * REQUESTS THAT GET AN ANSWER. A message says something; a request asks for a yes or a no,
 * and the asker must be able to tell which answer belongs to which question. So every request
 * gets an id, the id travels in the mail both ways, and a table here remembers each request
 * until it is answered — once, and only by the agent it was sent to:
 *
 *   lead ── shutdown_request (request_id: req-1) ──► alice
 *   lead ◄── shutdown_response (approve: true, request_id: req-1) ── alice
 *
 *   alice ── plan_approval_request (request_id: req-2) ──► lead
 *   alice ◄── plan_approval_response (approve: false, feedback, request_id: req-2) ── lead
 *
 * The ids are a plain counter (req-1, req-2, …), not random: teammates live in the lead's
 * process, so one `Requests` serves the whole team and no two agents can make the same id.
 * A counter also keeps a walkthrough the same from run to run. The table lives in memory for
 * the same reason: when the session ends, so does every teammate that could answer.
 */
import { ToolError } from "@learn/core";
import type { Mailboxes } from "@learn/s10";

export type RequestKind = "shutdown" | "plan";

export interface ProtocolRequest {
  /** "req-1": in the text of every mail about it, as `request_id: req-1`. */
  id: string;
  kind: RequestKind;
  /** Who asked (and gets the answer). */
  from: string;
  /** Who must answer. */
  to: string;
  status: "pending" | "approved" | "rejected";
  /** What was asked: the plan, or why the lead asks for a shutdown. */
  body: string;
  /** The note sent with the answer (a reason, feedback), once answered. */
  answer?: string;
}

/** Each kind's mail types, and what the note of its answer is called. */
const PROTOCOLS: Record<RequestKind, { request: string; response: string; note: string }> = {
  shutdown: { request: "shutdown_request", response: "shutdown_response", note: "reason" },
  plan: { request: "plan_approval_request", response: "plan_approval_response", note: "feedback" },
};

/** The line that ties a mail to its request. */
export function requestIdLine(id: string): string {
  return `request_id: ${id}`;
}

export class Requests {
  private readonly all = new Map<string, ProtocolRequest>();
  private count = 0;

  constructor(private readonly mailboxes: Mailboxes) {}

  /** Ask `to` something: record the request, then mail it (the body, then its request_id line). */
  async open(kind: RequestKind, from: string, to: string, body: string): Promise<ProtocolRequest> {
    if (from === to) throw new ToolError(`${from} cannot send a request to itself.`);
    this.mailboxes.fileOf(to); // a bad name fails here, before it costs an id
    const request: ProtocolRequest = { id: `req-${++this.count}`, kind, from, to, status: "pending", body };
    // Recorded before it is sent: the answer may come back before `send` returns here.
    this.all.set(request.id, request);
    const content = `${body.trimEnd()}\n${requestIdLine(request.id)}`;
    await this.send(to, PROTOCOLS[kind].request, from, content, () => this.all.delete(request.id));
    return { ...request };
  }

  /** Answer request `id` as `from`: checked, marked, and the answer mailed to whoever asked. */
  async answer(id: string, from: string, approve: boolean, note?: string): Promise<ProtocolRequest> {
    const request = this.answerable(id, from);
    // Marked before the mail goes out, so a second answer in the meantime is refused.
    request.status = approve ? "approved" : "rejected";
    if (note) request.answer = note;
    const lines = [`approve: ${approve}`, ...(note ? [`${PROTOCOLS[request.kind].note}: ${note}`] : []), requestIdLine(id)];
    await this.send(request.from, PROTOCOLS[request.kind].response, from, lines.join("\n"), () => {
      request.status = "pending";
      delete request.answer;
    });
    return { ...request };
  }

  /** `/clear`: the teammates that could answer are ended; forget their requests, count from req-1 again. */
  clear(): void {
    this.all.clear();
    this.count = 0;
  }

  /** A copy of request `id`, if there is one. */
  get(id: string): ProtocolRequest | undefined {
    const request = this.all.get(id);
    return request && { ...request };
  }

  /** The requests waiting for `name`'s answer, oldest first. */
  pendingFor(name: string): ProtocolRequest[] {
    return [...this.all.values()].filter((r) => r.to === name && r.status === "pending").map((r) => ({ ...r }));
  }

  /** The request `from` may answer now, or a ToolError that says why not. */
  private answerable(id: string, from: string): ProtocolRequest {
    const request = this.all.get(id);
    if (!request) throw new ToolError(`No request ${JSON.stringify(id)}. ${this.describeOpen()}`);
    if (request.status !== "pending") throw new ToolError(`${id} was already answered (${request.status}).`);
    if (request.to !== from) throw new ToolError(`${id} was sent to ${request.to}, not to ${from}.`);
    return request;
  }

  /** "Open requests: req-1 (shutdown, lead → alice), …" or that there are none. */
  private describeOpen(): string {
    const open = [...this.all.values()].filter((r) => r.status === "pending");
    if (open.length === 0) return "No request is open.";
    return `Open requests: ${open.map((r) => `${r.id} (${r.kind}, ${r.from} → ${r.to})`).join(", ")}.`;
  }

  /** Mail it; if that fails, `undo` first, so the table never says what the mailboxes do not. */
  private async send(to: string, type: string, from: string, content: string, undo: () => void): Promise<void> {
    try {
      await this.mailboxes.send(to, { type, from, content });
    } catch (err) {
      undo();
      throw err;
    }
  }
}
